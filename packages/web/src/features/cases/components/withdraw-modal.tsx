import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { patientWithdrawSchema, type PatientListItem } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useWithdrawCase } from '../api/cases';

interface WithdrawModalProps {
  /** The case to withdraw; null keeps the dialog closed. */
  target: PatientListItem | null;
  onClose: () => void;
}

/**
 * Withdraw a submitted case before the expert has viewed it (back/withdrawPatient), with the
 * required reason. The server refuses once an expert opened it; that is said and the list is
 * refreshed. The dialog is `case-withdraw-modal`, its button `case-withdraw-submit`.
 */
export function WithdrawModal({ target, onClose }: WithdrawModalProps) {
  const { t } = useTranslation('cases');
  const [form] = Form.useForm<{ strReason: string }>();
  const withdraw = useWithdrawCase();

  function handleFinish(values: { strReason: string }) {
    if (!target) {
      return;
    }
    withdraw.mutate(
      { iPatientId: target.iPatientId, strReason: values.strReason.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('withdraw.done'));
          onClose();
        },
        onError: (error: ApiError) => {
          if (applyFieldErrors(form, error.fieldErrors)) {
            return;
          }
          showFailure(error, toastError, error.strMessage);
          // Viewed or moved meanwhile: the refreshed list no longer offers the action.
          onClose();
        },
      },
    );
  }

  return (
    <FormModal<{ strReason: string }>
      open={target !== null}
      title={t('withdraw.title', { num: target?.strDiagnosistNum ?? '' })}
      width={768}
      onCancel={onClose}
      okText={t('withdraw.submit')}
      cancelText={t('actions.cancel')}
      submit={{ testId: 'case-withdraw-submit', loading: withdraw.isPending, danger: true }}
      form={form}
      formProps={{ name: 'withdrawForm', onFinish: handleFinish }}
    >
      <div data-testid="case-withdraw-modal">
        <Alert type="info" showIcon title={t('withdraw.hint')} style={{ marginBottom: 16 }} />
        <Form.Item
          name="strReason"
          label={t('withdraw.reason')}
          required
          rules={[zodRule(patientWithdrawSchema.shape.strReason)]}
        >
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={200}
            showCount
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}
