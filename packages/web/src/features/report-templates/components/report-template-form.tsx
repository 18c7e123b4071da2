import { Button, Col, Divider, Flex, Form, Input, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ReportTemplateLimits,
  reportTemplateFields,
  type ReportTemplateContentInput,
  type ReportTemplateDto,
  type ReportVariantName,
} from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { mutateThen } from '@/lib/mutate-then';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import {
  usePreviewReportTemplate,
  useResetReportTemplate,
  useSaveReportTemplate,
} from '../api/report-templates';
import { toEditor, toWire, type EditorSection } from '../utils/layout-editor';
import { LogoField } from './logo-field';
import { PreviewModal } from './preview-modal';
import { SectionList } from './section-list';

interface FormValues {
  strTitle: string;
  strLogo: string | null;
  strFooter: string;
  sections: EditorSection[];
}

interface ReportTemplateFormProps {
  template: ReportTemplateDto;
  variant: ReportVariantName;
}

/** Server field paths (`listSection.2.bVisible`) onto the form's fields. */
const fieldOf = (strField: string) =>
  strField.startsWith('listSection') ? 'sections' : strField.split('.')[0];

/**
 * The report form of one hospital: header title and logo, footer, and the parts of the report
 * with their fields. Save stores it; Preview prints a sample report with what the screen shows
 * (saved or not); Reset to default asks first, then drops the hospital's form. The form is
 * `reportTemplate` (fields `#reportTemplate_<name>`).
 */
export function ReportTemplateForm({ template, variant }: ReportTemplateFormProps) {
  const { t } = useTranslation('reportTemplates');
  const [form] = Form.useForm<FormValues>();
  const save = useSaveReportTemplate();
  const reset = useResetReportTemplate();
  const preview = usePreviewReportTemplate();
  const confirm = useConfirmAction();
  const [pdf, setPdf] = useState<Blob | null>(null);
  const initialValues = useMemo<FormValues>(
    () => ({
      strTitle: template.strTitle,
      strLogo: template.strLogo,
      strFooter: template.strFooter,
      sections: toEditor(template.listSection, variant),
    }),
    [template, variant],
  );

  const content = (v: FormValues): ReportTemplateContentInput => ({
    strTitle: v.strTitle.trim(),
    strLogo: v.strLogo,
    strFooter: (v.strFooter ?? '').trim(),
    listSection: toWire(v.sections, variant),
  });

  const onError = (fallback: string) => (error: ApiError) => {
    if (!applyFieldErrors(form, error.fieldErrors, fieldOf)) {
      showFailure(error, toastError, fallback);
    }
  };

  function handleSave(v: FormValues) {
    // The saved form's refetch mounts a new form (keyed by its update time) before `mutate`'s
    // callbacks would run, which would drop them: answered through the promise instead.
    mutateThen(
      save.mutateAsync,
      { iHospitalId: template.iHospitalId, ...content(v) },
      { onSuccess: () => toastSuccess(t('saved')), onError: onError(t('saveFailed')) },
    );
  }

  async function handlePreview() {
    let values: FormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as FormValues;
    } catch {
      return; // the fields show what is wrong
    }
    preview.mutate(
      {
        iHospitalId: template.iHospitalId,
        objTemplate: content(values),
        iVariant: variant === 'veterinary' ? 2 : 1,
      },
      { onSuccess: setPdf, onError: onError(t('preview.failed')) },
    );
  }

  function handleReset() {
    confirm({
      title: t('reset.title'),
      content: t('reset.content'),
      okText: t('reset.ok'),
      okTestId: 'report-reset-ok',
      action: () => reset.mutateAsync({ iHospitalId: template.iHospitalId }),
      done: t('reset.done'),
    });
  }

  return (
    <Form<FormValues>
      form={form}
      name="reportTemplate"
      layout="vertical"
      initialValues={initialValues}
      onFinish={handleSave}
      data-testid="report-template-form"
    >
      <Row gutter={[32, 16]}>
        <Col xs={24} xl={9}>
          <Divider titlePlacement="start" style={{ marginTop: 0 }}>
            {t('basics')}
          </Divider>
          <Form.Item
            name="strTitle"
            label={t('fields.strTitle')}
            extra={t('hints.strTitle')}
            required
            rules={[zodRule(reportTemplateFields.strTitle)]}
          >
            <Input maxLength={ReportTemplateLimits.titleMax} showCount allowClear />
          </Form.Item>
          <Form.Item
            name="strLogo"
            label={t('fields.strLogo')}
            extra={t('hints.strLogo')}
            rules={[zodRule(reportTemplateFields.strLogo)]}
          >
            <LogoField
              onProblem={(key) => form.setFields([{ name: 'strLogo', errors: [serverText(key)] }])}
            />
          </Form.Item>
          <Form.Item
            name="strFooter"
            label={t('fields.strFooter')}
            extra={t('hints.strFooter')}
            rules={[zodRule(reportTemplateFields.strFooter)]}
          >
            <Input.TextArea
              maxLength={ReportTemplateLimits.footerMax}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} xl={15}>
          <Divider titlePlacement="start" style={{ marginTop: 0 }}>
            {t('layout')}
          </Divider>
          <Typography.Paragraph type="secondary">
            {t('layoutHint')} {t(`variantHint.${variant}`)}
          </Typography.Paragraph>
          <Form.Item name="sections" noStyle>
            <SectionList variant={variant} />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="flex-end" style={{ marginTop: 24 }}>
        <Space wrap>
          <Button onClick={handleReset} disabled={!template.bSaved} data-testid="report-reset">
            {t('actions.reset')}
          </Button>
          <Button
            onClick={() => void handlePreview()}
            loading={preview.isPending}
            data-testid="report-preview"
          >
            {t('actions.preview')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            data-testid="report-save"
          >
            {t('actions.save')}
          </Button>
        </Space>
      </Flex>
      <PreviewModal pdf={pdf} onClose={() => setPdf(null)} />
    </Form>
  );
}
