import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderModal } from './order-modal';
import { ReferralModal } from './referral-modal';
import { ReturnModal } from './return-modal';

type Open = 'return' | 'referral' | 'order' | null;

/** The expert's three ways of sending a waiting case back (spec §4 returns). */
export function ReturnActions({ iPatientReceiveId }: { iPatientReceiveId: number }) {
  const { t } = useTranslation('diagnosis');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Space wrap>
        <Button onClick={() => setOpen('return')} data-testid="back-regular">
          {t('back.regular')}
        </Button>
        <Button onClick={() => setOpen('referral')} data-testid="back-referral">
          {t('back.referral')}
        </Button>
        <Button onClick={() => setOpen('order')} data-testid="back-order">
          {t('back.order')}
        </Button>
      </Space>
      <ReturnModal open={open === 'return'} iPatientReceiveId={iPatientReceiveId} onClose={close} />
      <ReferralModal
        open={open === 'referral'}
        iPatientReceiveId={iPatientReceiveId}
        onClose={close}
      />
      <OrderModal open={open === 'order'} iPatientReceiveId={iPatientReceiveId} onClose={close} />
    </>
  );
}
