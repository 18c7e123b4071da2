import { Alert, Button, Flex, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkingSlot } from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveWeek } from '../api/working-time';
import { keysOfSlots, weekChanged, weekToSave } from '../utils/week-grid';
import { WeekGrid } from './week-grid';

interface ScheduleDialogProps {
  open: boolean;
  /** The expert whose week is edited; null while unknown (the own schedule is loading). */
  expert: { iUserId: number; strRealName: string } | null;
  /** The stored week; undefined while loading. */
  slots: readonly WorkingSlot[] | undefined;
  loadFailed?: boolean;
  /** The expert's own schedule (account menu) rather than an administrator's edit. */
  own?: boolean;
  onClose: () => void;
}

/**
 * Edits an expert's week in the 7 × 2 grid and saves it whole (workingTime/update). The modal
 * holds `schedule-dialog`; its buttons are `schedule-clear`, `schedule-cancel`, `schedule-save`.
 */
export function ScheduleDialog({
  open,
  expert,
  slots,
  loadFailed,
  own,
  onClose,
}: ScheduleDialogProps) {
  const { t } = useTranslation('workingTime');
  const title = own ? t('dialog.ownTitle') : t('dialog.title', { name: expert?.strRealName ?? '' });
  return (
    <Modal open={open} title={title} width={520} footer={null} destroyOnHidden onCancel={onClose}>
      <div data-testid="schedule-dialog">
        {loadFailed && <Alert type="error" showIcon title={t('dialog.loadError')} />}
        {!loadFailed && (!expert || !slots) && (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        )}
        {expert && slots && (
          // Mounted per expert: the grid starts from the stored week each time the dialog opens.
          <WeekEditor
            key={expert.iUserId}
            iUserId={expert.iUserId}
            slots={slots}
            onDone={onClose}
          />
        )}
      </div>
    </Modal>
  );
}

function WeekEditor({
  iUserId,
  slots,
  onDone,
}: {
  iUserId: number;
  slots: readonly WorkingSlot[];
  onDone: () => void;
}) {
  const { t } = useTranslation('workingTime');
  const [keys, setKeys] = useState(() => keysOfSlots(slots));
  const save = useSaveWeek();

  function handleSave() {
    save.mutate(
      { iUserId, listSlot: weekToSave(keys, slots) },
      {
        onSuccess: () => {
          toastSuccess(t('dialog.saved'));
          onDone();
        },
        onError: (error: ApiError) => {
          if (!error.shown) {
            toastError(error.strMessage || t('dialog.saveFailed'));
          }
        },
      },
    );
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <WeekGrid value={keys} onChange={setKeys} disabled={save.isPending} />
      <Typography.Text type="secondary">{t('dialog.count', { n: keys.length })}</Typography.Text>
      <Flex justify="space-between">
        <Button
          data-testid="schedule-clear"
          disabled={keys.length === 0 || save.isPending}
          onClick={() => setKeys([])}
        >
          {t('actions.clear')}
        </Button>
        <Space>
          <Button data-testid="schedule-cancel" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="primary"
            data-testid="schedule-save"
            loading={save.isPending}
            disabled={!weekChanged(keys, slots)}
            onClick={handleSave}
          >
            {t('actions.save')}
          </Button>
        </Space>
      </Flex>
    </Space>
  );
}
