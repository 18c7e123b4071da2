import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** A case screen whose content a later issue brings: says so instead of showing nothing. */
export function ComingLater({ textKey, testId }: { textKey: string; testId: string }) {
  const { t } = useTranslation('caseDetail');
  return (
    <Card>
      <Empty description={t(textKey)} data-testid={testId} />
    </Card>
  );
}
