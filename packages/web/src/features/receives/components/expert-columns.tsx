import { Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpertPickItem } from '@pathconsult/shared';
import { workingTimeText } from '../utils/working-time';

/** Pickers page by 10 and scroll at 260 px (spec §9). */
export const PICKER_PAGE_SIZE = 10;
export const PICKER_SCROLL_Y = 260;

/** The columns of an expert picker (submission, referral): name, hospital, specialty, week. */
export function useExpertColumns(): TableColumnsType<ExpertPickItem> {
  const { t } = useTranslation('receives');
  return useMemo(
    () => [
      { title: t('col.name'), dataIndex: 'strRealName', width: 120 },
      { title: t('col.hospital'), dataIndex: 'strHospitalName', width: 180 },
      {
        title: t('col.specialty'),
        dataIndex: 'strSpecialty',
        ellipsis: true,
        render: (value: string | null) => value || '—',
      },
      {
        title: t('col.workingTime'),
        key: 'working',
        width: 260,
        render: (_, row) =>
          workingTimeText(row.listWorkingTime, {
            weekday: (day) => t(`weekday.${day}`),
            morning: t('morning'),
            afternoon: t('afternoon'),
            joiner: t('joiner'),
          }) || t('notScheduled'),
      },
      {
        title: '',
        key: 'sent',
        width: 90,
        render: (_, row) => (row.bAlreadySent ? <Tag>{t('alreadySent')}</Tag> : null),
      },
    ],
    [t],
  );
}
