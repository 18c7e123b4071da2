import { Alert, Button, Col, DatePicker, Divider, Form, Input, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  registrationFieldsSchema,
  RegistrationRules,
  type RegistrationResult,
} from '@pathconsult/shared';
import { DEFAULT_CONFIG, useConfig } from '@/features/config/api/get-config';
import { BIRTHDAY_FORMAT, birthdayToWire } from '@/features/users/utils/user-form';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { passwordPatternRule, requiredRule, sameAsRule, zodRule } from '@/lib/form-rules';
import { serverText } from '@/lib/server-text';
import { useCaptcha, useRegister, useRegistrationHospitals } from '../api/registration';
import {
  OTHER_UNIT,
  registrationBody,
  registrationFailure,
  registrationFieldOf,
  unitAllowed,
  type RegistrationFormValues,
} from '../utils/registration-form';
import { CaptchaField } from './captcha-field';

const f = registrationFieldsSchema.shape;
const half = { xs: 24, sm: 12 };

/**
 * Self-registration (spec §5 "Registration"): account, person, work unit and captcha, each field
 * checked with the server's schema. Field ids `#register_<field>`; the button `register-submit`.
 */
export function RegistrationForm({ onDone }: { onDone: (result: RegistrationResult) => void }) {
  const { t } = useTranslation(['registration', 'common']);
  const [form] = Form.useForm<RegistrationFormValues>();
  const config = useConfig() ?? DEFAULT_CONFIG;
  const hospitals = useRegistrationHospitals();
  const captcha = useCaptcha();
  const register = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const role = Form.useWatch('iRoleType', form);
  const unit = Form.useWatch('unit', form);

  function newCaptcha() {
    form.setFieldValue('strCaptcha', '');
    void captcha.refetch();
  }

  function handleError(error: ApiError) {
    if (applyFieldErrors(form, error.fieldErrors, registrationFieldOf)) {
      return;
    }
    if (!error.isBusiness) {
      // Transport failures were shown by the client; the captcha may or may not have been used.
      newCaptcha();
      return;
    }
    const { field, captchaSpent } = registrationFailure(error.strErrorCode);
    if (captchaSpent) {
      newCaptcha();
    }
    if (field) {
      form.setFields([{ name: field, errors: [error.strMessage] }]);
    } else {
      setFailure(error.strMessage);
    }
  }

  function handleFinish(values: RegistrationFormValues) {
    const id = captcha.data?.strCaptchaId;
    if (!id) {
      // No image arrived (network, or too many asked from this address): try for a new one.
      newCaptcha();
      form.setFields([{ name: 'strCaptcha', errors: [serverText('validation.captcha')] }]);
      return;
    }
    setFailure(null);
    register.mutate(registrationBody(values, id), { onSuccess: onDone, onError: handleError });
  }

  function handleValuesChange(changed: Partial<RegistrationFormValues>) {
    setFailure(null);
    // A hospital that does not diagnose is no unit for an expert.
    if ('iRoleType' in changed && typeof unit === 'number') {
      const chosen = hospitals.data?.find((h) => h.iHospitalId === unit);
      if (chosen && !unitAllowed(chosen, changed.iRoleType)) {
        form.setFieldValue('unit', undefined);
      }
    }
  }

  const unitOptions = [
    ...(hospitals.data ?? []).map((h) => ({
      value: h.iHospitalId as number | typeof OTHER_UNIT,
      label: h.strHospitalName,
      disabled: !unitAllowed(h, role),
    })),
    { value: OTHER_UNIT, label: t('fields.otherUnit'), disabled: false },
  ];

  return (
    <Form<RegistrationFormValues>
      form={form}
      name="register"
      layout="vertical"
      initialValues={{ iRoleType: 3 }}
      onFinish={handleFinish}
      onValuesChange={handleValuesChange}
      scrollToFirstError
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          role="alert"
          data-testid="register-error"
          style={{ marginBottom: 16 }}
        />
      )}
      <Divider titlePlacement="start">{t('sections.account')}</Divider>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="iRoleType" label={t('fields.role')} required rules={[requiredRule()]}>
            <Radio.Group
              optionType="button"
              options={[3, 4].map((value) => ({
                value,
                label: t(`role.${value}`, { ns: 'common' }),
              }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="strUserName"
            label={t('fields.userName')}
            required
            rules={[zodRule(f.strUserName)]}
            extra={t('hints.userName')}
          >
            <Input maxLength={32} autoComplete="username" autoFocus />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="strMobile"
            label={t('fields.mobile')}
            required
            rules={[zodRule(f.strMobile)]}
          >
            <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="strUserPassword"
            label={t('fields.password')}
            required
            rules={[zodRule(f.strUserPassword), passwordPatternRule(config.pwdRules)]}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="strConfirmPassword"
            label={t('fields.confirmPassword')}
            required
            dependencies={['strUserPassword']}
            rules={[zodRule(f.strConfirmPassword), sameAsRule('strUserPassword')]}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('sections.person')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="strRealName"
            label={t('fields.realName')}
            required
            rules={[zodRule(f.strRealName)]}
          >
            <Input maxLength={16} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="iSex"
            label={t('fields.sex')}
            required
            rules={[zodRule<number | undefined>(f.ddSex, (v) => (v ? { iNumber: v } : null))]}
          >
            <Radio.Group
              options={[
                { value: 1, label: t('sex.1') },
                { value: 2, label: t('sex.2') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="dtBirthdayDate"
            label={t('fields.birthday')}
            required
            rules={[zodRule(f.dtBirthdayDate, birthdayToWire)]}
          >
            <DatePicker
              format={BIRTHDAY_FORMAT}
              style={{ width: '100%' }}
              disabledDate={(day: Dayjs) => day.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="strIdentityNumber"
            label={t('fields.idNumber')}
            required
            rules={[zodRule<string | undefined>(f.strIdentityNumber, (v) => v?.trim() ?? '')]}
          >
            <Input maxLength={18} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="strEmail" label={t('fields.email')} rules={[zodRule(f.strEmail)]}>
            <Input maxLength={128} autoComplete="email" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('sections.work')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="strProvince"
            label={t('fields.province')}
            required
            rules={[zodRule(f.strProvince)]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="strCity" label={t('fields.city')} required rules={[zodRule(f.strCity)]}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="unit"
            label={t('fields.unit')}
            required
            rules={[requiredRule()]}
            extra={role === 4 ? t('hints.expertUnit') : t('hints.unit')}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={hospitals.isLoading}
              options={unitOptions}
              notFoundContent={hospitals.isError ? t('errors.hospitals') : undefined}
            />
          </Form.Item>
        </Col>
        {unit === OTHER_UNIT && (
          <Col span={24}>
            <Form.Item
              name="strUnitName"
              label={t('fields.unitName')}
              required
              rules={[requiredRule(), zodRule(f.strUnitName)]}
            >
              <Input maxLength={RegistrationRules.unitNameMaxLength} />
            </Form.Item>
          </Col>
        )}
        <Col {...half}>
          <Form.Item
            name="strJobTitle"
            label={t('fields.jobTitle')}
            required
            rules={[zodRule(f.strJobTitle)]}
          >
            <Input maxLength={RegistrationRules.jobTitleMaxLength} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="strDepartment"
            label={t('fields.department')}
            rules={[zodRule(f.strDepartment)]}
          >
            <Input maxLength={RegistrationRules.departmentMaxLength} />
          </Form.Item>
        </Col>
      </Row>

      <Divider />
      <CaptchaField
        captcha={captcha.data}
        loading={captcha.isFetching}
        failed={captcha.isError}
        onRefresh={newCaptcha}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('reviewNotice', { days: RegistrationRules.reviewWorkingDays })}
      />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={register.isPending}
        data-testid="register-submit"
      >
        {t('submit')}
      </Button>
    </Form>
  );
}
