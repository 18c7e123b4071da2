import { InfoCircleOutlined } from '@ant-design/icons';
import { Space, Statistic, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatStorageTotal, gbToBytes } from '@/features/hospitals/utils/storage';
import { capacityUsedUp } from '@/features/slide-upload/utils/upload-checks';
import { formatBytes } from '../utils/format-bytes';
import { useSlideStatistics } from '../api/slides';

/**
 * The figures above a stored-slides list: slides in all, matched, unmatched, uploading, failed,
 * and the storage used of the total. Nothing is shown while they load or when they fail: the
 * list below is what the screen is for.
 */
export function SlideSummary({
  iHospitalId,
  severalHospitals,
}: {
  iHospitalId: number | undefined;
  /** The list covers several hospitals (no hospital filter picked): the storage is theirs. */
  severalHospitals: boolean;
}) {
  const { t } = useTranslation('slides');
  const { data } = useSlideStatistics(iHospitalId);
  const { token } = theme.useToken();
  if (!data) {
    return null;
  }
  // Uploads are refused from here on: said in red where the figure is read, not first at Start.
  // Only for one hospital: summed over several, one full hospital hid in the others' room.
  const full =
    !severalHospitals &&
    capacityUsedUp({
      lUsedBytes: data.lUsedBytes,
      lTotalBytes: gbToBytes(data.dTotalMemory),
    });
  const figures = [
    ['total', data.iTotal],
    ['matched', data.iMatched],
    ['unmatched', data.iUnmatched],
    ['uploading', data.iUploading],
    ['interrupted', data.iInterrupted],
    ['failed', data.iFailed],
  ] as const;
  return (
    <Space size="large" wrap data-testid="slide-summary">
      {figures.map(([key, value]) => (
        <Statistic key={key} title={t(`summary.${key}`)} value={value} />
      ))}
      <Statistic
        // Why it is more than the slides' sizes add up to, said where it is read.
        title={
          <Tooltip title={t(severalHospitals ? 'summary.storageHintAll' : 'summary.storageHint')}>
            <span data-testid="slide-summary-storage-title">
              {t('summary.storage')} <InfoCircleOutlined />
            </span>
          </Tooltip>
        }
        // Used in the unit that reads best ("7.2 MB / 500 GB", not "0.007 / 500 GB"): a
        // hospital's first slides are megabytes. The total as the administrator set it, in GB
        // ("2500 GB", not "2.44 TB").
        value={t('summary.storageValue', {
          used: formatBytes(data.lUsedBytes),
          total: formatStorageTotal(data.dTotalMemory),
        })}
        suffix={full ? t('summary.storageFull') : undefined}
        styles={full ? { content: { color: token.colorError } } : undefined}
        data-testid="slide-summary-storage"
        data-full={full ? 'true' : 'false'}
      />
    </Space>
  );
}
