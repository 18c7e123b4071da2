import { Card, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseLimits, type MedicalOrderCategory } from '@pathconsult/shared';
import { OrderItemSelect } from '@/features/medical-order/components/order-item-select';
import type { CaseFormField } from '../utils/case-form';
import { CaseItem, LongText } from './case-item';

/** The results already at hand, each picked from its part of the order dictionary. */
const ORDER_FIELDS: [CaseFormField, MedicalOrderCategory][] = [
  ['strImmunohistochemistry', 'ihc'],
  ['strSpecialStains', 'special_stain'],
  ['strMolecularPathology', 'molecular'],
];

/**
 * What the sending pathologist saw and thinks: tissue description (gross findings), the initial
 * diagnostic opinion, and immunohistochemistry, special stains and molecular pathology already
 * done. Those three stay text on the case; their pickers offer the items of the medical-order
 * dictionary and take anything typed besides (Enter or a comma).
 */
export function FindingsSection() {
  const { t } = useTranslation('cases');
  return (
    <Card title={t('sections.findings')} data-testid="case-section-findings">
      <Row gutter={16}>
        <CaseItem field="strTissueDescription" width="half">
          <LongText />
        </CaseItem>
        <CaseItem field="strGrossFindings" width="half">
          <LongText />
        </CaseItem>
        <CaseItem field="strInitialOpinion" width="full">
          <LongText />
        </CaseItem>
        {ORDER_FIELDS.map(([field, category]) => (
          <CaseItem key={field} field={field} width="third">
            <OrderItemSelect category={category} maxLength={CaseLimits.longTextMax} />
          </CaseItem>
        ))}
        <CaseItem field="strRemarks" width="full">
          <LongText />
        </CaseItem>
      </Row>
    </Card>
  );
}
