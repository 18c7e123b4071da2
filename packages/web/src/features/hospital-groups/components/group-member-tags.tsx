import { StarFilled } from '@ant-design/icons';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { HospitalDiagnosis, type HospitalGroupDto } from '@pathconsult/shared';

/** The institutions of a group as tags; diagnostic centers are gold and starred. */
export function GroupMemberTags({ members }: { members: HospitalGroupDto['listHospital'] }) {
  const { t } = useTranslation('hospitalGroups');
  return (
    <Flex wrap gap={4}>
      {members.map((m) =>
        m.ddIsDiagnosis.iNumber === HospitalDiagnosis.Center ? (
          <Tooltip key={m.iHospitalId} title={t('center')}>
            <Tag color="gold" icon={<StarFilled />} data-testid="group-member-center">
              {m.strHospitalName}
            </Tag>
          </Tooltip>
        ) : (
          <Tag key={m.iHospitalId}>{m.strHospitalName}</Tag>
        ),
      )}
    </Flex>
  );
}
