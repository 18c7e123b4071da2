import { Col, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseLimits, ageNoneWhenZero } from '@pathconsult/shared';
import { NumberInput } from '@/lib/number-input';
import { caseFieldRules } from '../utils/case-rules';
import { useCaseFormContext } from './case-form-context';

const PARTS = [
  { field: 'iAgeYear', max: CaseLimits.ageYearsMax, unit: 'fields.ageYear' },
  { field: 'iAgeMonth', max: CaseLimits.ageMonthsMax, unit: 'fields.ageMonth' },
  { field: 'iAgeDay', max: CaseLimits.ageDaysMax, unit: 'fields.ageDay' },
] as const;

/**
 * Age as years, months and days side by side (an infant has months or days only). The parts are
 * `noStyle` items, so their messages show once under the whole group (`case-age`): the "age
 * cannot be empty" rule, carried by the years and looking at all three, and each part's range
 * from the server's schema.
 */
export function AgeFields() {
  const { t } = useTranslation('cases');
  const { required } = useCaseFormContext();
  return (
    <Col xs={24} md={12} lg={8}>
      <Form.Item
        label={t('fields.age')}
        required={required.iAgeYear !== undefined}
        extra={t('form.ageHint')}
        data-testid="case-age"
      >
        <Flex gap="small">
          {PARTS.map((part, index) => (
            <Form.Item
              key={part.field}
              name={part.field}
              noStyle
              rules={caseFieldRules(part.field, index === 0 ? required : {})}
              // The years carry the "at least one part" rule: re-check it when another part changes.
              dependencies={index === 0 ? ['iAgeMonth', 'iAgeDay'] : undefined}
              // A typed 0 is none of that unit: the part shows empty (`min={1}` made it 1).
              normalize={ageNoneWhenZero}
            >
              <NumberInput
                min={0}
                max={part.max}
                precision={0}
                suffix={t(part.unit)}
                aria-label={`${t('fields.age')} (${t(part.unit)})`}
                style={{ flex: 1, minWidth: 0 }}
              />
            </Form.Item>
          ))}
        </Flex>
      </Form.Item>
    </Col>
  );
}
