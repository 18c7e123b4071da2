import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DiagnosisLimits, type ReportDto } from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { useApplyReportChange } from '../api/diagnosis';
import { whenValid } from '@/lib/form-rules';

export interface ReportRequestTarget {
  report: ReportDto;
  /** 0 modification, 1 supplementary opinion (ReportRequestKind). */
  kind: 0 | 1;
}

/** The doctor asks the expert to modify a signed report, or for the supplementary opinion. */
export function RequestModal({
  target,
  onClose,
}: {
  target: ReportRequestTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('diagnosis');
  const [form] = Form.useForm<{ strReason: string }>();
  const apply = useApplyReportChange();
  const send = (values: { strReason: string }) => {
    if (!target) {
      return;
    }
    apply.mutate(
      {
        iReportId: target.report.iReportId,
        ddKind: { iNumber: target.kind },
        strReason: values.strReason.trim(),
      },
      {
        onSuccess: () => {
          toastSuccess(t('apply.sent'));
          onClose();
        },
        onError: (error: ApiError) => {
          if (!applyFieldErrors(form, error.fieldErrors)) {
            showFailure(error, toastError, t('form.failed'));
            onClose();
          }
        },
      },
    );
  };
  return (
    <Modal
      open={target !== null}
      title={target ? t(`apply.title.${target.kind}`) : ''}
      width={768}
      onCancel={onClose}
      okText={t('apply.submit')}
      okButtonProps={{ loading: apply.isPending, ...{ 'data-testid': 'report-request-ok' } }}
      onOk={() => whenValid(form, send)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reportRequestForm" preserve={false}>
        <Form.Item
          name="strReason"
          label={t('apply.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: serverText('validation.diagnosis.reason'),
            },
          ]}
        >
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={DiagnosisLimits.reasonMax}
            showCount
            data-testid="report-request-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
