import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The viewer's keys (OpenSeadragon's own, our magnification steps, the annotation layer's). */
const SHORTCUTS: { keys: string; action: string }[] = [
  { keys: '+ / −', action: 'step' },
  { keys: '← ↑ → ↓ / W A S D', action: 'pan' },
  { keys: 'Shift + ↑ / ↓', action: 'smoothZoom' },
  { keys: '0', action: 'home' },
  { keys: 'R / Shift + R', action: 'rotate' },
  { keys: 'F', action: 'flip' },
  { keys: 'Enter', action: 'finishPolygon' },
  { keys: 'Esc', action: 'cancel' },
  { keys: 'Delete', action: 'delete' },
];

/** A "?" beside the viewer's controls listing its keyboard shortcuts. */
export function KeyboardHelpButton({ size }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation('viewer');
  const content = (
    <div style={{ maxWidth: 380 }} data-testid="viewer-keys">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('keys.focusHint')}
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        showHeader={false}
        rowKey="action"
        dataSource={SHORTCUTS}
        columns={[
          {
            dataIndex: 'keys',
            width: 150,
            render: (keys: string) => <Typography.Text keyboard>{keys}</Typography.Text>,
          },
          { dataIndex: 'action', render: (action: string) => t(`keys.${action}`) },
        ]}
      />
    </div>
  );
  return (
    <Popover content={content} title={t('keys.title')} trigger="click" placement="bottomRight">
      <Tooltip title={t('keys.title')}>
        <Button
          size={size}
          icon={<QuestionCircleOutlined />}
          aria-label={t('keys.title')}
          data-testid="viewer-keys-button"
        />
      </Tooltip>
    </Popover>
  );
}
