import { Col, DatePicker, Divider, Form, Input, Row, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, hospitalAddSchema, type RoleTypeCode } from '@pathconsult/shared';
import { zodRule } from '@/lib/form-rules';
import { NumberInput } from '@/lib/number-input';
import { useSelectClear } from '@/lib/select-clear';
import { mayEditHospitalField, validUntilToWire, type HospitalField } from '../utils/hospital-form';
import { gbToBytes } from '../utils/storage';

const shape = hospitalAddSchema.shape;

interface HospitalFormFieldsProps {
  role: RoleTypeCode | null;
  groups: { value: number; label: string }[];
  groupsLoading: boolean;
  /** Storage used now in bytes (edit only), shown under the total in the unit that reads best. */
  usedBytes: number | null;
}

/**
 * The fields of the hospital form in four sections (basic, contact, network, storage and
 * validity). A field the caller may not change is shown disabled, not hidden: a hospital
 * administrator still reads its validity and quota. Field ids: `#hospitalForm_<field>`.
 */
export function HospitalFormFields({
  role,
  groups,
  groupsLoading,
  usedBytes,
}: HospitalFormFieldsProps) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('hospitals');
  const locked = (field: HospitalField) => !mayEditHospitalField(role, field);
  const storageNote = (used: number | null, fixed: boolean) => {
    const parts = [
      used === null ? null : t('form.usedNow', { used: formatBytes(used) }),
      fixed ? t('form.setByPlatform') : null,
    ].filter((part) => part !== null);
    return parts.length > 0 ? parts.join(t('form.noteSeparator')) : undefined;
  };
  const section = (title: string): ReactNode => (
    <Divider titlePlacement="start" plain style={{ marginTop: 4 }}>
      {title}
    </Divider>
  );
  return (
    <>
      {section(t('form.basic'))}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="strHospitalName"
            label={t('fields.name')}
            required
            rules={[zodRule(shape.strHospitalName)]}
          >
            <Input autoFocus={!locked('strHospitalName')} disabled={locked('strHospitalName')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="ddIsDiagnosis"
            label={t('fields.type')}
            required
            rules={[zodRule(shape.ddIsDiagnosis, (iNumber: unknown) => ({ iNumber }))]}
          >
            <Select
              disabled={locked('ddIsDiagnosis')}
              options={[0, 1, 2].map((value) => ({
                value,
                label: t(`hospitalType.${value}`, { ns: 'common' }),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="strTypeLabel"
            label={t('fields.typeLabel')}
            rules={[zodRule(shape.strTypeLabel)]}
          >
            <Input disabled={locked('strTypeLabel')} placeholder={t('form.typeLabelHint')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="iGroupId" label={t('fields.group')}>
            <Select
              allowClear={selectClear}
              disabled={locked('iGroupId')}
              loading={groupsLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={groups}
              placeholder={t('form.noGroup')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="bIsConsultation"
            label={t('fields.consultation')}
            valuePropName="checked"
            tooltip={t('form.consultationHint')}
          >
            <Switch disabled={locked('bIsConsultation')} data-testid="hospital-form-consultation" />
          </Form.Item>
        </Col>
        <Col span={12}>
          {/* The hospital's own quality control: its administrators may switch it too. */}
          <Form.Item
            name="bReportReview"
            label={t('fields.reportReview')}
            valuePropName="checked"
            extra={t('form.reportReviewHint')}
          >
            <Switch disabled={locked('bReportReview')} data-testid="hospital-form-report-review" />
          </Form.Item>
        </Col>
      </Row>

      {section(t('form.contact'))}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="strContactName"
            label={t('fields.contactName')}
            required
            rules={[zodRule(shape.strContactName)]}
          >
            <Input autoFocus={locked('strHospitalName')} disabled={locked('strContactName')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="strContactMobile"
            label={t('fields.contactMobile')}
            required
            rules={[zodRule(shape.strContactMobile)]}
          >
            <Input maxLength={11} disabled={locked('strContactMobile')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="strProvince"
            label={t('fields.province')}
            rules={[zodRule(shape.strProvince)]}
          >
            <Input disabled={locked('strProvince')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="strCity" label={t('fields.city')} rules={[zodRule(shape.strCity)]}>
            <Input disabled={locked('strCity')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="strSmsSignature"
            label={t('fields.smsSignature')}
            rules={[zodRule(shape.strSmsSignature)]}
          >
            <Input disabled={locked('strSmsSignature')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="strAddress"
            label={t('fields.address')}
            rules={[zodRule(shape.strAddress)]}
          >
            <Input disabled={locked('strAddress')} />
          </Form.Item>
        </Col>
      </Row>

      {section(t('form.network'))}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="strInternalAddress"
            label={t('fields.internalAddress')}
            rules={[zodRule(shape.strInternalAddress)]}
          >
            <Input disabled={locked('strInternalAddress')} placeholder="192.168.1.10:8080" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="strExternalAddress"
            label={t('fields.externalAddress')}
            rules={[zodRule(shape.strExternalAddress)]}
          >
            <Input disabled={locked('strExternalAddress')} placeholder="pathology.example.cn:443" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="strAllowedLoginIps"
            label={t('fields.allowedLoginIps')}
            extra={t('form.allowedLoginIpsHint')}
            rules={[zodRule(shape.strAllowedLoginIps)]}
          >
            <Input.TextArea
              rows={2}
              disabled={locked('strAllowedLoginIps')}
              placeholder="10.0.0.0/8, 203.0.113.7"
            />
          </Form.Item>
        </Col>
      </Row>

      {section(t('form.storage'))}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="dTotalMemory"
            label={t('fields.totalMemory')}
            required
            rules={[
              zodRule(shape.dTotalMemory, (v: unknown) => v ?? undefined),
              // Allowed (slides may be deleted afterwards), but said: new uploads are refused.
              {
                warningOnly: true,
                validator: (_: unknown, total: unknown) =>
                  usedBytes !== null && typeof total === 'number' && gbToBytes(total) < usedBytes
                    ? Promise.reject(
                        new Error(t('form.belowUsed', { used: formatBytes(usedBytes) })),
                      )
                    : Promise.resolve(),
              },
            ]}
            // "0 GB used" read as nothing stored where a few slides were: the used figure takes
            // the unit that reads best, as in the hospital list. Who sets the total is said
            // where the field is shown but off (a hospital administrator reads it).
            extra={storageNote(usedBytes, locked('dTotalMemory'))}
          >
            <NumberInput
              min={0}
              step={10}
              suffix="GB"
              style={{ width: '100%' }}
              disabled={locked('dTotalMemory')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="dtValidUntil"
            label={t('fields.validUntil')}
            required
            rules={[zodRule(shape.dtValidUntil, validUntilToWire)]}
          >
            <DatePicker style={{ width: '100%' }} disabled={locked('dtValidUntil')} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
