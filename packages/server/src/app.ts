import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import { auditTrail } from './plugins/audit-trail';
import { authGuard } from './plugins/auth-guard';
import { errorHandler } from './plugins/error-handler';
import { openApi } from './plugins/openapi';
import { securityHeaders } from './plugins/security-headers';
import type { RoutePolicy } from './plugins/route-policy';
import { webApp } from './plugins/web-app';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import type { AuthDeps } from './modules/auth/service';
import { configRoutes } from './modules/config/routes';
import { healthRoutes } from './modules/health/routes';
import { hospitalGroupRoutes } from './modules/hospital-groups/routes';
import { hospitalRoutes } from './modules/hospitals/routes';
import { userRoutes } from './modules/users/routes';

export interface RouteCatalogEntry {
  method: string;
  url: string;
  policy: RoutePolicy | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteCatalogEntry[];
  }
}

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'session' | 'trustProxy' | 'logLevel' | 'webDist' | 'dataDir'>;
  /** Pretty or JSON logs; tests pass false to keep output quiet. */
  logger?: boolean;
}

/** Trusts the nearest `hops` proxies (what Fastify does for a number; its types omit it). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the Fastify app: API under /api, OpenAPI at /api/docs, the web app at /. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, clock, config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every route with its declared policy, for the policy test and for operators' inspection.
  const routeCatalog: RouteCatalogEntry[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: hooks of inner scopes (the docs UI) may still set the policy after this one.
      routeCatalog.push({
        method,
        url: route.url,
        get policy() {
          return route.config?.policy;
        },
      });
    }
  });

  const auth: AuthDeps = { db, clock, policy: config.session };
  await app.register(securityHeaders);
  await app.register(errorHandler);
  await app.register(authGuard, { auth });
  await app.register(auditTrail, { db, clock });
  await app.register(openApi);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { auth });
      await api.register(userRoutes, { db, clock });
      await api.register(configRoutes, { db, clock });
      await api.register(auditRoutes, { db });
      await api.register(hospitalRoutes, { db, clock, dataDir: config.dataDir });
      await api.register(hospitalGroupRoutes, { db, clock });
    },
    { prefix: '/api' },
  );
  await app.register(webApp, { webDist: config.webDist });
  return app;
}
