import { Card, DatePicker, Form, Input, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CASE_CLASSIFICATIONS, CaseLimits, CaseVariant } from '@pathconsult/shared';
import { NumberInput } from '@/lib/number-input';
import { useSelectClear } from '@/lib/select-clear';
import { hasFrozenHeadCount } from '../utils/case-form';
import { useCaseFormContext } from './case-form-context';
import { CaseItem, LongText, ShortText } from './case-item';

/** A sample cannot have been taken after today. */
const notFuture = (date: Dayjs) => date.isAfter(dayjs().endOf('day'));

/**
 * The specimen: classification (the 23 of spec §3), specimen type, sampling site and time, the
 * diagnostic type with its frozen head count, urgency, and the veterinary sample's label
 * (description, number, collected and received dates, tester, test methods).
 */
export function SpecimenSection() {
  const selectClear = useSelectClear();
  const { t } = useTranslation('cases');
  const { variant } = useCaseFormContext();
  const diagnosticType = Form.useWatch<number | undefined>('ddDiagnosticType');
  return (
    <Card title={t('sections.specimen')} data-testid="case-section-specimen">
      <Row gutter={16}>
        <CaseItem field="ddClassification">
          <Select
            allowClear={selectClear}
            showSearch={{ optionFilterProp: 'label' }}
            options={CASE_CLASSIFICATIONS.map((key, index) => ({
              value: index + 1,
              label: t(`classification.${key}`),
            }))}
          />
        </CaseItem>
        <CaseItem field="ddSampleType">
          <Select
            allowClear={selectClear}
            options={[1, 2, 3, 4].map((value) => ({ value, label: t(`sampleType.${value}`) }))}
          />
        </CaseItem>
        <CaseItem field="strSamplingSite">
          <Input maxLength={CaseLimits.samplingSiteMax} allowClear />
        </CaseItem>
        <CaseItem field="dtSampleTime">
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={notFuture}
            style={{ width: '100%' }}
          />
        </CaseItem>
        <CaseItem field="ddDiagnosticType">
          <Radio.Group
            options={[1, 2, 3].map((value) => ({ value, label: t(`diagnosticType.${value}`) }))}
          />
        </CaseItem>
        {hasFrozenHeadCount(diagnosticType) && (
          <CaseItem field="iFrozenHeadNum" extra={t('form.frozenHeadHint')}>
            <NumberInput
              min={0}
              max={CaseLimits.frozenHeadMax}
              precision={0}
              style={{ width: '100%' }}
            />
          </CaseItem>
        )}
        <CaseItem field="ddEmergency">
          <Radio.Group
            options={[0, 1].map((value) => ({ value, label: t(`emergency.${value}`) }))}
          />
        </CaseItem>
        {variant === CaseVariant.Veterinary && (
          <>
            <CaseItem field="strSampleNo">
              <ShortText />
            </CaseItem>
            <CaseItem field="dtCollectedDate">
              <DatePicker disabledDate={notFuture} style={{ width: '100%' }} />
            </CaseItem>
            <CaseItem field="dtReceivedDate">
              <DatePicker disabledDate={notFuture} style={{ width: '100%' }} />
            </CaseItem>
            <CaseItem field="strTester">
              <ShortText />
            </CaseItem>
            <CaseItem field="strSampleDesc" width="full">
              <LongText />
            </CaseItem>
            <CaseItem field="strTestMethods" width="full">
              <LongText />
            </CaseItem>
          </>
        )}
      </Row>
    </Card>
  );
}
