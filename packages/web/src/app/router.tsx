import { Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate, redirect, useLocation, type RouteObject } from 'react-router';
import { rememberReturnTo } from '@/lib/return-to';
import { getSession, isLoggedIn } from '@/lib/session';
import { LOGIN_PATH, routes, type RouteDef } from '@/config/paths';
import { emitNavigation } from './navigation-events';
import { HomeRedirect, RequireLogin, RouteGuard } from './guard/route-guard';
import { RootShell } from './root-shell';
import { LaterPage } from './routes/later-page';
import { PageSpinner } from './routes/page-spinner';
import { RouteError } from './routes/route-error';
import { NotFoundPage, screenFor, WorkspaceLayout } from './screens';

/** A redirect that keeps the query: `/case?iPatientId=1` → `/case/report-info?iPatientId=1`. */
function Redirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

function elementOf(route: RouteDef): ReactNode {
  if (route.redirect) {
    return (
      <RouteGuard route={route}>
        <Redirect to={route.redirect} />
      </RouteGuard>
    );
  }
  const Screen = screenFor(route.path);
  return (
    <RouteGuard route={route}>
      <Suspense fallback={<PageSpinner />}>
        {Screen ? <Screen /> : <LaterPage route={route} />}
      </Suspense>
    </RouteGuard>
  );
}

function toRouteObject(route: RouteDef): RouteObject {
  return { path: route.path, element: elementOf(route), errorElement: <RouteError /> };
}

/**
 * The hash router built from the route table (config/paths.ts). Workspace routes share the
 * workspace frame (menu, header, tab bar); the others are pages of their own.
 */
export const router = createHashRouter([
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      {
        /*
         * Without a session the router redirects before rendering anything: a <Navigate> rendered
         * while another navigation is still in its transition (the login screen after a logout)
         * could be lost and leave a blank page. RequireLogin still covers a session that ends
         * while the workspace is open.
         */
        loader: ({ request }) => {
          if (isLoggedIn(getSession())) {
            return null;
          }
          // A link opened while logged out (a slide sent in a message) is where the login leads.
          const url = new URL(request.url);
          rememberReturnTo(url.pathname + url.search);
          return redirect(LOGIN_PATH);
        },
        element: (
          <RequireLogin>
            <Suspense fallback={<PageSpinner />}>
              <WorkspaceLayout />
            </Suspense>
          </RequireLogin>
        ),
        children: routes.filter((r) => r.layout === 'workspace').map(toRouteObject),
      },
      ...routes.filter((r) => r.layout === 'page').map(toRouteObject),
      {
        path: '*',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <NotFoundPage />
          </Suspense>
        ),
      },
    ],
  },
]);

// Where the router is going (while the next screen's loaders run), else where it is. While
// loading, state.location is still the screen being left: told that, the tab bar opened again
// the tab just closed (the workspace's login check runs again whenever the query changes, so a
// closed case or viewer tab came back when the next screen had another query).
router.subscribe((state) => emitNavigation(state.navigation.location ?? state.location));
