import { Alert, Button, Flex, Form, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CaseState,
  CaseVariant,
  type CaseVariantCode,
  type PatientDto,
  type PatientSavedDto,
} from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { onSubmitKey } from '@/lib/submit-key';
import { toastError } from '@/lib/toast';
import { useSaveCase } from '../api/cases';
import { useNextPathologyNumber } from '../api/next-number';
import {
  caseFieldOf,
  caseToForm,
  caseToWire,
  EMPTY_CASE,
  type CaseFormValues,
} from '../utils/case-form';
import { requiredCaseFields } from '../utils/required-fields';
import { CaseFormContext } from './case-form-context';
import { CaseFormHeader } from './case-form-header';
import { ClinicalSection } from './clinical-section';
import { FindingsSection } from './findings-section';
import { PatientSection } from './patient-section';
import { SpecimenSection } from './specimen-section';

interface CaseFormProps {
  /** The case to edit (read afresh), or null for a new one. */
  editing: PatientDto | null;
  /** The variant of the fields: the deployment's for a new case, the case's own when editing. */
  variant: CaseVariantCode;
  /** After a successful save; `backToNew` when a returned or withdrawn case went back to new. */
  onSaved: (saved: PatientSavedDto, backToNew: boolean) => void;
  onCancel: () => void;
}

/**
 * The case form of spec §3 in four sections (patient, clinical, specimen, pathology findings),
 * checked field by field with the server's schemas and the variant's required fields, each with
 * its own message. The server's verdict goes onto the fields too: its field errors, and a taken
 * pathology number on the number. Tab moves through the fields, Enter in a single-line field or
 * Ctrl+Enter anywhere saves. The form is `caseForm` (ids `#caseForm_<field>`).
 */
export function CaseForm({ editing, variant, onSaved, onCancel }: CaseFormProps) {
  const { t } = useTranslation('cases');
  const [form] = Form.useForm<CaseFormValues>();
  const next = useNextPathologyNumber(editing === null);
  const autoNumber = editing === null && next.nextNumber !== null;
  const context = useMemo(
    () => ({ variant, required: requiredCaseFields(variant, autoNumber) }),
    [variant, autoNumber],
  );
  const initialValues = useMemo(() => (editing ? caseToForm(editing) : EMPTY_CASE), [editing]);
  const save = useSaveCase();
  const state = editing?.ddPatientState.iNumber;
  const backToNew = state === CaseState.Returned || state === CaseState.Withdrawn;

  function handleFinish() {
    // Every value, including those of fields not shown (the other variant's, a hidden head count).
    const body = caseToWire(form.getFieldsValue(true) as CaseFormValues);
    save.mutate(editing ? { ...body, iPatientId: editing.iPatientId } : body, {
      onSuccess: (saved) => onSaved(saved, backToNew),
      onError: (error: ApiError) => {
        if (error.strErrorCode === 'PATHOLOGY_NUMBER_TAKEN') {
          form.setFields([{ name: 'strDiagnosistNum', errors: [error.strMessage] }]);
          form.scrollToField('strDiagnosistNum', { focus: true });
          return;
        }
        if (applyFieldErrors(form, error.fieldErrors, caseFieldOf)) {
          const first = caseFieldOf(error.fieldErrors[0]?.strField ?? '');
          if (first) {
            form.scrollToField(first, { focus: true });
          }
          return;
        }
        showFailure(error, toastError, t('form.saveFailed'));
      },
    });
  }

  const handleKeyDown = onSubmitKey(() => form.submit());

  return (
    <CaseFormContext.Provider value={context}>
      <Form<CaseFormValues>
        form={form}
        name="caseForm"
        layout="vertical"
        initialValues={initialValues}
        onFinish={handleFinish}
        onKeyDown={handleKeyDown}
        // Centred: at the top, the field's label would sit under the sticky tab bar.
        scrollToFirstError={{ focus: true, block: 'center' }}
        data-testid="case-form"
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <CaseFormHeader editing={editing} vet={variant === CaseVariant.Veterinary} />
          {editing && backToNew && (
            <Alert
              type="warning"
              showIcon
              data-testid="case-form-back-to-new"
              title={t(`form.backToNew.${state}`)}
            />
          )}
          <PatientSection
            nextNumber={next.nextNumber}
            numberLoading={editing === null && next.loading}
            editing={editing !== null}
          />
          <ClinicalSection />
          <SpecimenSection />
          <FindingsSection />
          <Flex gap="small" justify="space-between" align="center" wrap>
            <Typography.Text type="secondary">{t('form.keyboardHint')}</Typography.Text>
            <Space>
              <Button onClick={onCancel} data-testid="case-form-cancel">
                {t('actions.cancel')}
              </Button>
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                data-testid="case-form-submit"
              >
                {t('actions.save')}
              </Button>
            </Space>
          </Flex>
        </Space>
      </Form>
    </CaseFormContext.Provider>
  );
}
