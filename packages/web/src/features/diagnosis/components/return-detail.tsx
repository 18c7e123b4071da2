import { Card, Empty, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ReturnKind } from '@pathconsult/shared';
import { useReturns } from '../api/diagnosis';

/**
 * The return detail of a case (spec §2): each time an expert sent it back — regular with its
 * reason, referred to another expert, or for additional orders with the items to add. Hidden
 * while the case was never returned.
 */
export function ReturnDetail({ iPatientId }: { iPatientId: number }) {
  const { t } = useTranslation('diagnosis');
  const returns = useReturns(iPatientId);
  if (returns.isPending || returns.isError || returns.data.listReturn.length === 0) {
    return returns.isError ? (
      <Card size="small" title={t('returns.title')}>
        <Empty description={t('returns.loadError')} />
      </Card>
    ) : null;
  }
  return (
    <Card size="small" title={t('returns.title')} data-testid="return-detail">
      <Timeline
        items={[...returns.data.listReturn].reverse().map((r) => ({
          key: r.iReturnId,
          content: (
            <div data-testid={`return-${r.iReturnId}`}>
              <Tag color={r.ddKind.iNumber === ReturnKind.Referral ? 'blue' : 'orange'}>
                {t(`returns.kind.${r.ddKind.iNumber}`)}
              </Tag>
              <Typography.Text type="secondary">
                {r.expert.strRealName} · {dayjs(r.dtCreateTime).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
              <div>
                {t('returns.reason')}
                {r.strReason}
              </div>
              {r.referredExpert && (
                <div>
                  {t('returns.referredTo')}
                  {r.referredExpert.strRealName}
                </div>
              )}
              {r.listOrder.length > 0 && (
                <div data-testid="return-orders">
                  {t('returns.orders')}
                  {r.listOrder.map((o) => (
                    <Tag key={o.iMedicalorderId}>{o.strName}</Tag>
                  ))}
                </div>
              )}
            </div>
          ),
        }))}
      />
    </Card>
  );
}
