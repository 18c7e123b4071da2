import { useMemo, useState } from 'react';
import { Checkbox, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CaseImportReport, CaseImportRow } from '@pathconsult/shared';
import { currentLang } from '@/lib/i18n';
import { importFieldTitle } from '../utils/import-fields';

/** The per-row report: row number, valid or not, the row's name and number, each problem. */
export function ImportReportTable({ report }: { report: CaseImportReport }) {
  const { t } = useTranslation('caseImport');
  const [onlyInvalid, setOnlyInvalid] = useState(report.iInvalid > 0);
  const lang = currentLang();
  const rows = useMemo(
    () => (onlyInvalid ? report.listRow.filter((r) => !r.bValid) : report.listRow),
    [onlyInvalid, report],
  );
  const columns: ColumnsType<CaseImportRow> = [
    { title: t('columns.row'), dataIndex: 'iRow', width: 80 },
    {
      title: t('columns.status'),
      width: 100,
      render: (_, r) =>
        r.bValid ? (
          <Tag color="success">{t('status.valid')}</Tag>
        ) : (
          <Tag color="error">{t('status.invalid')}</Tag>
        ),
    },
    { title: t('columns.name'), dataIndex: 'strPatientName', width: 140 },
    {
      title: t('columns.number'),
      width: 180,
      render: (_, r) =>
        r.strDiagnosistNum || (
          <Typography.Text type="secondary">{t('numberFromRule')}</Typography.Text>
        ),
    },
    {
      title: t('columns.errors'),
      render: (_, r) => (
        <ul className="case-import-errors" style={{ margin: 0, paddingInlineStart: 16 }}>
          {r.listError.map((e) => (
            <li key={`${e.strField}:${e.strMessage}`}>
              <Typography.Text strong>{importFieldTitle(e.strField, lang)}</Typography.Text>
              {lang === 'zh' ? '：' : ': '}
              {e.strMessage}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {report.iInvalid > 0 && (
        <Checkbox checked={onlyInvalid} onChange={(e) => setOnlyInvalid(e.target.checked)}>
          {t('onlyInvalid')}
        </Checkbox>
      )}
      <Table<CaseImportRow>
        data-testid="case-import-report"
        rowKey="iRow"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        rowClassName={(r) => (r.bValid ? '' : 'case-import-invalid-row')}
      />
    </Space>
  );
}
