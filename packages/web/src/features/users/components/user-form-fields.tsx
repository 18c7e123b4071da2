import { Col, Form, Input, Row, Select } from 'antd';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RoleType,
  userFieldRules,
  type HospitalOption,
  type RoleTypeCode,
} from '@pathconsult/shared';
import { passwordPatternRule, requiredRule, zodRule } from '@/lib/form-rules';
import { serverText } from '@/lib/server-text';
import { needsHospital } from '../utils/role-options';
import { ProfileFields } from './profile-fields';
import { useSelectClear } from '@/lib/select-clear';

interface UserFormFieldsProps {
  editing: boolean;
  roles: RoleTypeCode[];
  role: RoleTypeCode | undefined;
  hospitals: HospitalOption[];
  hospitalsLoading: boolean;
  pwdRules: string | undefined;
  /** The password area of edit mode (disabled field and reset button). */
  passwordSlot: ReactNode;
  /** The administrators' list: its roles never include the expert, so no hint says why. */
  adminsOnly: boolean;
}

/** Hospital is required except for a platform administrator, who may belong to none. */
const hospitalRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    if (!value && needsHospital(getFieldValue('iRoleType') as RoleTypeCode | undefined)) {
      throw new Error(serverText('validation.required'));
    }
  },
});

/**
 * The fields of spec §5 "User add or edit", each checked with the server's schema. Field ids:
 * `#userForm_<field>` (`#userForm_iRoleType`, `#userForm_iHospitalId`...).
 */
export function UserFormFields(props: UserFormFieldsProps) {
  const selectClear = useSelectClear();
  const { t } = useTranslation(['users', 'common']);
  const r = userFieldRules;
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          name="strUserName"
          label={t('fields.userName')}
          required
          rules={props.editing ? [] : [zodRule(r.strUserName)]}
          extra={props.editing ? undefined : t('form.userNameHint')}
        >
          <Input
            autoFocus={!props.editing}
            disabled={props.editing}
            maxLength={32}
            autoComplete="off"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        {props.editing ? (
          props.passwordSlot
        ) : (
          <Form.Item
            name="strUserPassword"
            label={t('fields.password')}
            required
            rules={[zodRule(r.strUserPassword), passwordPatternRule(props.pwdRules)]}
          >
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
        )}
      </Col>
      <Col span={12}>
        <Form.Item
          name="strRealName"
          label={t('fields.realName')}
          required
          rules={[zodRule(r.strRealName)]}
        >
          <Input autoFocus={props.editing} maxLength={16} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="strMobile"
          label={t('fields.mobile')}
          required
          rules={[zodRule(r.strMobile)]}
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="iHospitalId"
          label={t('fields.hospital')}
          required={needsHospital(props.role)}
          dependencies={['iRoleType']}
          rules={[hospitalRule]}
        >
          <Select
            allowClear={selectClear}
            disabled={props.editing}
            loading={props.hospitalsLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={props.hospitals.map((h) => ({
              value: h.iHospitalId,
              label: h.strHospitalName,
              type: h.ddIsDiagnosis.iNumber,
            }))}
            optionRender={(option) => (
              <span>
                {option.data.label}{' '}
                <small style={{ opacity: 0.6 }}>
                  {t(`hospitalType.${option.data.type}`, { ns: 'common' })}
                </small>
              </span>
            )}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="iRoleType"
          label={t('fields.role')}
          required
          extra={
            props.adminsOnly || props.roles.includes(RoleType.Expert)
              ? undefined
              : t('form.expertNeedsDiagnosis')
          }
          rules={[requiredRule()]}
        >
          <Select
            options={props.roles.map((value) => ({
              value,
              label: t(`role.${value}`, { ns: 'common' }),
            }))}
          />
        </Form.Item>
      </Col>
      <ProfileFields
        label={(key) =>
          key === 'male' ? t('sex.1') : key === 'female' ? t('sex.2') : t(`fields.${key}`)
        }
        expert={props.role === RoleType.Expert}
        testIdPrefix="user-form"
      />
    </Row>
  );
}
