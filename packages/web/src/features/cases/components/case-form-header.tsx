import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatientDto } from '@pathconsult/shared';
import { useAgeText } from './use-age-text';

/** Title of the case form: new or editing which case (name and age), and the variant. */
export function CaseFormHeader({ editing, vet }: { editing: PatientDto | null; vet: boolean }) {
  const { t } = useTranslation('cases');
  const ageText = useAgeText();
  const age = editing ? ageText(editing) : '';
  return (
    <Flex gap="small" align="center" wrap>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="case-form-title">
        {editing ? t('form.editTitle', { num: editing.strDiagnosistNum }) : t('form.newTitle')}
      </Typography.Title>
      {editing && (
        <Typography.Text type="secondary" data-testid="case-form-summary">
          {age ? t('form.summary', { name: editing.strPatientName, age }) : editing.strPatientName}
        </Typography.Text>
      )}
      {vet && <Tag color="green">{t('form.veterinaryBadge')}</Tag>}
    </Flex>
  );
}
