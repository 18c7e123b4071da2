import { DisconnectOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "Connection to the server lost: retrying", over a slide whose tiles failed while the server
 * did not answer. The pane asks again every few seconds and the tiles come back by themselves;
 * the note goes once the server answers.
 */
export function LinkLostNote() {
  const { t } = useTranslation('viewer');
  return (
    <Flex
      align="center"
      gap={6}
      role="status"
      style={{
        position: 'absolute',
        // Below the "opened where you left it" note, which may stand at the top for a few seconds.
        top: 44,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 2,
        width: 'max-content',
        maxWidth: 'calc(100% - 16px)',
        padding: '4px 10px',
        borderRadius: 6,
        background: 'rgba(255, 251, 230, 0.95)',
        border: '1px solid #ffe58f',
      }}
      data-testid="viewer-link-lost"
    >
      <DisconnectOutlined style={{ color: '#d48806' }} />
      <Typography.Text style={{ fontSize: 13 }}>{t('linkLost')}</Typography.Text>
    </Flex>
  );
}
