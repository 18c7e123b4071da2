import { useRef, useState } from 'react';
import { Button, Card, Progress, Result, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CaseImportLimits, type CaseImportMode, type CaseImportReport } from '@pathconsult/shared';
import { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast';
import { downloadTemplate, importCases } from '../api/case-import';
import { IMPORT_ACCEPT } from '../utils/import-fields';
import { CommitPanel } from './commit-panel';
import { ImportReportTable } from './import-report-table';

type Phase =
  | { kind: 'pick' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'review'; file: File; report: CaseImportReport; committing: boolean; percent: number }
  | { kind: 'done'; report: CaseImportReport };

function showError(error: unknown, fallback: string) {
  if (error instanceof DOMException && error.name === 'AbortError') {
    return;
  }
  toastError(error instanceof ApiError ? error.strMessage : fallback);
}

/**
 * /batchnew: download the template, upload a filled one (progress shown), read the per-row report,
 * choose how to create, confirm, and see what was created. The file is checked again on commit
 * by the server, so what is written is what the report said.
 */
export function CaseImportScreen() {
  const { t } = useTranslation('caseImport');
  const { t: te } = useTranslation('errors');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [downloading, setDownloading] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadTemplate(t('downloadName'));
    } catch (error) {
      showError(error, t('downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const preview = async (file: File) => {
    abort.current = new AbortController();
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const report = await importCases({
        file,
        commit: false,
        mode: 'allOrNothing',
        signal: abort.current.signal,
        onProgress: (percent) => setPhase({ kind: 'uploading', percent }),
      });
      setPhase({ kind: 'review', file, report, committing: false, percent: 0 });
    } catch (error) {
      showError(error, te('generic'));
      setPhase({ kind: 'pick' });
    }
  };

  const commit = async (mode: CaseImportMode) => {
    if (phase.kind !== 'review') {
      return;
    }
    const { file } = phase;
    setPhase({ ...phase, committing: true, percent: 0 });
    try {
      const report = await importCases({
        file,
        commit: true,
        mode,
        onProgress: (percent) => setPhase((p) => (p.kind === 'review' ? { ...p, percent } : p)),
      });
      // The new-cases list and its counts changed.
      await queryClient.invalidateQueries();
      setPhase(
        report.bCommitted
          ? { kind: 'done', report }
          : { kind: 'review', file, report, committing: false, percent: 0 },
      );
    } catch (error) {
      showError(error, te('generic'));
      setPhase((p) => (p.kind === 'review' ? { ...p, committing: false } : p));
    }
  };

  return (
    <Space
      orientation="vertical"
      size="large"
      style={{ width: '100%' }}
      data-testid="case-import-screen"
    >
      <Card title={t('title')}>
        <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void onDownload()}
          data-testid="case-import-template"
        >
          {t('download')}
        </Button>
      </Card>

      {(phase.kind === 'pick' || phase.kind === 'uploading') && (
        <Card title={t('steps.upload')}>
          <Upload.Dragger
            accept={IMPORT_ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={phase.kind === 'uploading'}
            // The file goes up through importCases (progress, token); antd only picks it.
            beforeUpload={(file) => {
              void preview(file);
              return Upload.LIST_IGNORE;
            }}
            data-testid="case-import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('drop')}</p>
            <p className="ant-upload-hint">
              {t('dropHint', {
                maxMb: CaseImportLimits.maxBytes / 1024 / 1024,
                maxRows: CaseImportLimits.maxRows,
              })}
            </p>
          </Upload.Dragger>
          {phase.kind === 'uploading' && (
            <div role="status" style={{ marginTop: 12 }}>
              <Typography.Text>{t('uploading')}</Typography.Text>
              <Progress percent={phase.percent} data-testid="case-import-progress" />
            </div>
          )}
        </Card>
      )}

      {phase.kind === 'review' && (
        <Card
          title={t('steps.review')}
          extra={
            <Typography.Text data-testid="case-import-summary">
              {t('summary', phase.report)}
            </Typography.Text>
          }
        >
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {phase.committing && <Progress percent={phase.percent} />}
            <ImportReportTable report={phase.report} />
            <CommitPanel
              report={phase.report}
              busy={phase.committing}
              onCommit={(mode) => void commit(mode)}
              onOtherFile={() => setPhase({ kind: 'pick' })}
            />
          </Space>
        </Card>
      )}

      {phase.kind === 'done' && (
        <Result
          status="success"
          data-testid="case-import-done"
          title={t('done', { count: phase.report.iCreated })}
          subTitle={
            phase.report.iInvalid > 0
              ? t('doneSkipped', { count: phase.report.iInvalid })
              : undefined
          }
          extra={[
            <Button key="list" type="primary" onClick={() => void navigate('/setnew')}>
              {t('toNewCases')}
            </Button>,
            <Button key="again" onClick={() => setPhase({ kind: 'pick' })}>
              {t('again')}
            </Button>,
          ]}
        />
      )}
    </Space>
  );
}
