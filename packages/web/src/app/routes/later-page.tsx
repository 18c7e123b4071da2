import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@/config/paths';

/**
 * A route whose screen belongs to a later issue: it shows its title and says so plainly, so that
 * the route table, guard and tab bar can already be used and tested.
 */
export function LaterPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const body = (
    <>
      <Typography.Title level={3} data-testid="page-title">
        {t(route.titleKey, { ns: 'menu' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('laterRelease')}</Typography.Paragraph>
    </>
  );
  // Pages outside the workspace (public and mobile routes) get a simple centred frame.
  return route.layout === 'workspace' ? (
    <Card>{body}</Card>
  ) : (
    <main className="standalone-page">
      <Card>{body}</Card>
    </main>
  );
}
