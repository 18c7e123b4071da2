import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The error state of a list screen: what failed, and a retry. */
export function ListError({
  title,
  testId,
  onRetry,
}: {
  title: string;
  testId: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={title}
      action={
        <Button size="small" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      }
    />
  );
}
