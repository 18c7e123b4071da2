import { DisconnectOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ViewNote } from './view-note';

/**
 * "Connection to the server lost: retrying", over a slide whose tiles failed while the server
 * did not answer. The pane asks again every few seconds and the tiles come back by themselves;
 * the note goes once the server answers.
 */
export function LinkLostNote() {
  const { t } = useTranslation('viewer');
  return (
    // Below the "opened where you left it" note, which may stand at the top for a few seconds.
    <ViewNote
      top={44}
      style={{
        gap: 6,
        padding: '4px 10px',
        background: 'rgba(255, 251, 230, 0.95)',
        border: '1px solid #ffe58f',
      }}
      testId="viewer-link-lost"
    >
      <DisconnectOutlined style={{ color: '#d48806' }} />
      <Typography.Text style={{ fontSize: 13 }}>{t('linkLost')}</Typography.Text>
    </ViewNote>
  );
}
