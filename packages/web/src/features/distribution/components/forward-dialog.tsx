import { Alert, Flex, Modal, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistributionHospitalItem, DistributionItem } from '@pathconsult/shared';
import { PICKER_PAGE_SIZE, PICKER_SCROLL_Y } from '@/features/receives/components/expert-columns';
import type { ApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/toast';
import { useDistributionHospitals, useForward } from '../api/distribution';
import { SearchBox } from '@/components/search-box';

/**
 * Forwards a waiting case to another diagnosis center of its group
 * (hospitalManage/DistributionHopistal), whose administrators distribute it then: one center,
 * picked from a paged list searchable by name. Rows are `forward-row-<hospital name>`.
 */
export function ForwardDialog({
  target,
  onClose,
}: {
  target: DistributionItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('distribution');
  const [name, setName] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<DistributionHospitalItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hospitals = useDistributionHospitals(
    {
      iPatientReceiveId: target?.iPatientReceiveId ?? 0,
      strHospitalName: name,
      iCurPage: page,
      iPageSize: PICKER_PAGE_SIZE,
    },
    target !== null,
  );
  const forward = useForward();

  const close = () => {
    setName(undefined);
    setPage(1);
    setChosen(null);
    setProblem(null);
    onClose();
  };

  const send = () => {
    if (!target) {
      return;
    }
    if (!chosen) {
      setProblem(t('forward.selectHospital'));
      return;
    }
    forward.mutate(
      {
        iPatientReceiveId: target.iPatientReceiveId,
        listHospitalId: [chosen.iHospitalId],
        isAlReadyAllot: 0,
      },
      {
        onSuccess: () => {
          toastSuccess(
            t('forward.done', { num: target.strDiagnosistNum, hospital: chosen.strHospitalName }),
          );
          close();
        },
        onError: (error: ApiError) => {
          if (error.strErrorCode === 'CASE_STATE_CHANGED') {
            close();
          }
        },
      },
    );
  };

  const columns: TableColumnsType<DistributionHospitalItem> = [
    { key: 'name', title: t('forward.col.name'), dataIndex: 'strHospitalName' },
    {
      key: 'city',
      title: t('forward.col.city'),
      dataIndex: 'strCity',
      width: 140,
      render: (city: string) => city || '—',
    },
    { key: 'experts', title: t('forward.col.experts'), dataIndex: 'iExpertCount', width: 120 },
  ];

  return (
    <Modal
      open={target !== null}
      title={t('forward.title', { num: target?.strDiagnosistNum ?? '' })}
      width={968}
      onCancel={close}
      onOk={send}
      okText={t('forward.submit')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: forward.isPending, ...{ 'data-testid': 'forward-ok' } }}
      destroyOnHidden
    >
      <Flex vertical gap="middle" data-testid="forward-dialog">
        <Typography.Text type="secondary">{t('forward.explain')}</Typography.Text>
        <SearchBox
          allowClear
          placeholder={t('forward.searchName')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setName(value.trim() || undefined);
            setPage(1);
          }}
          data-testid="forward-search"
        />
        <Typography.Text data-testid="forward-chosen">
          {chosen ? t('forward.chosen', { name: chosen.strHospitalName }) : t('forward.none')}
        </Typography.Text>
        {hospitals.isError ? (
          <Alert type="error" showIcon title={t('forward.loadError')} />
        ) : (
          <Table<DistributionHospitalItem>
            rowKey="iHospitalId"
            size="small"
            columns={columns}
            dataSource={hospitals.data?.listPage ?? []}
            loading={hospitals.isFetching}
            scroll={{ y: PICKER_SCROLL_Y }}
            locale={{ emptyText: t('forward.empty') }}
            pagination={{
              current: page,
              pageSize: PICKER_PAGE_SIZE,
              total: hospitals.data?.iTotalCount ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: chosen ? [chosen.iHospitalId] : [],
              onChange: (_keys, rows) => {
                setChosen(rows[0] ?? null);
                setProblem(null);
              },
              getCheckboxProps: (row) => ({ 'aria-label': row.strHospitalName }),
            }}
            onRow={(row) => ({ 'data-testid': `forward-row-${row.strHospitalName}` }) as object}
          />
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="forward-problem" />}
      </Flex>
    </Modal>
  );
}
