import { Progress, Typography } from 'antd';
import { formatGb, storagePercent } from '../utils/storage';

/** Used and total slide storage of a hospital, GB, with a small bar (red once full). */
export function StorageCell({ used, total }: { used: number; total: number }) {
  const percent = storagePercent(used, total);
  return (
    <div style={{ minWidth: 120 }}>
      <Typography.Text>
        {formatGb(used)} / {formatGb(total)} GB
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
