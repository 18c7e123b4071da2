import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FORBIDDEN_PATH, LOGIN_PATH, type RouteDef } from '@/config/paths';
import { rememberReturnTo } from '@/lib/return-to';
import { isLoggedIn } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { PageSpinner } from '../routes/page-spinner';
import { NotFoundPage } from '../screens';
import { decideAccess, missingPrivilegeLabel, type ForbiddenState } from './access';
import { useAccessContext } from './use-access-context';

/** Applies decideAccess (access.ts) to one route: render, or send to /login, /403 or 404. */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const ctx = useAccessContext();
  const decision = decideAccess(route, ctx);
  const location = useLocation();
  switch (decision) {
    case 'allow':
      return children;
    case 'login':
      // A link opened while logged out (a slide sent in a message) is where the login leads.
      rememberReturnTo(location.pathname + location.search);
      return <Navigate to={LOGIN_PATH} replace />;
    case 'forbidden':
      // Where a privilege is what is missing, /403 names it (a hospital administrator without
      // "清除切片" saw only "not allowed").
      return (
        <Navigate
          to={FORBIDDEN_PATH}
          replace
          state={{ privilegeLabel: missingPrivilegeLabel(route, ctx) } satisfies ForbiddenState}
        />
      );
    case 'notFound':
      return (
        <Suspense fallback={<PageSpinner />}>
          <NotFoundPage />
        </Suspense>
      );
    case 'wait':
      return <PageSpinner />;
  }
}

/** The workspace frame needs a login before it renders anything (side menu, header, tabs). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (isLoggedIn(session)) {
    return children;
  }
  rememberReturnTo(location.pathname + location.search);
  return <Navigate to={LOGIN_PATH} replace />;
}

/** `/`: the workspace when a role and a token are in the browser session, else the login page. */
export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={isLoggedIn(session) ? '/workplace' : LOGIN_PATH} replace />;
}
