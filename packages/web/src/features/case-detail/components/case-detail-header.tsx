import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseVariant, type PatientDto } from '@pathconsult/shared';
import { CaseStateTag } from '@/features/cases/components/case-state-tag';

/** What every case screen shows on top: pathology number, name, state and variant. */
export function CaseDetailHeader({ patient }: { patient: PatientDto }) {
  const { t } = useTranslation('caseDetail');
  const vet = patient.ddVariant.iNumber === CaseVariant.Veterinary;
  return (
    <Flex gap="small" align="center" wrap data-testid="case-detail-header">
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="case-detail-number">
        {patient.strDiagnosistNum}
      </Typography.Title>
      <Typography.Text data-testid="case-detail-name">{patient.strPatientName}</Typography.Text>
      <CaseStateTag state={patient.ddPatientState.iNumber} />
      <Tag color={vet ? 'green' : 'blue'} data-testid="case-detail-variant">
        {t(vet ? 'variant.veterinary' : 'variant.human')}
      </Tag>
    </Flex>
  );
}
