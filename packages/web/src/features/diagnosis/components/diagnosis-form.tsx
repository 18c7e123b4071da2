import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DiagnosisLimits,
  ReportKind,
  type DiagnosisDraftInput,
  type ReportDto,
} from '@pathconsult/shared';
import { serverText } from '@/lib/server-text';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useSession } from '@/lib/use-session';
import { useHasSignature, useRecheckSignature } from '@/features/signature/api/own-signature';
import { SignatureRequiredAlert } from '@/features/signature/components/signature-required-alert';
import { useConfirmDiagnosis, useSaveDraft } from '../api/diagnosis';
import {
  anyUnsaved,
  forgetUnsaved,
  keepUnsaved,
  unsavedKey,
  unsavedOver,
  type UnsavedReport,
} from '../utils/unsaved-report';
import { useReportLayout } from '../utils/use-report-layout';
import { ScreenshotChooser } from './screenshot-chooser';
import { WordTextArea } from './word-text-area';

type FormValues = UnsavedReport;

/**
 * The version of the report the expert writes now (spec §4): the first report, a modification
 * the doctor asked for (starting from the signed text) or the supplementary opinion (the signed
 * text stays, the supplement is added). Save draft keeps it for later; Confirm signs it with the
 * expert's signature image, after which it is never changed. Without a signature image the form
 * says so before anything is written (with the upload at hand) and Confirm stays off, telling
 * why: finding out only after the confirmation dialog would waste the expert's attention.
 */
