import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MedicalOrderItemDto } from '@pathconsult/shared';
import {
  useMedicalOrderPage,
  useSaveMedicalOrder,
} from '@/features/medical-order/api/medical-order';
import {
  OrderItemFilters,
  type OrderItemFilterValues,
} from '@/features/medical-order/components/order-item-filters';
import { OrderItemFormModal } from '@/features/medical-order/components/order-item-form-modal';
import { OrderItemTable } from '@/features/medical-order/components/order-item-table';
import { useRuleHospitals } from '@/features/serial-number/api/serial-number';
import {
  HospitalPicker,
  initialHospital,
  PLATFORM,
  type PickedDictionary,
} from '@/features/serial-number/components/hospital-picker';
import { toastSuccess } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { ListError } from './list-error';
import { usePagedRows, usePaging } from './list-state';

/**
 * The "order dictionary" tab of /medicalNum. Platform administrators keep the platform dictionary
 * (and may look after a hospital's); hospital administrators keep their hospital's own items and
 * see the platform's read-only.
 */
export function MedicalNumOrdersTab() {
  const { t } = useTranslation('medicalOrder');
  const { iRoleType, user } = useSession();
  const isPlatformAdmin = iRoleType === 1;
  const confirm = useConfirmAction();
  const hospitals = useRuleHospitals();
  const list = hospitals.data ?? [];
  const [picked, setPicked] = useState<PickedDictionary | undefined>();
  const dictionary: PickedDictionary | undefined =
    picked ?? (isPlatformAdmin ? PLATFORM : initialHospital(list, user?.hospital?.iHospitalId));
  const [filters, setFilters] = useState<OrderItemFilterValues>({});
  const paging = usePaging();
  const query = useMedicalOrderPage(
    {
      ...filters,
      ...paging.page,
      iHospitalId: dictionary === PLATFORM ? undefined : dictionary,
    },
    dictionary !== undefined,
  );
  const rows = usePagedRows(query, paging);
  const save = useSaveMedicalOrder();
  const [toggling, setToggling] = useState<number | null>(null);
  const [form, setForm] = useState<{ open: boolean; editing: MedicalOrderItemDto | null }>({
    open: false,
    editing: null,
  });

  const targetName =
    dictionary === PLATFORM
      ? t('platformDictionary')
      : (list.find((h) => h.iHospitalId === dictionary)?.strHospitalName ?? '');

  function toggle(row: MedicalOrderItemDto) {
    const run = () => {
      setToggling(row.iItemId);
      return save
        .mutateAsync({ iItemId: row.iItemId, bEnabled: !row.bEnabled })
        .finally(() => setToggling(null));
    };
    if (!row.bEnabled) {
      void run().then(() => toastSuccess(t('enabled')));
      return;
    }
    confirm({
      title: t('disableConfirm.title', { name: row.strName }),
      content: t('disableConfirm.content'),
      okText: t('actions.disable'),
      okTestId: 'order-disable-confirm',
      action: run,
      done: t('disableConfirm.done'),
    });
  }

  if (hospitals.isError) {
    return (
      <ListError
        title={t('loadError')}
        testId="order-error"
        onRetry={() => void hospitals.refetch()}
      />
    );
  }
  if (hospitals.isPending) {
    return <Skeleton active />;
  }
  const showPicker = isPlatformAdmin || list.length > 1;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {showPicker && (
        <HospitalPicker<PickedDictionary>
          label={t('dictionary')}
          value={dictionary}
          onChange={(value) => {
            setPicked(value);
            paging.toFirstPage();
          }}
          hospitals={list}
          loading={hospitals.isFetching}
          extra={isPlatformAdmin ? { value: PLATFORM, label: t('platformDictionary') } : undefined}
          testId="order-dictionary"
        />
      )}
      <Alert
        type="info"
        showIcon
        title={t(dictionary === PLATFORM ? 'platformNotice' : 'hospitalNotice')}
      />
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <OrderItemFilters
          onSearch={(values) => {
            setFilters({
              ...values,
              strName: values.strName?.trim() || undefined,
            });
            paging.toFirstPage();
          }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="order-add"
          disabled={dictionary === undefined}
          onClick={() => setForm({ open: true, editing: null })}
        >
          {t('actions.add')}
        </Button>
      </Flex>
      {query.isError && (
        <ListError
          title={t('loadError')}
          testId="order-error"
          onRetry={() => void query.refetch()}
        />
      )}
      <OrderItemTable
        {...rows}
        mayChangePlatform={isPlatformAdmin}
        toggling={toggling}
        onEdit={(row) => setForm({ open: true, editing: row })}
        onToggle={toggle}
      />
      <OrderItemFormModal
        open={form.open}
        editing={form.editing}
        target={{
          iHospitalId: dictionary === PLATFORM || dictionary === undefined ? null : dictionary,
          name: targetName,
        }}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
    </Space>
  );
}
