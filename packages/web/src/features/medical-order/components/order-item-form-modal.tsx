import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MEDICAL_ORDER_CATEGORIES,
  medicalOrderFields,
  MedicalOrderLimits,
  type MedicalOrderCategory,
  type MedicalOrderItemDto,
} from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { requiredRule, zodRule } from '@/lib/form-rules';
import { NumberInput } from '@/lib/number-input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveMedicalOrder } from '../api/medical-order';

interface OrderItemFormValues {
  strCategory?: MedicalOrderCategory;
  strName: string;
  strCode?: string | null;
  iSortOrder?: number | null;
}

interface OrderItemFormModalProps {
  open: boolean;
  /** The item edited, or null to add one to `target`. */
  editing: MedicalOrderItemDto | null;
  /** Where a new item goes: a hospital, or null for the platform dictionary; and its name. */
  target: { iHospitalId: number | null; name: string };
  onClose: () => void;
}

/**
 * Add or edit an order item: category, name, optional code and order. Enabling and disabling
 * are row actions of the list. The modal is `order-form-modal`, its button `order-form-submit`;
 * fields `#orderForm_<field>`.
 */
export function OrderItemFormModal(props: OrderItemFormModalProps) {
  const { t } = useTranslation('medicalOrder');
  const [form] = Form.useForm<OrderItemFormValues>();
  const save = useSaveMedicalOrder();
  const { editing } = props;

  function handleFinish(values: OrderItemFormValues) {
    const fields = {
      strCategory: values.strCategory,
      strName: values.strName.trim(),
      strCode: values.strCode?.trim() ?? '',
      iSortOrder: values.iSortOrder ?? 0,
    };
    const body = editing
      ? { iItemId: editing.iItemId, ...fields }
      : { iHospitalId: props.target.iHospitalId, ...fields };
    save.mutate(body, {
      onSuccess: () => {
        toastSuccess(t(editing ? 'form.updated' : 'form.added'));
        props.onClose();
      },
      onError: (error: ApiError) => {
        if (error.strErrorCode === 'MEDICAL_ORDER_EXISTS') {
          form.setFields([{ name: 'strName', errors: [error.strMessage] }]);
        } else if (!applyFieldErrors(form, error.fieldErrors)) {
          showFailure(error, toastError, t('form.saveFailed'));
        }
      },
    });
  }

  return (
    <FormModal<OrderItemFormValues>
      open={props.open}
      title={t(editing ? 'form.editTitle' : 'form.addTitle')}
      onCancel={props.onClose}
      okText={t('actions.save')}
      submit={{ testId: 'order-form-submit', loading: save.isPending }}
      cancelTestId="order-form-cancel"
      form={form}
      formProps={{
        name: 'orderForm',
        initialValues: {
          strCategory: editing?.strCategory,
          strName: editing?.strName ?? '',
          strCode: editing?.strCode ?? '',
          iSortOrder: editing?.iSortOrder ?? 0,
        },
        onFinish: handleFinish,
      }}
    >
      <div data-testid="order-form-modal">
        {!editing && (
          <Typography.Paragraph type="secondary">
            {t('form.target', { name: props.target.name })}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="strCategory"
          label={t('fields.category')}
          required
          rules={[requiredRule()]}
        >
          <Select
            options={MEDICAL_ORDER_CATEGORIES.map((value) => ({
              value,
              label: t(`category.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="strName"
          label={t('fields.name')}
          required
          rules={[zodRule(medicalOrderFields.strName, (v: string | undefined) => v ?? '')]}
        >
          <Input autoFocus maxLength={MedicalOrderLimits.nameMax} />
        </Form.Item>
        <Form.Item
          name="strCode"
          label={t('fields.code')}
          extra={t('form.codeHint')}
          rules={[zodRule(medicalOrderFields.strCode, (v: string | null | undefined) => v ?? '')]}
        >
          <Input maxLength={MedicalOrderLimits.codeMax} spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="iSortOrder"
          label={t('fields.sortOrder')}
          extra={t('form.sortHint')}
          rules={[zodRule(medicalOrderFields.iSortOrder, (v: number | null | undefined) => v ?? 0)]}
        >
          <NumberInput
            min={0}
            max={MedicalOrderLimits.sortMax}
            precision={0}
            style={{ width: 160 }}
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}