export function DiagnosisForm({ draft, kind }: { draft: ReportDto; kind: number }) {
  const { t } = useTranslation('diagnosis');
  const [form] = Form.useForm<FormValues>();
  const save = useSaveDraft();
  const sign = useConfirmDiagnosis();
  const confirm = useConfirmAction();
  const supplementary = kind === ReportKind.Supplementary;
  const { descriptions } = useReportLayout();
  // Unknown until the account is read: the button stays on, the server checks anyway.
  const noSignature = useHasSignature() === false;
  const recheckSignature = useRecheckSignature();
  const signatureNoteId = useId();
  const queryClient = useQueryClient();
  const { iUserId } = useSession();
  // Words typed and not saved come back after a visit to another tab (utils/unsaved-report.ts).
  const unsaved = unsavedKey(iUserId, draft.iPatientReceiveId, draft.iVersion);
  const saved = useMemo<FormValues>(
    () => ({
      strResult: draft.strResult,
      strOpinion: draft.strOpinion,
      strSupplement: draft.strSupplement,
      listScreenshotId: draft.listScreenshot.map((s) => s.iScreenshotId),
    }),
    [draft],
  );
  const restored = useMemo(
    () => unsavedOver(unsaved, draft.dtUpdateTime),
    [unsaved, draft.dtUpdateTime],
  );
  // A reload loses them: the browser asks first (and the page does not reload by itself).
  useLeaveGuard(() => anyUnsaved(iUserId));

  const current = (): FormValues => {
    const v = form.getFieldsValue(true) as Partial<FormValues>;
    return {
      strResult: v.strResult ?? '',
      strOpinion: v.strOpinion ?? '',
      strSupplement: v.strSupplement ?? '',
      listScreenshotId: v.listScreenshotId ?? [],
    };
  };
  const body = (): DiagnosisDraftInput => ({
    iPatientReceiveId: draft.iPatientReceiveId,
    ...current(),
  });
  const onError = (error: ApiError) => {
    if (error.strErrorCode === 'SIGNATURE_MISSING') {
      // Removed meanwhile (another tab): read the account again, so the form says what to do.
      recheckSignature();
    }
    if (error.strErrorCode === 'REPORT_SCREENSHOT_GONE') {
      // Deleted meanwhile: read the case's screenshots again; the chooser drops the gone one.
      void queryClient.invalidateQueries({ queryKey: ['screenshots'] });
    }
    if (!applyFieldErrors(form, error.fieldErrors)) {
      showFailure(error, toastError, t('form.failed'));
    }
  };

  const saveDraft = () =>
    save.mutate(body(), {
      onSuccess: () => {
        forgetUnsaved(unsaved);
        toastSuccess(t('form.draftSaved'));
      },
      onError,
    });

  const signReport = () => {
    const required = supplementary ? 'strSupplement' : 'strResult';
    const value = ((form.getFieldValue(required) as string | undefined) ?? '').trim();
    if (value === '') {
      form.setFields([
        {
          name: required,
          errors: [
            serverText(
              supplementary ? 'validation.diagnosis.supplement' : 'validation.diagnosis.result',
            ),
          ],
        },
      ]);
      return;
    }
    confirm({
      title: t('form.signTitle'),
      content: t('form.signContent'),
      okText: t('form.sign'),
      danger: false,
      okTestId: 'diagnosis-sign-ok',
      action: async () => {
        const signed = await sign.mutateAsync(body());
        forgetUnsaved(unsaved);
        return signed;
      },
      done: t('form.signed'),
      onError,
    });
  };

  return (
    <Card
      title={
        <Space>
          {t('form.title')}
          <Tag color="processing" data-testid="diagnosis-open-kind">
            {t(`kind.${kind}`)}
          </Tag>
          <Typography.Text type="secondary">{t('version', { n: draft.iVersion })}</Typography.Text>
        </Space>
      }
      extra={
        draft.iReportId > 0 && (
          <Typography.Text type="secondary" data-testid="diagnosis-draft-saved">
            {t('form.draftFrom', { time: dayjs(draft.dtUpdateTime).format('YYYY-MM-DD HH:mm') })}
          </Typography.Text>
        )
      }
      data-testid="diagnosis-form"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="diagnosisForm"
        key={`${draft.iReportId}-${draft.dtUpdateTime}`}
        initialValues={restored ?? saved}
        onValuesChange={(changed) => {
          // A field error goes once the field is changed again.
          form.setFields(Object.keys(changed).map((name) => ({ name: name as never, errors: [] })));
          keepUnsaved(unsaved, draft.dtUpdateTime, current(), saved);
        }}
      >
        {restored && (
          <Alert
            type="info"
            showIcon
            title={t('form.unsavedBack')}
            data-testid="diagnosis-unsaved-back"
            style={{ marginBottom: 16 }}
          />
        )}
        {noSignature && (
          <div style={{ marginBottom: 16 }}>
            <SignatureRequiredAlert id={signatureNoteId} />
          </div>
        )}
        {supplementary ? (
          <>
            <Alert
              type="info"
              showIcon
              title={t('form.supplementHint')}
              style={{ marginBottom: 16 }}
            />
            <Descriptions
              column={1}
              bordered
              size="small"
              style={{ marginBottom: 16 }}
              {...descriptions}
            >
              <Descriptions.Item label={t('result')}>{draft.strResult}</Descriptions.Item>
              <Descriptions.Item label={t('opinion')}>{draft.strOpinion || '—'}</Descriptions.Item>
            </Descriptions>
            <WordTextArea
              form={form}
              name="strSupplement"
              label={t('supplement')}
              maxLength={DiagnosisLimits.supplementMax}
              required
              testId="diagnosis-supplement"
            />
          </>
        ) : (
          <>
            <WordTextArea
              form={form}
              name="strResult"
              label={t('result')}
              maxLength={DiagnosisLimits.resultMax}
              required
              rows={3}
              testId="diagnosis-result"
            />
            <WordTextArea
              form={form}
              name="strOpinion"
              label={t('opinion')}
              maxLength={DiagnosisLimits.opinionMax}
              rows={5}
              testId="diagnosis-opinion"
            />
            <Form.Item name="listScreenshotId" label={t('screenshots')}>
              <ScreenshotChooser iPatientId={draft.iPatientId} />
            </Form.Item>
          </>
        )}
        <Flex gap="small" justify="flex-end">
          <Button onClick={saveDraft} loading={save.isPending} data-testid="diagnosis-save-draft">
            {t('form.saveDraft')}
          </Button>
          <Tooltip title={noSignature ? t('form.signNeedsSignature') : undefined}>
            <Button
              type="primary"
              onClick={signReport}
              loading={sign.isPending}
              disabled={noSignature}
              aria-describedby={noSignature ? signatureNoteId : undefined}
              data-testid="diagnosis-sign"
            >
              {t('form.confirm')}
            </Button>
          </Tooltip>
        </Flex>
      </Form>
    </Card>
  );
}
