import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatientDto } from '@pathconsult/shared';
import { ListError } from '@/app/routes/list-error';
import { useCaseScreenshots } from '../api/screenshots';
import { ScreenshotStrip } from './screenshot-strip';

/**
 * The case's screenshots for the report, under the slide list of the Imagery tab: taken in the
 * viewer, at most the limit per author; each author deletes their own here or in the viewer.
 */
export function CaseScreenshots({ patient }: { patient: PatientDto }) {
  const { t } = useTranslation('annotations');
  const shots = useCaseScreenshots(patient.iPatientId);
  const data = shots.data;
  return (
    <Card
      title={
        // Wraps on a phone (a card's title is one line, cut, by default), beside the button.
        <Flex
          gap="small"
          align="baseline"
          wrap
          style={{ whiteSpace: 'normal' }}
          data-testid="screenshots-title"
        >
          {t('screenshots.title')}
          {data && data.bMayWrite && (
            <Typography.Text type="secondary" data-testid="screenshots-count">
              {t('screenshots.count', { count: data.iMineCount, max: data.iLimit })}
            </Typography.Text>
          )}
        </Flex>
      }
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void shots.refetch()}
          loading={shots.isFetching}
          data-testid="screenshots-refresh"
        >
          {t('screenshots.refresh')}
        </Button>
      }
      style={{ marginTop: 16 }}
      loading={shots.isPending}
      data-testid="case-screenshots"
    >
      {shots.isError ? (
        <ListError
          title={t('screenshots.loadError')}
          testId="screenshots-error"
          onRetry={() => void shots.refetch()}
        />
      ) : (
        <Flex vertical gap="small">
          <Typography.Text type="secondary">{t('screenshots.hint')}</Typography.Text>
          <ScreenshotStrip shots={data?.listScreenshot ?? []} mayWrite={data?.bMayWrite ?? false} />
        </Flex>
      )}
    </Card>
  );
}
