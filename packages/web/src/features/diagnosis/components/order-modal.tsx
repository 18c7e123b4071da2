import { Alert, Checkbox, Empty, Flex, Form, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEDICAL_ORDER_CATEGORIES, type MedicalOrderOption } from '@pathconsult/shared';
import { serverText } from '@/lib/server-text';
import { useBackMedicalOrder, useOrderItems } from '../api/diagnosis';
import { ReasonField } from './reason-field';
import { useReturnDone } from './use-return-done';
import { whenValid } from '@/lib/form-rules';

/**
 * diagnosis/backPatientMedicalorder: the expert ticks the stains and tests the doctor must add
 * (the case hospital's dictionary, by category) and may say why.
 */
export function OrderModal({
  open,
  iPatientReceiveId,
  onClose,
}: {
  open: boolean;
  iPatientReceiveId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('diagnosis');
  const { t: tOrder } = useTranslation('medicalOrder');
  const [form] = Form.useForm<{ listMedicalorderId: number[]; strReason: string }>();
  const items = useOrderItems(iPatientReceiveId, open);
  const back = useBackMedicalOrder();
  const done = useReturnDone(form, t('back.done'), t('form.failed'), onClose);
  const byCategory = (category: string): MedicalOrderOption[] =>
    (items.data ?? []).filter((i) => i.strCategory === category);
  let choices;
  if (items.isPending) {
    choices = <Skeleton active />;
  } else if (items.isError) {
    choices = <Alert type="error" showIcon title={t('back.itemsError')} />;
  } else if (items.data.length === 0) {
    choices = <Empty description={t('back.noItems')} />;
  } else {
    choices = (
      <Checkbox.Group style={{ width: '100%' }}>
        <Flex vertical gap="small">
          {MEDICAL_ORDER_CATEGORIES.filter((c) => byCategory(c).length > 0).map((c) => (
            <div key={c}>
              <Typography.Text strong>{tOrder(`category.${c}`)}</Typography.Text>
              <Flex wrap gap="small" style={{ marginTop: 4 }}>
                {byCategory(c).map((i) => (
                  <span key={i.iItemId} data-testid={`back-order-item-${i.iItemId}`}>
                    <Checkbox value={i.iItemId}>{i.strName}</Checkbox>
                  </span>
                ))}
              </Flex>
            </div>
          ))}
        </Flex>
      </Checkbox.Group>
    );
  }
  return (
    <Modal
      open={open}
      title={t('back.orderTitle')}
      width={768}
      onCancel={onClose}
      okText={t('back.order')}
      okButtonProps={{
        danger: true,
        loading: back.isPending,
        ...{ 'data-testid': 'back-order-ok' },
      }}
      onOk={() =>
        whenValid(form, (v) =>
          done.send(back.mutateAsync, {
            iPatientReceiveId,
            listMedicalorderId: v.listMedicalorderId,
            strReason: (v.strReason ?? '').trim(),
          }),
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="backOrderForm" preserve={false}>
        <Form.Item
          name="listMedicalorderId"
          label={t('back.items')}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              message: serverText('validation.diagnosis.orders'),
            },
          ]}
        >
          {choices}
        </Form.Item>
        <ReasonField label={t('back.noteOptional')} optional testId="back-order-reason" />
      </Form>
    </Modal>
  );
}
