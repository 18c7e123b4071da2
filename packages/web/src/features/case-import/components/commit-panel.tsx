import { useState } from 'react';
import { Alert, Button, Popconfirm, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaseImportMode, CaseImportReport } from '@pathconsult/shared';
import { casesToCreate } from '../utils/import-fields';

interface CommitPanelProps {
  report: CaseImportReport;
  busy: boolean;
  onCommit: (mode: CaseImportMode) => void;
  onOtherFile: () => void;
}

/**
 * The user's choice before anything is written: all rows or none, or the valid rows only, with
 * what the choice will do stated in numbers, and a confirmation before the cases are created.
 */
export function CommitPanel({ report, busy, onCommit, onOtherFile }: CommitPanelProps) {
  const { t } = useTranslation('caseImport');
  const [mode, setMode] = useState<CaseImportMode>(
    report.iInvalid > 0 ? 'validOnly' : 'allOrNothing',
  );
  const count = casesToCreate(report, mode);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="case-import-commit">
      <Typography.Text strong id="case-import-mode-label">
        {t('mode.label')}
      </Typography.Text>
      <Radio.Group
        aria-labelledby="case-import-mode-label"
        value={mode}
        onChange={(e) => setMode(e.target.value as CaseImportMode)}
      >
        <Space orientation="vertical">
          <Radio value="allOrNothing">
            {t('mode.allOrNothing')}
            <Typography.Text type="secondary"> — {t('mode.allOrNothingHint')}</Typography.Text>
          </Radio>
          <Radio value="validOnly">
            {t('mode.validOnly')}
            <Typography.Text type="secondary"> — {t('mode.validOnlyHint')}</Typography.Text>
          </Radio>
        </Space>
      </Radio.Group>
      {count > 0 ? (
        <Alert type="info" showIcon title={t('willCreate', { count })} />
      ) : (
        <Alert type="warning" showIcon title={t('nothingToCreate')} />
      )}
      <Space>
        <Popconfirm
          title={t('confirmTitle', { count })}
          description={t('confirmBody')}
          onConfirm={() => onCommit(mode)}
          disabled={count === 0}
        >
          <Button
            type="primary"
            disabled={count === 0}
            loading={busy}
            data-testid="case-import-create"
          >
            {t('create')}
          </Button>
        </Popconfirm>
        <Button onClick={onOtherFile} disabled={busy}>
          {t('otherFile')}
        </Button>
      </Space>
    </Space>
  );
}
