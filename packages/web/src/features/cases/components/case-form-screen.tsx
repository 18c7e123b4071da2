import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { caseActionAllowed, isCaseStateCode, type PatientSavedDto } from '@pathconsult/shared';
import { ExceptionResult } from '@/components/exception-result';
import type { ApiError } from '@/lib/api-error';
import { useCaseInfo } from '../api/cases';
import { useCaseVariant } from '../api/case-variant';
import { CaseForm } from './case-form';

interface CaseFormScreenProps {
  /** The case to edit (`?iPatientId=`), or null for a new case. */
  iPatientId: number | null;
  onSaved: (saved: PatientSavedDto, backToNew: boolean) => void;
  onBack: () => void;
}

/**
 * The new-case form, or the edit form of a case read afresh. Only a case the state machine lets
 * be edited (new, returned, withdrawn) gets a form; any other says why and offers the way back.
 * A new case uses the deployment's variant; an existing one keeps the variant it was made in.
 */
export function CaseFormScreen({ iPatientId, onSaved, onBack }: CaseFormScreenProps) {
  const { t } = useTranslation('cases');
  const variant = useCaseVariant();
  const info = useCaseInfo(iPatientId);
  const back = (
    <Button type="primary" onClick={onBack} data-testid="case-form-back">
      {t('actions.back')}
    </Button>
  );

  const loading = (
    <Card>
      <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />
    </Card>
  );

  if (iPatientId === null) {
    return variant === undefined ? (
      loading
    ) : (
      <Card>
        <CaseForm editing={null} variant={variant} onSaved={onSaved} onCancel={onBack} />
      </Card>
    );
  }
  if (info.isLoading) {
    return loading;
  }
  if (!info.data) {
    const missing = (info.error as ApiError | null)?.httpStatus === 404;
    return (
      <Card>
        <ExceptionResult
          status={missing ? '404' : 'error'}
          title={t(missing ? 'form.notFound' : 'form.loadFailed')}
          extra={back}
          data-testid="case-form-load-error"
        />
      </Card>
    );
  }
  const state = info.data.ddPatientState.iNumber;
  if (!isCaseStateCode(state) || !caseActionAllowed(state, 'edit')) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('form.notEditableTitle')}
          subTitle={t('form.notEditable', {
            state: t(isCaseStateCode(state) ? `state.${state}` : 'state.unknown'),
          })}
          extra={back}
          data-testid="case-form-not-editable"
        />
      </Card>
    );
  }
  const caseVariant = info.data.ddVariant.iNumber === 2 ? 2 : 1;
  return (
    <Card>
      <CaseForm
        key={info.data.iPatientId}
        editing={info.data}
        variant={caseVariant}
        onSaved={onSaved}
        onCancel={onBack}
      />
    </Card>
  );
}
