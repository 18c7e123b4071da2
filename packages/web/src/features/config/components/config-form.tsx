import { Button, Form, Input, Radio, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { configUpdateSchema, type ConfigDto, type ConfigUpdate } from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { requiredRule, zodRule } from '@/lib/form-rules';
import { NumberInput } from '@/lib/number-input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUpdateConfig } from '../api/update-config';

interface ConfigFormProps {
  config: ConfigDto;
  /** Experts open the screen (spec §2) but only platform administrators change the settings. */
  readOnly: boolean;
}

type ConfigValues = Required<ConfigUpdate>;

/**
 * The global configuration (spec §3 "Session"): site title, login text, password pattern,
 * forgot-password switch, case type and, for administrators, the reset password and the group cap. Each
 * field is checked with the server's own schema. Fields `#globalConfig_<key>`; button
 * `config-save`.
 */
export function ConfigForm({ config, readOnly }: ConfigFormProps) {
  const { t } = useTranslation('config');
  const [form] = Form.useForm<ConfigValues>();
  const update = useUpdateConfig();
  const shape = configUpdateSchema.shape;
  // Administrators' settings come only to administrators (configinfo/get): shown when present.
  const hasAdminSettings =
    config.defaultPassword !== undefined && config.hospitalsPerGroup !== undefined;

  // The stored values changed (this save, or another administrator's read again): show them.
  useEffect(() => {
    form.setFieldsValue(config);
  }, [form, config]);

  function handleFinish(values: ConfigValues) {
    const body: ConfigUpdate = {
      siteTitle: values.siteTitle.trim(),
      loginDesc: values.loginDesc ?? '',
      forget: values.forget,
      pwdRules: values.pwdRules ?? '',
      caseVariant: values.caseVariant,
      ...(hasAdminSettings
        ? { defaultPassword: values.defaultPassword, hospitalsPerGroup: values.hospitalsPerGroup }
        : {}),
    };
    update.mutate(body, {
      onSuccess: () => toastSuccess(t('saved')),
      onError: (error: ApiError) => {
        if (!applyFieldErrors(form, error.fieldErrors)) {
          showFailure(error, toastError, t('saveFailed'));
        }
      },
    });
  }

  return (
    <Form<ConfigValues>
      form={form}
      name="globalConfig"
      layout="vertical"
      style={{ maxWidth: 640 }}
      disabled={readOnly}
      initialValues={{
        siteTitle: config.siteTitle,
        loginDesc: config.loginDesc,
        forget: config.forget,
        pwdRules: config.pwdRules,
        caseVariant: config.caseVariant,
        defaultPassword: config.defaultPassword,
        hospitalsPerGroup: config.hospitalsPerGroup,
      }}
      onFinish={handleFinish}
      data-testid="config-form"
    >
      <Form.Item
        name="siteTitle"
        label={t('fields.siteTitle')}
        extra={t('hints.siteTitle')}
        rules={[zodRule(shape.siteTitle, (v: string | undefined) => v ?? '')]}
      >
        <Input maxLength={64} placeholder={t('appName', { ns: 'common' })} />
      </Form.Item>
      <Form.Item
        name="loginDesc"
        label={t('fields.loginDesc')}
        extra={t('hints.loginDesc')}
        rules={[zodRule(shape.loginDesc)]}
      >
        <Input.TextArea rows={3} showCount maxLength={500} />
      </Form.Item>
      <Form.Item
        name="pwdRules"
        label={t('fields.pwdRules')}
        extra={t('hints.pwdRules')}
        rules={[zodRule(shape.pwdRules)]}
      >
        <Input maxLength={200} spellCheck={false} placeholder="^(?=.*[A-Za-z])(?=.*\d).{8,}$" />
      </Form.Item>
      <Form.Item
        name="forget"
        label={t('fields.forget')}
        extra={t('hints.forget')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="caseVariant" label={t('fields.caseVariant')} extra={t('hints.caseVariant')}>
        <Radio.Group
          data-testid="config-case-variant"
          options={([1, 2] as const).map((v) => ({ value: v, label: t(`caseVariant.${v}`) }))}
        />
      </Form.Item>
      {hasAdminSettings && (
        <>
          <Form.Item
            name="defaultPassword"
            label={t('fields.defaultPassword')}
            required
            extra={t('hints.defaultPassword')}
            // Empty is said to be empty, the format only of what was typed (the schema's part is
            // optional: an update may leave it out).
            rules={[
              requiredRule(),
              zodRule(shape.defaultPassword, (v: string | undefined) => v || undefined),
            ]}
          >
            <Input maxLength={6} inputMode="numeric" autoComplete="off" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="hospitalsPerGroup"
            label={t('fields.hospitalsPerGroup')}
            required
            extra={t('hints.hospitalsPerGroup')}
            rules={[
              requiredRule(),
              zodRule(shape.hospitalsPerGroup, (v: number | null | undefined) => v ?? undefined),
            ]}
          >
            <NumberInput min={2} max={10_000} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
      {!readOnly && (
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={update.isPending}
            data-testid="config-save"
          >
            {t('save')}
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}
