import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_KINDS,
  AppointmentKind,
  AppointmentLimits,
  type ExpertPickItem,
} from '@pathconsult/shared';
import { applyFieldErrors } from '@/lib/form-errors';
import { toastSuccess } from '@/lib/toast';
import { useBookAppointment, useBookableCases } from '../api/appointments';
import { halfDayText } from '../utils/appointment-view';
import { ExpertSinglePicker } from './expert-single-picker';
import { parseSlotKey, SlotPicker } from './slot-picker';
import { whenValid } from '@/lib/form-rules';

interface BookValues {
  iPatientId?: number;
  slot?: string;
  iKind: number;
  strNote?: string;
}

/**
 * "Book an expert" (patient/addPatientReceiveReservation): one of the doctor's new or waiting
 * cases found by pathology number, one expert of those the doctor may send cases to, a free
 * half-day of the expert's next 14 days, the kind and a note. The server's refusals (half-day
 * just taken, case changed...) are shown in the dialog, which stays open to pick again.
 */
export function BookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const [form] = Form.useForm<BookValues>();
  const [num, setNum] = useState('');
  const [expert, setExpert] = useState<ExpertPickItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cases = useBookableCases(num, open);
  const book = useBookAppointment();

  const close = () => {
    setNum('');
    setExpert(null);
    setProblem(null);
    onClose();
  };
  const chooseExpert = (next: ExpertPickItem | null) => {
    setExpert(next);
    setProblem(null);
    // The half-days belong to the expert: another expert's choice must be made again.
    form.setFieldValue('slot', undefined);
  };
  const send = () =>
    whenValid(form, (v) => {
      if (!expert) {
        setProblem(t('dialog.selectExpert'));
        return;
      }
      const slot = parseSlotKey(v.slot ?? '');
      book.mutate(
        {
          iPatientId: v.iPatientId ?? 0,
          iExpertId: expert.iUserId,
          ...slot,
          ddKind: { iNumber: v.iKind as 0 | 1 },
          strNote: v.strNote?.trim() ?? '',
        },
        {
          onSuccess: (item) => {
            toastSuccess(
              t('dialog.booked', { name: item.expert.strRealName, time: halfDayText(item, t) }),
            );
            close();
          },
          onError: (error) => {
            const fields = (f: string) =>
              ({ iPatientId: 'iPatientId', dtDate: 'slot', iPeriod: 'slot', strNote: 'strNote' })[
                f
              ];
            if (!applyFieldErrors(form, error.fieldErrors, fields)) {
              setProblem(error.strMessage || t('failed'));
            }
          },
        },
      );
    });

  return (
    <Modal
      open={open}
      title={t('dialog.title')}
      width={968}
      onCancel={close}
      okText={t('dialog.ok')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: book.isPending, ...{ 'data-testid': 'appointment-book-ok' } }}
      onOk={send}
      destroyOnHidden
    >
      <Form<BookValues>
        form={form}
        layout="vertical"
        name="appointmentBookForm"
        preserve={false}
        initialValues={{ iKind: AppointmentKind.FrozenSection }}
      >
        <Form.Item
          name="iPatientId"
          label={t('dialog.case')}
          rules={[{ required: true, message: t('dialog.selectCase') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: (value) => setNum(value.trim()) }}
            placeholder={t('dialog.casePlaceholder')}
            loading={cases.isFetching}
            notFoundContent={cases.isError ? t('loadError') : t('dialog.noCases')}
            options={(cases.data ?? []).map((c) => ({
              value: c.iPatientId,
              label: `${c.strDiagnosistNum} · ${c.strPatientName}`,
            }))}
            data-testid="appointment-case"
          />
        </Form.Item>
        <Form.Item label={t('dialog.expert')} required>
          <ExpertSinglePicker chosen={expert} onChoose={chooseExpert} />
        </Form.Item>
        <Form.Item
          name="slot"
          label={t('dialog.slot')}
          extra={t('dialog.slotHint')}
          rules={[{ required: true, message: t('dialog.selectSlot') }]}
        >
          <SlotPicker iExpertId={expert?.iUserId ?? null} />
        </Form.Item>
        <Form.Item name="iKind" label={t('dialog.kind')}>
          <Radio.Group
            options={APPOINTMENT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            data-testid="appointment-kind"
          />
        </Form.Item>
        <Form.Item name="strNote" label={t('dialog.note')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={AppointmentLimits.noteMax}
            showCount
            placeholder={t('dialog.notePlaceholder')}
            data-testid="appointment-note"
          />
        </Form.Item>
      </Form>
      {problem && (
        <Alert type="error" showIcon title={problem} data-testid="appointment-book-problem" />
      )}
    </Modal>
  );
}
