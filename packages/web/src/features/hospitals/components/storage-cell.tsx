import { Progress, Typography } from 'antd';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import { formatStorageTotal, gbToBytes, storagePercent } from '../utils/storage';

/**
 * Used and total slide storage of a hospital, with a small bar (red once full). Used in the unit
 * that reads best ("1.85 MB / 500 GB", as on the slide screens; not "0.002 / 500 GB"), the total
 * as the administrator set it, in GB.
 */
export function StorageCell({ usedBytes, total }: { usedBytes: number; total: number }) {
  const percent = storagePercent(usedBytes, gbToBytes(total));
  return (
    <div style={{ minWidth: 120 }}>
      <Typography.Text>
        {formatBytes(usedBytes)} / {formatStorageTotal(total)}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={percent >= 100 ? 'exception' : 'normal'}
      />
    </div>
  );
}
