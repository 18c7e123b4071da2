import { Card, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseLimits, CaseVariant } from '@pathconsult/shared';
import { AgeFields } from './age-fields';
import { useCaseFormContext } from './case-form-context';
import { CaseItem, ShortText } from './case-item';
import { NumberField } from './number-field';

interface PatientSectionProps {
  nextNumber: string | null;
  numberLoading: boolean;
  editing: boolean;
}

/**
 * Who the case is about: the patient (human variant) or the pet and its owner (veterinary), with
 * the pathology number. The name field takes the focus when the form opens.
 */
export function PatientSection(props: PatientSectionProps) {
  const { t } = useTranslation('cases');
  const { variant } = useCaseFormContext();
  const vet = variant === CaseVariant.Veterinary;
  return (
    <Card title={t(vet ? 'sections.pet' : 'sections.patient')} data-testid="case-section-patient">
      <Row gutter={16}>
        <CaseItem field="strPatientName" label={vet ? t('fields.petName') : undefined}>
          <Input maxLength={CaseLimits.nameMax} allowClear autoFocus autoComplete="off" />
        </CaseItem>
        <NumberField
          nextNumber={props.nextNumber}
          loading={props.numberLoading}
          editing={props.editing}
        />
        <AgeFields />
        <CaseItem field="ddSex">
          <Radio.Group options={[1, 2].map((value) => ({ value, label: t(`sex.${value}`) }))} />
        </CaseItem>
        {vet ? (
          <>
            <CaseItem field="strSpecies">
              <ShortText />
            </CaseItem>
            <CaseItem field="strBreed">
              <ShortText />
            </CaseItem>
            <CaseItem field="strOwnerTel">
              <ShortText max={32} inputMode="tel" />
            </CaseItem>
            <CaseItem field="strOwnerEmail">
              <ShortText max={128} inputMode="email" />
            </CaseItem>
          </>
        ) : (
          <>
            <CaseItem field="strPhone">
              <ShortText max={32} inputMode="tel" />
            </CaseItem>
            <CaseItem field="strFamilyPhone">
              <ShortText max={32} inputMode="tel" />
            </CaseItem>
            <CaseItem field="strIdentityNumber">
              <ShortText max={18} />
            </CaseItem>
            <CaseItem field="strNation">
              <ShortText />
            </CaseItem>
          </>
        )}
      </Row>
    </Card>
  );
}
