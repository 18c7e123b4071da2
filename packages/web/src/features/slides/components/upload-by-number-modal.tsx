import { Form, Input, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseLimits, UploadType, requiredSlideNumberSchema } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/form-rules';
import { useUploadForNumber } from '../api/upload-for-number';

interface UploadByNumberValues {
  strDiagnosistNum: string;
  iUploadType: typeof UploadType.Batch | typeof UploadType.Single;
}

/**
 * Slides scanned before their case exists (spec §4 "Slides": unmatched until numbers match): the
 * doctor gives the pathology number, and the upload queue takes the slides for it. They are
 * matched to the case of that number later (match, or when the case is created and matched).
 * When the doctor already has a case of that number, the slides go to the case itself (its
 * slides' names refused at once, as in its Slide files tab), and the panel says so; a case that
 * was submitted is said here, before anything is chosen.
 * Dialog `slide-upload-number-modal`, button `slide-upload-number-submit`.
 */
export function UploadByNumberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('slides');
  const { t: tu } = useTranslation('upload');
  const [form] = Form.useForm<UploadByNumberValues>();
  const uploadForNumber = useUploadForNumber();

  const [checking, setChecking] = useState(false);
  // Bumped by each submit, by Cancel and when the screen goes: an answer that arrives after the
  // doctor cancelled or left must not open the queue over wherever they are now.
  const attempt = useRef(0);
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );
  const cancel = () => {
    attempt.current += 1;
    onClose();
  };

  async function handleFinish(values: UploadByNumberValues) {
    const mine = (attempt.current += 1);
    setChecking(true);
    try {
      const result = await uploadForNumber(values.strDiagnosistNum.trim(), values.iUploadType, {
        stillWanted: () => attempt.current === mine,
      });
      if (result.opened) {
        onClose();
      } else if (result.reason === 'locked') {
        form.setFields([
          { name: 'strDiagnosistNum', errors: [tu('panel.caseLocked', { num: result.num })] },
        ]);
      }
    } catch {
      // The API client showed why; the dialog stays for another try.
    } finally {
      setChecking(false);
    }
  }

  return (
    <FormModal<UploadByNumberValues>
      open={open}
      title={t('uploadByNumber.title')}
      onCancel={cancel}
      okText={t('uploadByNumber.ok')}
      cancelText={t('uploadByNumber.cancel')}
      submit={{ testId: 'slide-upload-number-submit', loading: checking }}
      form={form}
      formProps={{
        name: 'slideUploadNumber',
        initialValues: { strDiagnosistNum: '', iUploadType: UploadType.Batch },
        onFinish: (values) => void handleFinish(values),
      }}
    >
      <div data-testid="slide-upload-number-modal">
        <Form.Item
          name="strDiagnosistNum"
          label={t('fields.number')}
          required
          extra={t('uploadByNumber.numberHint')}
          rules={[zodRule(requiredSlideNumberSchema)]}
        >
          <Input autoFocus maxLength={CaseLimits.diagnosisNumMax} showCount />
        </Form.Item>
        <Form.Item name="iUploadType" label={t('uploadByNumber.mode')}>
          <Radio.Group
            options={[
              { value: UploadType.Batch, label: t('uploadByNumber.batch') },
              { value: UploadType.Single, label: t('uploadByNumber.single') },
            ]}
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}
