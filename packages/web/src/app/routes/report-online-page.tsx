import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseVariant } from '@pathconsult/shared';
import { useCaseVariant } from '@/features/cases/api/case-variant';
import {
  useReportTemplate,
  useTemplateHospitals,
} from '@/features/report-templates/api/report-templates';
import { ReportTemplateForm } from '@/features/report-templates/components/report-template-form';
import {
  HospitalPicker,
  initialHospital,
} from '@/features/serial-number/components/hospital-picker';
import { useSession } from '@/lib/use-session';
import { ListError } from './list-error';

/**
 * /ReportOnline: administrators design their hospital's printed report — header, footer, which
 * parts and fields print and in what order — for the deployment's case model. Platform
 * administrators, who keep every hospital's form, pick the hospital first.
 */
export default function ReportOnlinePage() {
  const { t } = useTranslation('reportTemplates');
  const { user } = useSession();
  const variantCode = useCaseVariant();
  const hospitals = useTemplateHospitals();
  const [picked, setPicked] = useState<number | undefined>();
  const list = hospitals.data ?? [];
  const hospitalId = picked ?? initialHospital(list, user?.hospital?.iHospitalId);
  const template = useReportTemplate(hospitalId ?? null, hospitalId !== undefined);
  const variant = variantCode === CaseVariant.Veterinary ? 'veterinary' : 'human';

  let body;
  if (hospitals.isError) {
    body = (
      <ListError
        title={t('loadError')}
        testId="report-template-error"
        onRetry={() => void hospitals.refetch()}
      />
    );
  } else if (hospitals.isPending || variantCode === undefined) {
    body = <Skeleton active />;
  } else if (hospitalId === undefined) {
    body = <Alert type="info" showIcon title={t('noHospital')} />;
  } else {
    const data = template.data;
    body = (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {list.length > 1 && (
          <HospitalPicker<number>
            label={t('hospital')}
            value={hospitalId}
            onChange={setPicked}
            hospitals={list}
            loading={hospitals.isFetching}
            testId="report-hospital"
          />
        )}
        {template.isError && (
          <ListError
            title={t('loadError')}
            testId="report-template-error"
            onRetry={() => void template.refetch()}
          />
        )}
        {template.isPending && <Skeleton active />}
        {data && (
          <>
            {data.bSaved && data.dtUpdateTime ? (
              <Typography.Text type="secondary" data-testid="report-updated">
                {t('updated', { time: dayjs(data.dtUpdateTime).format('YYYY-MM-DD HH:mm') })}
              </Typography.Text>
            ) : (
              <Alert type="info" showIcon title={t('usingDefault')} data-testid="report-default" />
            )}
            {/* A new form for each hospital and after each save or reset: initial values are read once. */}
            <ReportTemplateForm
              key={`${data.iHospitalId}-${data.dtUpdateTime ?? 'default'}`}
              template={data}
              variant={variant}
            />
          </>
        )}
      </Space>
    );
  }
  return <Card title={t('title')}>{body}</Card>;
}
