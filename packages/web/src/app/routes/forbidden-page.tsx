import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ForbiddenState } from '../guard/access';
import { ResultPage } from './result-page';

/**
 * /403: where the guard sends a role that is not in a route's authority list, or an
 * administrator without the privilege a screen needs (named, with who grants it).
 */
export default function ForbiddenPage() {
  const { t } = useTranslation(['common', 'privileges']);
  const state = useLocation().state as Partial<ForbiddenState> | null;
  const label = state?.privilegeLabel;
  return (
    <ResultPage
      status="403"
      subTitle={
        label
          ? t('common:forbidden.needsPrivilege', { name: t(`privileges:labels.${label}`) })
          : undefined
      }
    />
  );
}
