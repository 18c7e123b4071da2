import { Alert, Col, DatePicker, Descriptions, Form, Input, Modal, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleType, userFieldRules, type UserDto } from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveOwnAccount } from '../api/account';
import { ownAccountFailure } from '../utils/answers';
import {
  birthdayToWire,
  ownAccountBody,
  ownAccountFieldOf,
  ownAccountToForm,
  type OwnAccountValues,
} from '../utils/own-account';

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
    <Modal
      open={open}
      title={t('settings.title')}
      width={768}
      destroyOnHidden
      loading={loading}
      onCancel={onClose}
      okText={t('settings.save')}
      okButtonProps={{
        htmlType: 'submit',
        loading: save.isPending,
        disabled: !user,
        ...{ 'data-testid': 'account-settings-submit' },
      }}
      modalRender={(dom) =>
        // The form mounts once its values are known: initial values are read only at mount.
        user ? (
          <Form<OwnAccountValues>
            form={form}
            name="ownAccount"
            layout="vertical"
            initialValues={ownAccountToForm(user)}
            onFinish={handleFinish}
            clearOnDestroy
          >
            {dom}
          </Form>
        ) : (
          dom
        )
      }
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
              <Col span={12}>
                <Form.Item
                  name="strEmail"
                  label={t('settings.email')}
                  rules={[zodRule(r.strEmail)]}
                >
                  <Input maxLength={128} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="strIdentityNumber"
                  label={t('settings.idNumber')}
                  rules={[zodRule(r.strIdentityNumber)]}
                >
                  <Input maxLength={18} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="iSex" label={t('settings.sex')}>
                  <Radio.Group
                    options={[
                      { value: 1, label: t('settings.sexMale') },
                      { value: 2, label: t('settings.sexFemale') },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="dtBirthdayDate"
                  label={t('settings.birthday')}
                  rules={[zodRule(r.dtBirthdayDate, birthdayToWire)]}
                >
                  <DatePicker format="YYYY/MM/DD" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="strProvince"
                  label={t('settings.province')}
                  rules={[zodRule(r.strProvince)]}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="strCity" label={t('settings.city')} rules={[zodRule(r.strCity)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="strAddress"
                  label={t('settings.address')}
                  rules={[zodRule(r.strAddress)]}
                >
                  <Input />
                </Form.Item>
              </Col>
              {expert && (
                <>
                  <Col span={24}>
                    <Form.Item
                      name="strSpecialty"
                      label={t('settings.specialty')}
                      rules={[zodRule(r.strSpecialty)]}
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item
                      name="strIntro"
                      label={t('settings.intro')}
                      rules={[zodRule(r.strIntro)]}
                    >
                      <Input.TextArea rows={3} maxLength={2000} showCount />
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>
          </>
        )}
      </div>
    </Modal>
  );
}
