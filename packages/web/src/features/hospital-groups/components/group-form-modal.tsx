import { Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  hospitalGroupAddSchema,
  type HospitalGroupDto,
  type HospitalOption,
} from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveHospitalGroup } from '../api/hospital-groups';
import {
  groupFieldOf,
  groupMemberWarnings,
  MEMBER_ERROR_CODES,
  memberChoices,
  type GroupWarning,
} from '../utils/group-members';

interface GroupFormValues {
  strGroupName: string;
  listHospitalId: number[];
}

interface GroupFormModalProps {
  open: boolean;
  editing: HospitalGroupDto | null;
  hospitals: HospitalOption[];
  hospitalsLoading: boolean;
  /** Cap on institutions per group (configuration; administrators only). */
  cap: number | undefined;
  onClose: () => void;
}

const TYPE_COLORS: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'gold' };

/**
 * Add or edit a hospital group: a name and its institutions. A missing diagnostic center or too
 * many members are warned about as the administrator picks (the server refuses both anyway).
 * The modal is `group-form-modal`, its button `group-form-submit`; the member picker
 * `#groupForm_listHospitalId`.
 */
export function GroupFormModal(props: GroupFormModalProps) {
  const { t } = useTranslation(['hospitalGroups', 'common']);
  const [form] = Form.useForm<GroupFormValues>();
  const save = useSaveHospitalGroup();
  const choices = memberChoices(props.hospitals, props.editing?.iGroupId ?? null);

  const warningRule = (warning: GroupWarning): FormRule => ({
    warningOnly: true,
    validator: async (_rule, ids: number[] | undefined) => {
      if (groupMemberWarnings(ids ?? [], props.hospitals, props.cap).includes(warning)) {
        throw new Error(t(`warnings.${warning}`, { max: props.cap }));
      }
    },
  });

  function handleFinish(values: GroupFormValues) {
    const body = {
      strGroupName: values.strGroupName.trim(),
      listHospitalId: values.listHospitalId,
    };
    const request = props.editing ? { ...body, iGroupId: props.editing.iGroupId } : body;
    save.mutate(request, {
      onSuccess: () => {
        toastSuccess(t(props.editing ? 'form.updated' : 'form.added'));
        props.onClose();
      },
      onError: (error: ApiError) => {
        const code = error.strErrorCode ?? '';
        if (code === 'GROUP_NAME_EXISTS') {
          form.setFields([{ name: 'strGroupName', errors: [error.strMessage] }]);
        } else if (MEMBER_ERROR_CODES.includes(code)) {
          // The refusal replaces the warning that foretold it.
          form.setFields([{ name: 'listHospitalId', errors: [error.strMessage], warnings: [] }]);
        } else if (!applyFieldErrors(form, error.fieldErrors, groupFieldOf)) {
          showFailure(error, toastError, t('form.saveFailed'));
        }
      },
    });
  }

  return (
    <FormModal<GroupFormValues>
      open={props.open}
      title={t(props.editing ? 'form.editTitle' : 'form.addTitle')}
      width={768}
      onCancel={props.onClose}
      okText={t('actions.save')}
      submit={{ testId: 'group-form-submit', loading: save.isPending }}
      cancelTestId="group-form-cancel"
      form={form}
      formProps={{
        name: 'groupForm',
        initialValues: {
          strGroupName: props.editing?.strGroupName ?? '',
          listHospitalId: props.editing?.listHospital.map((h) => h.iHospitalId) ?? [],
        },
        onFinish: handleFinish,
      }}
    >
      <div data-testid="group-form-modal">
        <Form.Item
          name="strGroupName"
          label={t('fields.name')}
          required
          rules={[zodRule(hospitalGroupAddSchema.shape.strGroupName)]}
        >
          <Input autoFocus maxLength={32} />
        </Form.Item>
        <Form.Item
          name="listHospitalId"
          label={t('fields.members')}
          required
          extra={
            props.cap === undefined
              ? t('form.membersHint')
              : t('form.membersHintCap', { max: props.cap })
          }
          rules={[
            zodRule(hospitalGroupAddSchema.shape.listHospitalId, (v: unknown) => v ?? []),
            warningRule('noCenter'),
            warningRule('overCap'),
          ]}
        >
          <Select
            mode="multiple"
            loading={props.hospitalsLoading}
            showSearch={{ optionFilterProp: 'name' }}
            options={choices.map((c) => ({
              value: c.value,
              label: c.name,
              name: c.name,
              type: c.type,
              inOtherGroup: c.inOtherGroup,
              disabled: c.inOtherGroup,
            }))}
            optionRender={(option) => (
              <Space>
                <span>{option.data.name}</span>
                <Tag color={TYPE_COLORS[option.data.type] ?? 'default'}>
                  {t(`hospitalType.${option.data.type}`, { ns: 'common' })}
                </Tag>
                {option.data.inOtherGroup && (
                  <Typography.Text type="secondary">{t('form.inOtherGroup')}</Typography.Text>
                )}
              </Space>
            )}
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}
