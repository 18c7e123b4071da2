import { Descriptions, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HospitalOption, RegistrationDto } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { requiredRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useApproveRegistration } from '../api/registration';
import { defaultPlacement, placementOptions } from '../utils/review';

interface ApproveDialogProps {
  registration: RegistrationDto | null;
  hospitals: HospitalOption[];
  hospitalsLoading: boolean;
  onClose: () => void;
}

/**
 * Approving is the confirmation step itself: who, which role, and at which hospital the account
 * will be (prefilled with the one applied for). Modal `registration-approve-modal`, hospital
 * `#approveForm_iHospitalId`, button `registration-approve-submit`.
 */
export function ApproveDialog({
  registration,
  hospitals,
  hospitalsLoading,
  onClose,
}: ApproveDialogProps) {
  const { t } = useTranslation(['registration', 'common']);
  const [form] = Form.useForm<{ iHospitalId?: number }>();
  const approve = useApproveRegistration();

  function handleError(error: ApiError) {
    if (applyFieldErrors(form, error.fieldErrors)) {
      return;
    }
    if (error.strErrorCode === 'ROLE_NOT_ALLOWED') {
      form.setFields([{ name: 'iHospitalId', errors: [error.strMessage] }]);
      return;
    }
    if (!error.shown) {
      toastError(error.strMessage);
    }
    // Reviewed meanwhile or gone: the list shows what it is now.
    if (error.strErrorCode === 'REGISTRATION_NOT_PENDING' || error.strErrorCode === 'NOT_FOUND') {
      onClose();
    }
  }

  function handleFinish({ iHospitalId }: { iHospitalId?: number }) {
    if (!registration) {
      return;
    }
    approve.mutate(
      { iUserId: registration.iUserId, iHospitalId },
      {
        onSuccess: () => {
          toastSuccess(t('approve.done', { name: registration.strUserName }));
          onClose();
        },
        onError: handleError,
      },
    );
  }

  return (
    <FormModal
      open={registration !== null}
      title={t('approve.title', { name: registration?.strUserName ?? '' })}
      width={768}
      onCancel={onClose}
      okText={t('approve.ok')}
      submit={{ testId: 'registration-approve-submit', loading: approve.isPending }}
      form={form}
      formProps={{
        name: 'approveForm',
        initialValues: {
          iHospitalId: registration ? defaultPlacement(registration, hospitals) : undefined,
        },
        onFinish: handleFinish,
      }}
    >
      {registration && (
        <div data-testid="registration-approve-modal">
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('fields.realName')}>
              {registration.strRealName}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.role')}>
              <span data-testid="registration-approve-role">
                {t(`role.${registration.ddRoleType.iNumber}`, { ns: 'common' })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.appliedUnit')} span={2}>
              {registration.hospital?.strHospitalName ??
                `${registration.strUnitName ?? ''} (${t('list.unlisted')})`}
            </Descriptions.Item>
          </Descriptions>
          <Form.Item
            name="iHospitalId"
            label={t('approve.hospital')}
            required
            rules={[requiredRule()]}
            extra={t('approve.content')}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={hospitalsLoading}
              options={placementOptions(registration, hospitals)}
            />
          </Form.Item>
        </div>
      )}
    </FormModal>
  );
}
