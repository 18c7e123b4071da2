import { Alert, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session';
import { useRuleHospitals, useSerialNumberRule } from '@/features/serial-number/api/serial-number';
import {
  HospitalPicker,
  initialHospital,
} from '@/features/serial-number/components/hospital-picker';
import { SerialRuleForm } from '@/features/serial-number/components/serial-rule-form';
import { ListError } from './list-error';

/**
 * The "pathology number rule" tab of /medicalNum: the hospital (when the administrator keeps more
 * than one), whether it has a rule, and the rule form.
 */
export function MedicalNumRuleTab() {
  const { t } = useTranslation('serialNumber');
  const { user } = useSession();
  const hospitals = useRuleHospitals();
  const [picked, setPicked] = useState<number | undefined>();
  const list = hospitals.data ?? [];
  const hospitalId = picked ?? initialHospital(list, user?.hospital?.iHospitalId);
  const rule = useSerialNumberRule(hospitalId ?? null, hospitalId !== undefined);

  if (hospitals.isError) {
    return (
      <ListError
        title={t('loadError')}
        testId="serial-error"
        onRetry={() => void hospitals.refetch()}
      />
    );
  }
  if (hospitals.isPending) {
    return <Skeleton active />;
  }
  if (hospitalId === undefined) {
    return <Alert type="info" showIcon title={t('noHospital')} />;
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {list.length > 1 && (
        <HospitalPicker<number>
          label={t('hospital')}
          value={hospitalId}
          onChange={setPicked}
          hospitals={list}
          loading={hospitals.isFetching}
          testId="serial-hospital"
        />
      )}
      {rule.isError && (
        <ListError
          title={t('loadError')}
          testId="serial-error"
          onRetry={() => void rule.refetch()}
        />
      )}
      {rule.isPending && <Skeleton active />}
      {rule.data && (
        <>
          {rule.data.bHasRule ? (
            rule.data.dtUpdateTime && (
              <Typography.Text type="secondary" data-testid="serial-updated">
                {t('updated', { time: dayjs(rule.data.dtUpdateTime).format('YYYY-MM-DD HH:mm') })}
              </Typography.Text>
            )
          ) : (
            <Alert type="warning" showIcon title={t('noRule')} data-testid="serial-no-rule" />
          )}
          {/* A new form for each hospital and after each save: initial values are read once. */}
          <SerialRuleForm
            key={`${rule.data.iHospitalId}-${rule.data.dtUpdateTime ?? 'none'}`}
            rule={rule.data}
          />
        </>
      )}
    </Space>
  );
}
