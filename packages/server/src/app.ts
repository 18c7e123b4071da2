import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import { auditTrail } from './plugins/audit-trail';
import { authGuard } from './plugins/auth-guard';
import { errorHandler } from './plugins/error-handler';
import { openApi } from './plugins/openapi';
import { validatorCompiler } from './plugins/request-validator';
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
import { privilegeRoutes } from './modules/privileges/routes';
import { userRoutes } from './modules/users/routes';
import { registrationRoutes } from './modules/registration/routes';
import { forgotPasswordRoutes } from './modules/forgot-password/routes';
import { createNotifier, DEFAULT_SMS_CONFIG } from './modules/notifier/create-notifier';
import type { Notifier } from './modules/notifier/notifier';
import { notifierRoutes } from './modules/notifier/routes';
import { signatureRoutes } from './modules/signature/routes';
import { workingTimeRoutes } from './modules/working-time/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { upgradeNoticeRoutes } from './modules/upgrade-notice/routes';
import { commentRoutes } from './modules/comments/routes';
import { caseImportRoutes } from './modules/case-import/routes';
import { patientRoutes } from './modules/patients/routes';
import { serialNumberRoutes } from './modules/serial-number/routes';
import { medicalOrderRoutes } from './modules/medical-order/routes';
import { commonWordRoutes } from './modules/common-words/routes';
import { slideRoutes } from './modules/slides/routes';
import { DEFAULT_DISK_RESERVE_BYTES } from './storage/disk-space';
import { slideUploadRoutes } from './modules/slide-upload/routes';
import { annotationRoutes } from './modules/annotations/routes';
import { receiveRoutes } from './modules/receives/routes';
import { distributionRoutes } from './modules/distribution/routes';
import { appointmentRoutes } from './modules/appointments/routes';
import { diagnosisRoutes } from './modules/diagnosis/routes';
import { reviewRoutes } from './modules/diagnosis/review-routes';
import { NotificationHub } from './modules/notifications/hub';
import { noticeRoutes } from './modules/notifications/routes';
import { registerNotificationSocket } from './modules/notifications/socket-route';
import { screenshotRoutes } from './modules/screenshots/routes';
import { reportTemplateRoutes } from './modules/report-templates/routes';
import { viewerRoutes } from './modules/viewer/routes';
import { registerSlideIngest } from './modules/slide-ingest';
import { createTileService, tileTokenRoutes, type FastRequestHandler } from './modules/tiles';
import { HOME_TIME_ZONE } from './lib/time-zone';

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
  config: Pick<AppConfig, 'session' | 'trustProxy' | 'logLevel' | 'webDist' | 'dataDir'> &
    Partial<
      Pick<
        AppConfig,
        | 'sms'
        | 'captchaFixedText'
        | 'uploadAbandonHours'
        | 'uploadDiskReserveBytes'
        | 'tileTokenSecret'
        | 'tileCacheMb'
        | 'reportTimeZone'
      >
    >;
  /** Text messages; default from `config.sms` (the outbox without a gateway). Tests pass their own. */
  notifier?: Notifier;
  /** Text of every new captcha (tests); by default random, or CAPTCHA_FIXED_TEXT under NODE_ENV=test. */
  captchaText?: () => string;
  /** Pretty or JSON logs; tests pass false to keep output quiet. */
  logger?: boolean;
  /**
   * Whether OpenSlide can be loaded (vendor formats are refused at upload without it); by default
   * whether the library loads here. Tests pass their own to see a server without it.
   */
  openSlideAvailable?: () => boolean;
}

/** How long an idle connection stays open: Fastify's own default (72 s), past proxies' 60 s. */
export const KEEP_ALIVE_MS = 72_000;

/** Trusts the nearest `hops` proxies (what Fastify does for a number; its types omit it). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The captcha text source of the deps: the test's own, the fixed one of the e2e server, or none. */
function captchaTextOf({ captchaText, config }: AppDeps): (() => string) | undefined {
  const fixed = config.captchaFixedText;
  return captchaText ?? (fixed ? () => fixed : undefined);
}

