import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppointmentLimits, type AppointmentItem } from '@pathconsult/shared';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { useChangeAppointmentState } from '../api/appointments';
import { whenValid } from '@/lib/form-rules';

/** The expert declines a booking, saying why (the reason is required, here and by the server). */
export function DeclineModal({
  target,
  onClose,
}: {
  target: AppointmentItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const [form] = Form.useForm<{ strAnswer: string }>();
  const change = useChangeAppointmentState();
  const send = () =>
    whenValid(form, (v) => {
      if (!target) {
        return;
      }
      change.mutate(
        {
          iAppointmentId: target.iAppointmentId,
          ddAction: 'decline',
          strAnswer: v.strAnswer.trim(),
        },
        {
          onSuccess: () => {
            toastSuccess(t('declined'));
            onClose();
          },
          onError: (error) => {
            if (!applyFieldErrors(form, error.fieldErrors)) {
              showFailure(error, toastError, t('failed'));
            }
          },
        },
      );
    });
  return (
    <Modal
      open={target !== null}
      title={t('declineDialog.title')}
      width={768}
      onCancel={onClose}
      okText={t('declineDialog.ok')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{
        danger: true,
        loading: change.isPending,
        ...{ 'data-testid': 'appointment-decline-ok' },
      }}
      onOk={send}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="appointmentDeclineForm" preserve={false}>
        <Form.Item
          name="strAnswer"
          label={t('declineDialog.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: serverText('validation.diagnosis.reason'),
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={AppointmentLimits.answerMax}
            showCount
            data-testid="appointment-decline-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
