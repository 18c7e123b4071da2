import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Tables of the foundation. Plain snake_case names; each module maps rows to the spec's wire
 * shape (iUserId, strRealName...) in one function. Timestamps are `timestamptz`, stored in UTC.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const hospitalGroups = pgTable(
  'hospital_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('hospital_groups_name_key').on(sql`lower(${t.name})`)],
);

export const hospitals = pgTable(
  'hospitals',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile'),
    /** 0 no diagnosis, 1 diagnosis, 2 diagnosis center (spec §3 Hospital ddIsDiagnosis). */
    isDiagnosis: smallint('is_diagnosis').notNull().default(0),
    province: text('province'),
    city: text('city'),
    address: text('address'),
    typeLabel: text('type_label'),
    /** host:port as the spec's IP fields. */
    internalAddress: text('internal_address'),
    externalAddress: text('external_address'),
    /** Last day on which the hospital's users may log in; null for no limit. */
    validUntil: date('valid_until', { mode: 'string' }),
    storageTotalGb: numeric('storage_total_gb', { precision: 12, scale: 3 }).notNull().default('0'),
    storageUsedGb: numeric('storage_used_gb', { precision: 12, scale: 3 }).notNull().default('0'),
    smsSignature: text('sms_signature'),
    /** Accounts of a non-consultation hospital cannot log in to the applicant (doctor) side. */
    isConsultation: boolean('is_consultation').notNull().default(true),
    // Deleting a group releases its institutions.
    groupId: integer('group_id').references(() => hospitalGroups.id, { onDelete: 'set null' }),
    /** IPs or CIDR ranges allowed to log in, one per line; empty allows any address. */
    allowedLoginIps: text('allowed_login_ips').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('hospitals_group_idx').on(t.groupId),
    uniqueIndex('hospitals_name_key').on(sql`lower(${t.name})`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    realName: text('real_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    sex: smallint('sex'),
    idNumber: text('id_number'),
    birthday: date('birthday', { mode: 'string' }),
    mobile: text('mobile'),
    email: text('email'),
    specialty: text('specialty'),
    intro: text('intro'),
    province: text('province'),
    city: text('city'),
    address: text('address'),
    signaturePng: text('signature_png'),
    roleType: smallint('role_type').notNull(),
    state: smallint('state').notNull().default(1),
    isSuperadmin: boolean('is_superadmin').notNull().default(false),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    /*
     * References block deletion: a user or hospital that other records point to is "in use"
     * (spec §5) and the database refuses to delete it, whichever feature added the reference.
     */
    createdBy: integer('created_by').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_user_name_key').on(sql`lower(${t.userName})`),
    // Mobile numbers are unique per role (spec §5); one person may hold a doctor and an expert account.
    uniqueIndex('users_role_mobile_key').on(t.roleType, t.mobile),
    index('users_mobile_idx').on(t.mobile),
    index('users_hospital_idx').on(t.hospitalId),
  ],
);

/** Login sessions. Only a SHA-256 of the token is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Failed logins, counted per account and per source address to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userKey: text('user_key').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failures_user_idx').on(t.userKey, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Temporary login locks, keyed `user:<name>` or `ip:<address>`, set when failures pile up. */
export const loginLocks = pgTable('login_locks', {
  key: text('key').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});

/** Append-only audit trail (a trigger refuses UPDATE and DELETE; see the custom migration). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    roleType: smallint('role_type'),
    hospitalId: integer('hospital_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt, t.id),
    // Filters of log/GetAuditLogs: a user name (case-insensitive) and an action prefix.
    index('audit_logs_user_idx').on(sql`lower(${t.userName})`, t.createdAt),
    index('audit_logs_action_idx').on(t.action.op('text_pattern_ops'), t.createdAt),
    index('audit_logs_hospital_idx').on(t.hospitalId, t.createdAt),
  ],
);

/** Key/value settings of the global configuration (site title, password pattern...). */
export const configuration = pgTable('configuration', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});