/** Builds the Fastify app: API under /api, OpenAPI at /api/docs, the web app at /. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, clock, config } = deps;
  // Plain Deep Zoom tile URLs are answered before Fastify (modules/tiles/fast-tiles.ts), once
  // the tile service is registered; every other request goes through Fastify.
  let tileFastPath: FastRequestHandler | null = null;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (!tileFastPath?.(req, res)) {
          handler(req, res);
        }
      });
      // As Fastify sets the servers it makes (not a factory's): with Node's 5 s an idle
      // connection was closed just as a client or a proxy's pool reused it (ECONNRESET).
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1_000;
      return server;
    },
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
  const sms = config.sms ?? DEFAULT_SMS_CONFIG;
  const notifier = deps.notifier ?? createNotifier(sms, { db, clock });
  await app.register(securityHeaders);
  await app.register(errorHandler);
  await app.register(authGuard, { auth });
  await app.register(auditTrail, { db, clock });
  await app.register(openApi);
  const tiles = createTileService({
    db,
    clock,
    dataDir: config.dataDir,
    secret: config.tileTokenSecret,
    cacheMb: config.tileCacheMb,
  });
  const slideIngest = registerSlideIngest(app, {
    db,
    clock,
    dataDir: config.dataDir,
    afterIngest: tiles.buildAhead,
  });
  const hub = new NotificationHub();
  app.decorate('notificationHub', hub);
  await registerNotificationSocket(app, { auth, hub });
  // Printed reports' times when a request names no zone the server knows.
  const reportTimeZone = config.reportTimeZone ?? HOME_TIME_ZONE;

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { auth });
      await api.register(userRoutes, { db, clock });
      await api.register(configRoutes, { db, clock });
      await api.register(auditRoutes, { db });
      await api.register(hospitalRoutes, { db, clock, dataDir: config.dataDir });
      await api.register(hospitalGroupRoutes, { db, clock });
      await api.register(notifierRoutes, { db });
      await api.register(forgotPasswordRoutes, {
        deps: { db, clock, notifier, signName: sms.signName },
      });
      await api.register(workingTimeRoutes, { db, clock });
      await api.register(signatureRoutes, { db, clock });
      await api.register(feedbackRoutes, { db, clock });
      await api.register(upgradeNoticeRoutes, { db, clock });
      await api.register(privilegeRoutes, { db, clock });
      await api.register(registrationRoutes, { db, clock, captchaText: captchaTextOf(deps) });
      await api.register(patientRoutes, { db, clock, hub, dataDir: config.dataDir });
      await api.register(caseImportRoutes, { db, clock });
      await api.register(commentRoutes, { db, clock });
      await api.register(serialNumberRoutes, { db, clock });
      await api.register(medicalOrderRoutes, { db, clock });
      await api.register(commonWordRoutes, { db, clock });
      await api.register(slideRoutes, {
        db,
        clock,
        dataDir: config.dataDir,
        onDeleted: tiles.forgetSlides,
      });
      await api.register(slideUploadRoutes, {
        db,
        clock,
        dataDir: config.dataDir,
        abandonHours: config.uploadAbandonHours ?? 48,
        diskReserveBytes: config.uploadDiskReserveBytes ?? DEFAULT_DISK_RESERVE_BYTES,
        onUploaded: slideIngest.enqueue,
        openSlideAvailable: deps.openSlideAvailable,
      });
      await api.register(tileTokenRoutes, { db, clock, tokens: tiles.tokens });
      await api.register(annotationRoutes, { db, clock });
      await api.register(receiveRoutes, { db, clock, hub });
      await api.register(noticeRoutes, { db, clock });
      await api.register(distributionRoutes, { db, clock, hub });
      await api.register(appointmentRoutes, { db, clock, hub });
      await api.register(diagnosisRoutes, {
        db,
        clock,
        hub,
        dataDir: config.dataDir,
        timeZone: reportTimeZone,
      });
      await api.register(reviewRoutes, { db, clock, hub });
      await api.register(viewerRoutes, {
        db,
        clock,
        tokens: tiles.tokens,
        deepZoomOf: tiles.deepZoomOf,
      });
      await api.register(screenshotRoutes, { db, clock, dataDir: config.dataDir });
      await api.register(reportTemplateRoutes, {
        db,
        clock,
        timeZone: reportTimeZone,
      });
    },
    { prefix: '/api' },
  );
  tileFastPath = await tiles.register(app);
  await app.register(webApp, { webDist: config.webDist });
  return app;
}
