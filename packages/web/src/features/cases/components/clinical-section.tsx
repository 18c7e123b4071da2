import { Card, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseVariant } from '@pathconsult/shared';
import { useCaseFormContext } from './case-form-context';
import { CaseItem, LongText, ShortText } from './case-item';

/**
 * Where the patient is and why the specimen was sent: department and hospital numbers (human
 * variant only: a pet has no ward or bed), clinical data, history, imaging and special exams.
 */
export function ClinicalSection() {
  const { t } = useTranslation('cases');
  const { variant } = useCaseFormContext();
  return (
    <Card title={t('sections.clinical')} data-testid="case-section-clinical">
      <Row gutter={16}>
        {variant === CaseVariant.Human && (
          <>
            <CaseItem field="strDepartment">
              <ShortText />
            </CaseItem>
            <CaseItem field="strInpatientNo">
              <ShortText />
            </CaseItem>
            <CaseItem field="strOutpatientNo">
              <ShortText />
            </CaseItem>
            <CaseItem field="strAreaNo">
              <ShortText />
            </CaseItem>
            <CaseItem field="strWardNo">
              <ShortText />
            </CaseItem>
            <CaseItem field="strBedNo">
              <ShortText />
            </CaseItem>
          </>
        )}
        <CaseItem field="strClinicalData" width="full">
          <LongText />
        </CaseItem>
        <CaseItem field="strMedicalHistory" width="half">
          <LongText />
        </CaseItem>
        <CaseItem field="strImagingStudies" width="half">
          <LongText />
        </CaseItem>
        <CaseItem field="strSpecialExams" width="full">
          <LongText />
        </CaseItem>
      </Row>
    </Card>
  );
}
