import { Alert, Flex } from 'antd';
import dayjs from 'dayjs';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUpgradeNotice } from '@pathconsult/shared';
import { useCurrentNotices } from '../api/upgrade-notices';
import { dismissedIds, dismissNotice, isOngoing, visibleNotices } from '../utils/notices';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * Banners of the current upgrade notices (login page and workspace): "{platform} will be upgraded
 * from {start} to {end}", or "is being upgraded" once begun. Each can be closed; a closed notice
 * stays closed in this browser tab (sessionStorage). Wrapper `upgrade-banner`, one
 * `upgrade-notice-<id>` each.
 */
export function UpgradeBanner({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation('upgradeNotice');
  const query = useCurrentNotices();
  const [dismissed, setDismissed] = useState(() => dismissedIds(sessionStorage));
  const now = new Date();
  const shown = visibleNotices(query.data ?? [], dismissed, now);
  if (shown.length === 0) {
    return null;
  }
  const text = (n: CurrentUpgradeNotice) =>
    t(isOngoing(n, now) ? 'banner.ongoing' : 'banner.upcoming', {
      platform: n.strPlatformName,
      start: time(n.strStartTime),
      end: time(n.strEndTime),
    });
  return (
    <Flex
      vertical
      gap={8}
      style={style}
      data-testid="upgrade-banner"
      role="region"
      aria-label={t('banner.label')}
    >
      {shown.map((n) => (
        <Alert
          key={n.iNoticeId}
          type={isOngoing(n, now) ? 'warning' : 'info'}
          showIcon
          data-testid={`upgrade-notice-${n.iNoticeId}`}
          title={text(n)}
          description={n.strContent || undefined}
          closable={{
            'aria-label': t('banner.dismiss'),
            // Remembered at once; dropped from the list once antd's closing animation is over.
            onClose: () => void dismissNotice(sessionStorage, n.iNoticeId),
            afterClose: () => setDismissed(dismissedIds(sessionStorage)),
          }}
        />
      ))}
    </Flex>
  );
}
