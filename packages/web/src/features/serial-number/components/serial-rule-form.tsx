import { Button, Flex, Form, Input, Select } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SERIAL_DATE_PARTS,
  SERIAL_RESET_PERIODS,
  SerialLimits,
  serialRuleFields,
  serialRuleProblem,
  type SerialNumberDto,
} from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { mutateThen } from '@/lib/mutate-then';
import { NumberInput } from '@/lib/number-input';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUpdateSerialNumberRule } from '../api/serial-number';
import { ruleOf, type RuleFormValues } from '../utils/preview';
import { SerialRulePreview } from './serial-rule-preview';

type WholeRuleField = 'strPrefix' | 'strResetPeriod' | 'iNextSeq';

/**
 * A rule of the whole (reset period against date part, 16 characters in all) shown on the field
 * the shared `serialRuleProblem` names, so that the form refuses what the server would.
 */
function wholeRule(field: WholeRuleField): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const rule = ruleOf(getFieldsValue() as RuleFormValues);
      const problem = rule && serialRuleProblem(rule);
      if (problem && problem.field === field) {
        throw new Error(serverText(problem.key));
      }
    },
  });
}

/**
 * The numbering rule of one hospital, with the next number previewed live as the administrator
 * types. Fields `#serialRule_<field>`; button `serial-save`; preview `serial-preview`.
 */
export function SerialRuleForm({ rule }: { rule: SerialNumberDto }) {
  const { t } = useTranslation('serialNumber');
  const [form] = Form.useForm<RuleFormValues>();
  const values = Form.useWatch([], form) as RuleFormValues | undefined;
  const update = useUpdateSerialNumberRule();

  function handleFinish(v: RuleFormValues) {
    // The saved rule's refetch mounts a new form (keyed by its update time) before `mutate`'s
    // callbacks would run, which would drop them: answered through the promise instead.
    mutateThen(
      update.mutateAsync,
      {
        iHospitalId: rule.iHospitalId,
        strPrefix: (v.strPrefix ?? '').trim(),
        strDatePart: v.strDatePart ?? 'YYYYMMDD',
        iSeqWidth: v.iSeqWidth ?? 4,
        strResetPeriod: v.strResetPeriod ?? 'day',
        iNextSeq: v.iNextSeq ?? undefined,
      },
      {
        onSuccess: () => toastSuccess(t('saved')),
        onError: (error: ApiError) => {
          if (!applyFieldErrors(form, error.fieldErrors)) {
            showFailure(error, toastError, t('saveFailed'));
          }
        },
      },
    );
  }

  const others = (field: keyof RuleFormValues) =>
    (['strPrefix', 'strDatePart', 'iSeqWidth', 'strResetPeriod', 'iNextSeq'] as const).filter(
      (f) => f !== field,
    );

  return (
    <Form<RuleFormValues>
      form={form}
      name="serialRule"
      layout="vertical"
      initialValues={{
        strPrefix: rule.strPrefix,
        strDatePart: rule.strDatePart,
        iSeqWidth: rule.iSeqWidth,
        strResetPeriod: rule.strResetPeriod,
        iNextSeq: null,
      }}
      onFinish={handleFinish}
      data-testid="serial-rule-form"
    >
      <Flex gap="large" wrap align="start">
        <div style={{ flex: '1 1 420px', maxWidth: 560 }}>
          <Form.Item
            name="strPrefix"
            label={t('fields.prefix')}
            extra={t('hints.prefix')}
            dependencies={others('strPrefix')}
            rules={[
              zodRule(serialRuleFields.strPrefix, (v: string | undefined) => v ?? ''),
              wholeRule('strPrefix'),
            ]}
          >
            <Input maxLength={SerialLimits.prefixMax} spellCheck={false} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="strDatePart" label={t('fields.datePart')} required>
            <Select
              style={{ width: 240 }}
              options={SERIAL_DATE_PARTS.map((value) => ({
                value,
                label: t(`datePart.${value || 'none'}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="iSeqWidth"
            label={t('fields.seqWidth')}
            required
            extra={t('hints.seqWidth')}
            rules={[
              zodRule(serialRuleFields.iSeqWidth, (v: number | null | undefined) => v ?? undefined),
            ]}
          >
            <NumberInput
              min={SerialLimits.seqWidthMin}
              max={SerialLimits.seqWidthMax}
              precision={0}
              style={{ width: 120 }}
            />
          </Form.Item>
          <Form.Item
            name="strResetPeriod"
            label={t('fields.resetPeriod')}
            required
            extra={t('hints.resetPeriod')}
            dependencies={['strDatePart']}
            rules={[wholeRule('strResetPeriod')]}
          >
            <Select
              style={{ width: 240 }}
              options={SERIAL_RESET_PERIODS.map((value) => ({
                value,
                label: t(`resetPeriod.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="iNextSeq"
            label={t('fields.nextSeq')}
            extra={t('hints.nextSeq', { seq: rule.iNextSeq })}
            dependencies={others('iNextSeq')}
            rules={[
              // Empty keeps counting; a number must be a whole one from 1 up.
              zodRule(serialRuleFields.iNextSeq.nullable().optional()),
              wholeRule('iNextSeq'),
            ]}
          >
            <NumberInput
              min={1}
              max={SerialLimits.nextSeqMax}
              precision={0}
              placeholder={String(rule.iNextSeq)}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item extra={t('hints.total')}>
            <Button
              type="primary"
              htmlType="submit"
              loading={update.isPending}
              data-testid="serial-save"
            >
              {t('save')}
            </Button>
          </Form.Item>
        </div>
        {/* Beside the fields on wide screens, so that each change shows at once. */}
        <div style={{ flex: '1 1 320px', maxWidth: 480, position: 'sticky', top: 16 }}>
          <SerialRulePreview values={values} saved={rule} />
        </div>
      </Flex>
    </Form>
  );
}
