import { Col, DatePicker, Form, Input, Radio } from 'antd';
import { userFieldRules } from '@pathconsult/shared';
import { zodRule } from '@/lib/form-rules';
import { BIRTHDAY_FORMAT, birthdayToWire } from '../utils/user-form';

export type ProfileLabel =
  | 'email'
  | 'sex'
  | 'male'
  | 'female'
  | 'idNumber'
  | 'birthday'
  | 'province'
  | 'city'
  | 'address'
  | 'specialty'
  | 'intro';

interface ProfileFieldsProps {
  /** Texts of the labels: the user form and the own-account form keep them in their namespaces. */
  label: (key: ProfileLabel) => string;
  /** Experts also have a specialty and an introduction (spec §3 User). */
  expert: boolean;
  /** `data-testid` prefix of the expert fields, e.g. `user-form` → `user-form-specialty`. */
  testIdPrefix?: string;
}

/**
 * The profile part of spec §5 "User add or edit" and "Own account form" (e-mail, sex, ID number,
 * birthday, province/city/address, and the expert's specialty and introduction), each checked
 * with the server's schema. Rendered as columns of the caller's <Row>.
 */
export function ProfileFields({ label, expert, testIdPrefix }: ProfileFieldsProps) {
  const r = userFieldRules;
  const testId = (field: string) => (testIdPrefix ? `${testIdPrefix}-${field}` : undefined);
  return (
    <>
      <Col span={12}>
        <Form.Item name="strEmail" label={label('email')} rules={[zodRule(r.strEmail)]}>
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="iSex" label={label('sex')}>
          <Radio.Group
            options={[
              { value: 1, label: label('male') },
              { value: 2, label: label('female') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="strIdentityNumber"
          label={label('idNumber')}
          rules={[zodRule(r.strIdentityNumber)]}
        >
          <Input maxLength={18} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="dtBirthdayDate"
          label={label('birthday')}
          rules={[zodRule(r.dtBirthdayDate, birthdayToWire)]}
        >
          <DatePicker format={BIRTHDAY_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="strProvince" label={label('province')} rules={[zodRule(r.strProvince)]}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="strCity" label={label('city')} rules={[zodRule(r.strCity)]}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="strAddress" label={label('address')} rules={[zodRule(r.strAddress)]}>
          <Input />
        </Form.Item>
      </Col>
      {expert && (
        <>
          <Col span={24}>
            <Form.Item
              name="strSpecialty"
              label={label('specialty')}
              rules={[zodRule(r.strSpecialty)]}
            >
              <Input maxLength={200} data-testid={testId('specialty')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="strIntro" label={label('intro')} rules={[zodRule(r.strIntro)]}>
              <Input.TextArea rows={3} maxLength={2000} showCount data-testid={testId('intro')} />
            </Form.Item>
          </Col>
        </>
      )}
    </>
  );
}
