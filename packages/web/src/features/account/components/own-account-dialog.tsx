import { Alert, Col, Descriptions, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleType, userFieldRules, type UserDto } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import { ProfileFields, type ProfileLabel } from '@/features/users/components/profile-fields';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveOwnAccount } from '../api/account';
import { ownAccountFailure } from '../utils/answers';
import {
  ownAccountBody,
  ownAccountFieldOf,
  ownAccountToForm,
  type OwnAccountValues,
} from '../utils/own-account';

/** Where the own-account form keeps the texts of the shared profile fields (`auth` namespace). */
const OWN_LABELS: Record<ProfileLabel, string> = {
  email: 'settings.email',
  sex: 'settings.sex',
  male: 'settings.sexMale',
  female: 'settings.sexFemale',
  idNumber: 'settings.idNumber',
  birthday: 'settings.birthday',
  province: 'settings.province',
  city: 'settings.city',
  address: 'settings.address',
  specialty: 'settings.specialty',
  intro: 'settings.intro',
};

interface OwnAccountDialogProps {
  open: boolean;
  /** The account as getUserInfo answered it; undefined while loading. */
  user: UserDto | undefined;
  loading: boolean;
  loadFailed: boolean;
  onClose: () => void;
}

/**
 * Account settings: the own-account form of spec §5 (real name and mobile required, e-mail and
 * ID number checked when given), saved with updateUser. The modal is `account-settings-modal`,
 * its button `account-settings-submit`; fields `#ownAccount_<field>`.
 */
export function OwnAccountDialog({
  open,
  user,
  loading,
  loadFailed,
  onClose,
}: OwnAccountDialogProps) {
  const { t } = useTranslation(['account', 'common']);
  const [form] = Form.useForm<OwnAccountValues>();
  const save = useSaveOwnAccount();
  const r = userFieldRules;

  function handleFinish(values: OwnAccountValues) {
    if (!user) {
      return;
    }
    save.mutate(ownAccountBody(user, values), {
      onSuccess: () => {
        toastSuccess(t('settings.saved'));
        onClose();
      },
      onError: (error: ApiError) => {
        if (applyFieldErrors(form, error.fieldErrors, ownAccountFieldOf)) {
          return;
        }
        if (!error.isBusiness) {
          if (!error.shown) {
            toastError(error.strMessage);
          }
          return;
        }
        const failure = ownAccountFailure(error.strErrorCode);
        if (failure.field) {
          form.setFields([{ name: failure.field, errors: [t(failure.messageKey)] }]);
        } else {
          toastError(t(failure.messageKey, { reason: error.strMessage }));
        }
      },
    });
  }

  const expert = user?.ddRoleType.iNumber === RoleType.Expert;
  return (
    <FormModal<OwnAccountValues>
      open={open}
      title={t('settings.title')}
      width={768}
      loading={loading}
      onCancel={onClose}
      okText={t('settings.save')}
      submit={{ testId: 'account-settings-submit', loading: save.isPending, disabled: !user }}
      form={form}
      ready={!!user}
      formProps={{
        name: 'ownAccount',
        initialValues: user ? ownAccountToForm(user) : undefined,
        onFinish: handleFinish,
      }}
    >
      <div data-testid="account-settings-modal">
        {loadFailed && <Alert type="error" showIcon title={t('fetchFailed', { ns: 'errors' })} />}
        {user && (
          <>
            <Descriptions
              data-testid="settings-user-info"
              size="small"
              column={3}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'userName', label: t('settings.userName'), children: user.strUserName },
                {
                  key: 'role',
                  label: t('settings.role'),
                  children: t(`role.${user.ddRoleType.iNumber}`, { ns: 'common' }),
                },
                {
                  key: 'hospital',
                  label: t('settings.hospital'),
                  children: user.hospital?.strHospitalName ?? t('settings.noHospital'),
                },
              ]}
            />
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name="strRealName"
                  label={t('settings.realName')}
                  required
                  rules={[zodRule(r.strRealName)]}
                >
                  <Input autoFocus maxLength={16} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="strMobile"
                  label={t('settings.mobile')}
                  required
                  rules={[zodRule(r.strMobile)]}
                >
                  <Input maxLength={11} inputMode="numeric" />
                </Form.Item>
              </Col>
              <ProfileFields label={(key) => t(OWN_LABELS[key])} expert={expert} />
            </Row>
          </>
        )}
      </div>
    </FormModal>
  );
}
