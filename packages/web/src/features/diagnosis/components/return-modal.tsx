import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBackPatient } from '../api/diagnosis';
import { ReasonField } from './reason-field';
import { useReturnDone } from './use-return-done';
import { whenValid } from '@/lib/form-rules';

/** diagnosis/backPatient: a regular return with its reason. */
export function ReturnModal({
  open,
  iPatientReceiveId,
  onClose,
}: {
  open: boolean;
  iPatientReceiveId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('diagnosis');
  const [form] = Form.useForm<{ strReason: string }>();
  const back = useBackPatient();
  const done = useReturnDone(form, t('back.done'), t('form.failed'), onClose);
  return (
    <Modal
      open={open}
      title={t('back.regularTitle')}
      width={768}
      onCancel={onClose}
      okText={t('back.regular')}
      okButtonProps={{
        danger: true,
        loading: back.isPending,
        ...{ 'data-testid': 'back-regular-ok' },
      }}
      onOk={() =>
        whenValid(form, (v) =>
          done.send(back.mutateAsync, { iPatientReceiveId, strReason: v.strReason.trim() }),
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="backRegularForm" preserve={false}>
        <ReasonField label={t('back.reason')} testId="back-regular-reason" />
      </Form>
    </Modal>
  );
}
