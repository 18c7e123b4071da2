import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseLimits, UploadType, requiredSlideNumberSchema } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/form-rules';
import { useUploads } from '@/features/slide-upload/components/upload-context';

interface UploadByNumberValues {
  strDiagnosistNum: string;
  iUploadType: typeof UploadType.Batch | typeof UploadType.Single;
}

/**
 * Slides scanned before their case exists (spec §4 "Slides": unmatched until numbers match): the
 * doctor gives the pathology number, and the upload queue takes the slides for it. They are
 * matched to the case of that number later (match, or when the case is created and matched).
 * Dialog `slide-upload-number-modal`, button `slide-upload-number-submit`.
 */
export function UploadByNumberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('slides');
  const [form] = Form.useForm<UploadByNumberValues>();
  const { openPanel } = useUploads();

  function handleFinish(values: UploadByNumberValues) {
    onClose();
    openPanel({
      target: {
        iPatientId: null,
        strDiagnosistNum: values.strDiagnosistNum.trim(),
        strPatientName: '',
      },
      iUploadType: values.iUploadType,
      // The server refuses a name already used for this number; the queue shows its reason.
      uploadedNames: [],
    });
  }

  return (
    <FormModal<UploadByNumberValues>
      open={open}
      title={t('uploadByNumber.title')}
      onCancel={onClose}
      okText={t('uploadByNumber.ok')}
      cancelText={t('uploadByNumber.cancel')}
      submit={{ testId: 'slide-upload-number-submit', loading: false }}
      form={form}
      formProps={{
        name: 'slideUploadNumber',
        initialValues: { strDiagnosistNum: '', iUploadType: UploadType.Batch },
        onFinish: handleFinish,
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
          <Input autoFocus maxLength={CaseLimits.diagnosisNumMax} />
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
