import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HospitalDto, RoleTypeCode } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useHospitalInfo, useSaveHospital } from '../api/hospitals';
import {
  EMPTY_HOSPITAL,
  hospitalFieldOf,
  hospitalToForm,
  hospitalToWire,
  type HospitalFormValues,
} from '../utils/hospital-form';
import { HospitalFormFields } from './hospital-form-fields';

interface HospitalFormModalProps {
  open: boolean;
  /** The hospital to edit (its row), or null to add one. */
  editing: HospitalDto | null;
  role: RoleTypeCode | null;
  groups: { value: number; label: string }[];
  groupsLoading: boolean;
  onClose: () => void;
}

/**
 * Add or edit a hospital (modal of 768, spec §9). Editing reads the hospital afresh
 * (getHospitalInfo) so that the form never starts from a stale row. Enter in a field submits;
 * the modal is `hospital-form-modal`, its button `hospital-form-submit`.
 */
export function HospitalFormModal(props: HospitalFormModalProps) {
  const { t } = useTranslation('hospitals');
  const [form] = Form.useForm<HospitalFormValues>();
  const editingId = props.open && props.editing ? props.editing.iHospitalId : null;
  const info = useHospitalInfo(editingId);
  const save = useSaveHospital();
  // Until the fresh copy arrives the form waits; if it cannot be read, the row is good enough.
  const source = props.editing ? (info.data ?? (info.isError ? props.editing : null)) : null;
  const ready = !props.editing || source !== null;
  const initial = source ? hospitalToForm(source) : EMPTY_HOSPITAL;
  // The hospital's own group is always a choice, even when the caller cannot list groups.
  const groups =
    source?.iGroupId != null && !props.groups.some((g) => g.value === source.iGroupId)
      ? [...props.groups, { value: source.iGroupId, label: source.strGroupName ?? '' }]
      : props.groups;

  function handleFinish(values: HospitalFormValues) {
    const body = hospitalToWire(values);
    const request = props.editing ? { ...body, iHospitalId: props.editing.iHospitalId } : body;
    save.mutate(request, {
      onSuccess: () => {
        toastSuccess(t(props.editing ? 'form.updated' : 'form.added'));
        props.onClose();
      },
      onError: (error: ApiError) => {
        if (error.strErrorCode === 'HOSPITAL_NAME_EXISTS') {
          form.setFields([{ name: 'strHospitalName', errors: [error.strMessage] }]);
          return;
        }
        if (applyFieldErrors(form, error.fieldErrors, hospitalFieldOf)) {
          return;
        }
        showFailure(error, toastError, t('form.saveFailed'));
      },
    });
  }

  return (
    <FormModal<HospitalFormValues>
      open={props.open}
      title={t(props.editing ? 'form.editTitle' : 'form.addTitle')}
      width={768}
      loading={!ready}
      onCancel={props.onClose}
      okText={t('actions.save')}
      submit={{ testId: 'hospital-form-submit', loading: save.isPending, disabled: !ready }}
      cancelTestId="hospital-form-cancel"
      form={form}
      ready={ready}
      formProps={{
        name: 'hospitalForm',
        initialValues: initial,
        onFinish: handleFinish,
        scrollToFirstError: true,
      }}
    >
      <div data-testid="hospital-form-modal">
        {props.role === 2 && (
          <Alert
            type="info"
            showIcon
            title={t('form.hospitalAdminHint')}
            style={{ marginBottom: 12 }}
          />
        )}
        {ready && (
          <HospitalFormFields
            role={props.role}
            groups={groups}
            groupsLoading={props.groupsLoading}
            usedBytes={source ? source.lUsedBytes : null}
          />
        )}
      </div>
    </FormModal>
  );
}
