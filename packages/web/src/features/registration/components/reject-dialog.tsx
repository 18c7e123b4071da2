import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  rejectRegistrationSchema,
  RegistrationRules,
  type RegistrationDto,
} from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useRejectRegistration } from '../api/registration';

/**
 * Refusing needs a reason, which the applicant reads at login; the dialog is the confirmation
 * (it cannot be undone). Modal `registration-reject-modal`, reason `#rejectForm_strReason`,
 * button `registration-reject-submit`.
 */
export function RejectDialog({
  registration,
  onClose,
}: {
  registration: RegistrationDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('registration');
  const [form] = Form.useForm<{ strReason: string }>();
  const reject = useRejectRegistration();

  function handleError(error: ApiError) {
    if (applyFieldErrors(form, error.fieldErrors)) {
      return;
    }
    if (!error.shown) {
      toastError(error.strMessage);
    }
    if (error.strErrorCode === 'REGISTRATION_NOT_PENDING' || error.strErrorCode === 'NOT_FOUND') {
      onClose();
    }
  }

  function handleFinish({ strReason }: { strReason: string }) {
    if (!registration) {
      return;
    }
    reject.mutate(
      { iUserId: registration.iUserId, strReason: strReason.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('reject.done', { name: registration.strUserName }));
          onClose();
        },
        onError: handleError,
      },
    );
  }

  return (
    <FormModal
      open={registration !== null}
      title={t('reject.title', { name: registration?.strUserName ?? '' })}
      onCancel={onClose}
      okText={t('reject.ok')}
      submit={{ testId: 'registration-reject-submit', loading: reject.isPending, danger: true }}
      form={form}
      formProps={{ name: 'rejectForm', onFinish: handleFinish }}
    >
      <div data-testid="registration-reject-modal">
        <p>{t('reject.content')}</p>
        <Form.Item
          name="strReason"
          label={t('reject.reason')}
          required
          rules={[zodRule(rejectRegistrationSchema.shape.strReason)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={RegistrationRules.reasonMaxLength}
            showCount
            autoFocus
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}
