import { Form, Input, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CaseLimits,
  UploadType,
  requiredSlideNumberSchema,
  type CaseByNumber,
} from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import { api } from '@/lib/api-client';
import { zodRule } from '@/lib/form-rules';
import { fetchCaseSlides } from '@/features/case-detail/api/case-slides';
import { fetchUnmatchedOfNumber } from '@/features/case-detail/api/waiting-slides';
import {
  blockingNames,
  caseUploadRequest,
  failedNames,
} from '@/features/case-detail/utils/imagery';
import { useUploads } from '@/features/slide-upload/components/upload-context';

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
  const { openPanel } = useUploads();

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
    const num = values.strDiagnosistNum.trim();
    const mine = (attempt.current += 1);
    const stillWanted = () => attempt.current === mine;
    setChecking(true);
    try {
      const { patient } = await api.get<CaseByNumber>('slideDocument/getCaseByNumber', {
        query: { strDiagnosistNum: num },
      });
      if (!stillWanted()) {
        return;
      }
      if (patient && !patient.bTakesSlides) {
        form.setFields([
          {
            name: 'strDiagnosistNum',
            errors: [tu('panel.caseLocked', { num: patient.strDiagnosistNum })],
          },
        ]);
        return;
      }
      const slides = patient
        ? await fetchCaseSlides(patient.iPatientId)
        : { listSlideDocument: (await fetchUnmatchedOfNumber(num)).listPage };
      if (!stillWanted()) {
        return;
      }
      onClose();
      openPanel(
        patient
          ? {
              ...caseUploadRequest(patient, values.iUploadType, slides.listSlideDocument),
              foundByNumber: true,
            }
          : {
              target: { iPatientId: null, strDiagnosistNum: num, strPatientName: '' },
              iUploadType: values.iUploadType,
              // Names the number's slides hold are refused when chosen, as a case's are (the
              // server refuses them too, but only once the queue is started).
              uploadedNames: blockingNames(slides.listSlideDocument),
              failedNames: failedNames(slides.listSlideDocument),
            },
      );
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
