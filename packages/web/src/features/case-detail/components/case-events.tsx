import { Card, Empty, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCaseEvents } from '../api/case-events';

/** What happened to the case, newest first: created, edited, withdrawn with its reason... */
export function CaseEvents({ iPatientId }: { iPatientId: number }) {
  const { t } = useTranslation('caseDetail');
  const events = useCaseEvents(iPatientId);
  let body;
  if (events.isPending) {
    body = <Typography.Text type="secondary">{t('loading')}</Typography.Text>;
  } else if (events.isError) {
    body = <Typography.Text type="danger">{t('events.loadError')}</Typography.Text>;
  } else if (events.data.length === 0) {
    body = <Empty description={t('events.empty')} />;
  } else {
    body = (
      <Timeline
        items={events.data.map((e) => ({
          key: e.iEventId,
          content: (
            <div data-testid={`case-event-${e.strLogType}`}>
              <Typography.Text strong>
                {t(`events.type.${e.strLogType}`, { defaultValue: e.strLogType })}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">
                {dayjs(e.dtCreateTime).format('YYYY-MM-DD HH:mm')}
                {e.user ? ` · ${e.user.strRealName}` : ''}
              </Typography.Text>
              {e.strReason && (
                <div>
                  {t('events.reason')}
                  {e.strReason}
                </div>
              )}
            </div>
          ),
        }))}
      />
    );
  }
  return (
    <Card title={t('events.title')} data-testid="case-events">
      {body}
    </Card>
  );
}
