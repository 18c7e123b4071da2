import { CloudUploadOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleType } from '@pathconsult/shared';
import { HoverTooltip } from '@/components/hover-tooltip';
import { useSession } from '@/lib/use-session';
import { statusOf } from '../utils/queue';
import { useUploadSnapshot, useUploads } from './upload-context';
import { usePhone } from '@/lib/use-phone';

/** The header's way to the upload queue, with the number of unfinished uploads. */
export function UploadHeaderButton() {
  const { t } = useTranslation('upload');
  const { iRoleType } = useSession();
  const { manager, openPanel } = useUploads();
  const { items, uploading } = useUploadSnapshot();
  // On a phone the icon alone, named for screen readers: with its word the site's name in the
  // header was cut to "PathCo…".
  const phone = usePhone();
  const unfinished = items.filter((item) => statusOf(item) === 0).length;
  // Doctors upload; anyone else sees the button only if a queue of theirs exists.
  if (!manager || (iRoleType !== RoleType.Doctor && items.length === 0)) {
    return null;
  }
  return (
    // No tooltip on a touch screen: a tap left it standing over the case's tabs.
    <HoverTooltip title={t('header.tooltip')}>
      <Badge
        count={unfinished}
        size="small"
        offset={[-6, 6]}
        color={uploading ? 'blue' : undefined}
      >
        <Button
          type="text"
          icon={<CloudUploadOutlined />}
          // For the screen on view, as it changes: on a case screen that takes slides, that case
          // (its owner's batch upload); elsewhere the panel says where slides are added.
          onClick={() => openPanel()}
          aria-label={phone ? t('header.button') : undefined}
          data-testid="upload-open"
        >
          {phone ? null : t('header.button')}
        </Button>
      </Badge>
    </HoverTooltip>
  );
}
