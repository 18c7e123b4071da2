import path from 'node:path';
import { z } from 'zod';
import { Limits } from '@pathconsult/shared';
import { HOME_TIME_ZONE, knownTimeZone } from './lib/time-zone';
import { DEFAULT_DISK_RESERVE_BYTES } from './storage/disk-space';

/**
 * Settings from environment variables (every one is listed in the README). Relative paths are taken
 * from the folder where `npm` was invoked (INIT_CWD), so `npm start` at the repository root keeps
 * its data in `./data` there, not inside packages/server.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  DEMO_DATA: z.stringbool().default(false),
  UPLOAD_ABANDON_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 365)
    .default(48),
  // Free disk space an upload must leave under DATA_DIR/slides (the database, logs and tile
  // cache need room too); a larger upload is refused before it starts.
  UPLOAD_DISK_RESERVE_MB: z.coerce
    .number()
    .int()
    .min(0)
    .max(16_777_216)
    .default(DEFAULT_DISK_RESERVE_BYTES / 1024 ** 2),
  // At least 5: a session in use is marked used once a minute (SESSION_TOUCH_INTERVAL_MS), so
  // with 1 a doctor whose only activity was an upload was logged out mid-upload.
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).default(Limits.sessionIdleMinutesDefault),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().min(0.1).default(Limits.sessionAbsoluteHoursDefault),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // Tests only: every captcha shows this text (refused unless NODE_ENV=test, see loadConfig).
  CAPTCHA_FIXED_TEXT: z
    .string()
    .regex(/^[A-Za-z0-9]{0,12}$/, { error: 'letters and digits, at most 12' })
    .optional(),
  NODE_ENV: z.string().optional(),
  SMS_GATEWAY_URL: z
    .url({ protocol: /^https?$/, error: 'an http(s) URL' })
    .optional()
    .or(z.literal('')),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_SIGN_NAME: z.string().trim().min(1).max(20).default('PathConsult'),
  // Signs slide tile tokens; unset: a random secret per process (tokens end with a restart).
  TILE_TOKEN_SECRET: z.string().min(32, { error: 'at least 32 characters' }).optional(),
  SMS_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // Rendered slide tiles kept in memory and in DATA_DIR/tile-cache (0 turns the disk cache off).
  TILE_MEMORY_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  TILE_STORED_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  TILE_DISK_CACHE_MB: z.coerce.number().int().min(0).max(16_777_216).default(2048),
  // Zone of the times a report prints when the caller sends none (a browser sends its own).
  REPORT_TIME_ZONE: z
    .string()
    .trim()
    .default(HOME_TIME_ZONE)
    .transform((zone, ctx) => {
      const known = knownTimeZone(zone);
      if (!known) {
        ctx.addIssue({ code: 'custom', message: 'an IANA time zone, e.g. Asia/Shanghai' });
        return z.NEVER;
      }
      return known;
    }),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  session: { idleMinutes: number; absoluteHours: number };
  /** Unfinished slide uploads idle this long are removed and their storage given back. */
  uploadAbandonHours: number;
  /** Free disk space an upload must leave (UPLOAD_DISK_RESERVE_MB), in bytes. */
  uploadDiskReserveBytes: number;
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses. */
  trustProxy: boolean | number | string[];
  logLevel: string;
  webDist: string;
  /** End-to-end tests only: the text of every captcha (needs NODE_ENV=test). */
  captchaFixedText?: string;
  /** Key of the slide tile tokens' HMAC; unset: random per process (tokens die with it). */
  tileTokenSecret?: string;
  /** Rendered tiles kept in memory and on disk (DATA_DIR/tile-cache), in MB (2^20 bytes). */
  tileCacheMb?: { memory: number; disk: number; stored: number };
  /** How text messages leave: an HTTP SMS gateway, or without one the outbox administrators read. */
  sms: SmsConfig;
  /** IANA zone of report times when the request names none (or one the server does not know). */
  reportTimeZone: string;
}

export interface SmsConfig {
  /** Unset: messages are stored in the outbox only (modules/notifier). */
  gatewayUrl: string | undefined;
  gatewayToken: string | undefined;
  /** Signature of texts whose recipient's hospital has none of its own. */
  signName: string;
  timeoutMs: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Which proxies may tell the client's address through X-Forwarded-For. Trusting the whole header
 * would let a client write its own address into it (and pass an allowed-IP list or the per-address
 * login throttle), so only a number of hops or the proxies' own addresses are accepted:
 * `false` (default), `true` = 1 hop (one reverse proxy in front), `2`, or `10.0.0.5,10.0.1.0/24`.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') {
    return false;
  }
  if (v === 'true') {
    return 1;
  }
  if (/^\d+$/.test(v)) {
    return Number(v);
  }
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A known captcha text would switch off the registration's protection against scripts.
  if (e.CAPTCHA_FIXED_TEXT && e.NODE_ENV !== 'test') {
    throw new Error(
      'Invalid environment:\n  CAPTCHA_FIXED_TEXT: for tests only; it needs NODE_ENV=test',
    );
  }
  const base = env.INIT_CWD ?? process.cwd();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    uploadAbandonHours: e.UPLOAD_ABANDON_HOURS,
    uploadDiskReserveBytes: e.UPLOAD_DISK_RESERVE_MB * 1024 ** 2,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.join(repoRoot, 'packages/web/dist'),
    captchaFixedText: e.CAPTCHA_FIXED_TEXT || undefined,
    tileTokenSecret: e.TILE_TOKEN_SECRET || undefined,
    tileCacheMb: {
      memory: e.TILE_MEMORY_CACHE_MB,
      disk: e.TILE_DISK_CACHE_MB,
      stored: e.TILE_STORED_CACHE_MB,
    },
    sms: {
      gatewayUrl: e.SMS_GATEWAY_URL || undefined,
      gatewayToken: e.SMS_GATEWAY_TOKEN || undefined,
      signName: e.SMS_SIGN_NAME,
      timeoutMs: e.SMS_GATEWAY_TIMEOUT_MS,
    },
    reportTimeZone: e.REPORT_TIME_ZONE,
  };
}
