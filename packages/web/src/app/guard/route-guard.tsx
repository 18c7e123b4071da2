import { Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FORBIDDEN_PATH, LOGIN_PATH, type RouteDef } from '@/config/paths';
import { isLoggedIn } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { PageSpinner } from '../routes/page-spinner';
import { NotFoundPage } from '../screens';
import { decideAccess } from './access';
import { useAccessContext } from './use-access-context';

/** Applies decideAccess (access.ts) to one route: render, or send to /login, /403 or 404. */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const decision = decideAccess(route, useAccessContext());
  switch (decision) {
    case 'allow':
      return children;
    case 'login':
      return <Navigate to={LOGIN_PATH} replace />;
    case 'forbidden':
      return <Navigate to={FORBIDDEN_PATH} replace />;
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
  return isLoggedIn(session) ? children : <Navigate to={LOGIN_PATH} replace />;
}

/** `/`: the workspace when a role and a token are in the browser session, else the login page. */
export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={isLoggedIn(session) ? '/workplace' : LOGIN_PATH} replace />;
}
