import { ConfigProvider, Form, Space, theme } from 'antd';
import { useMemo } from 'react';
import type { CaseVariantCode, PatientDto } from '@pathconsult/shared';
import { CaseFormContext } from '@/features/cases/components/case-form-context';
import { ClinicalSection } from '@/features/cases/components/clinical-section';
import { FindingsSection } from '@/features/cases/components/findings-section';
import { PatientSection } from '@/features/cases/components/patient-section';
import { SpecimenSection } from '@/features/cases/components/specimen-section';
import { caseToForm } from '@/features/cases/utils/case-form';

/**
 * The case record read-only: the case form's own four sections in a disabled form, so that the
 * detail shows exactly the fields, labels and order of the form (and of the case's variant) with
 * no second field list to keep in step. No field is marked required: nothing is entered here.
 * The form is `caseView` (ids `#caseView_<field>`), distinct from an open edit form.
 */
export function CaseRecord({ patient }: { patient: PatientDto }) {
  const context = useMemo(
    () => ({ variant: patient.ddVariant.iNumber as CaseVariantCode, required: {} }),
    [patient.ddVariant.iNumber],
  );
  const values = useMemo(() => caseToForm(patient), [patient]);
  const { token } = theme.useToken();
  return (
    <CaseFormContext.Provider value={context}>
      {/* Disabled only to prevent typing: the values read in the normal text colour. */}
      <ConfigProvider theme={{ token: { colorTextDisabled: token.colorText } }}>
        <Form
          // Another case (or a fresh read) starts from its own values.
          key={`${patient.iPatientId}:${patient.dtUpdateTime}`}
          name="caseView"
          layout="vertical"
          disabled
          initialValues={values}
          className="case-record"
          data-testid="case-record"
        >
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <PatientSection nextNumber={null} numberLoading={false} editing />
            <ClinicalSection />
            <SpecimenSection />
            <FindingsSection />
          </Space>
        </Form>
      </ConfigProvider>
    </CaseFormContext.Provider>
  );
}
