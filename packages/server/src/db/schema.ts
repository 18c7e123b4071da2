import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
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
    /**
     * Slide storage in use: bytes of uploaded slides plus the declared size of uploads under way
     * (reserved when their records are created, so parallel uploads cannot overrun the quota).
     * Recalculated from the files on disk by calibrateMemory.
     */
    storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
    smsSignature: text('sms_signature'),
    /** Accounts of a non-consultation hospital cannot log in to the applicant (doctor) side. */
    isConsultation: boolean('is_consultation').notNull().default(true),
    // Deleting a group releases its institutions.
    groupId: integer('group_id').references(() => hospitalGroups.id, { onDelete: 'set null' }),
    /** IPs or CIDR ranges allowed to log in, one per line; empty allows any address. */
    allowedLoginIps: text('allowed_login_ips').notNull().default(''),
    /** Signed reports of this hospital's cases wait for an administrator's review before release. */
    reportReviewRequired: boolean('report_review_required').notNull().default(false),
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
    /** Administrators' privilege role (issue 3 part 4); its privileges add to the user's own grants. */
    adminRoleId: integer('admin_role_id').references((): AnyPgColumn => adminRoles.id),
    // Registration (spec §5 "Registration"): what the applicant said about themself, and the review.
    /** Role applied for at registration (3 doctor, 4 expert). */
    registeredRole: smallint('registered_role'),
    /** The unit (institution) the applicant named; the reviewer picks the real hospital. */
    unitName: text('unit_name'),
    jobTitle: text('job_title'),
    department: text('department'),
    reviewReason: text('review_reason'),
    reviewedBy: integer('reviewed_by').references((): AnyPgColumn => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_state_idx').on(t.state, t.id),
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

/**
 * Named privilege sets for administrators (spec §3 "Role: name, type"). `type` is the administrator
 * role code (1 platform, 2 hospital) the role is meant for. A role given to users cannot be deleted.
 */
export const adminRoles = pgTable(
  'admin_roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admin_roles_name_key').on(sql`lower(${t.name})`)],
);

/** Privileges of a role: a permission code and its scope (1 own hospital, 2 all hospitals). */
export const adminRolePrivileges = pgTable(
  'admin_role_privileges',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => adminRoles.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    scope: smallint('scope').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.code] })],
);

/** Privileges granted to one administrator directly (`userprivilege`, iPrivilegeType = scope). */
export const userPrivileges = pgTable(
  'user_privileges',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    scope: smallint('scope').notNull().default(1),
    grantedBy: integer('granted_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** Expert working time (spec §3 "Expert schedule"): weekday 1–7 (Monday 1) × period 1 morning, 2 afternoon. */
export const workingTimes = pgTable(
  'working_times',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    period: smallint('period').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('working_times_slot_key').on(t.userId, t.weekday, t.period)],
);

/** Image captchas of the public forms: only a hash of the answer is kept; single use. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** SMS verification codes (forgot password): hashed, expiring, single use, attempts counted. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
  },
  (t) => [
    index('verification_codes_mobile_idx').on(t.mobile, t.purpose, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Messages the notifier sent or holds (SMS). Without a configured gateway this is the outbox that
 * platform administrators read; with one it is the delivery record.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    /** 'stored' (no gateway), 'sent', 'failed'. */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt, t.id)],
);

/** User feedback (spec §3 "Feedback"): content, contact, optional image ≤ 100 KB. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's hospital at sending time, for the administrators' scope. */
    hospitalId: integer('hospital_id').references(() => hospitals.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    content: text('content').notNull(),
    contact: text('contact'),
    imagePng: text('image_png'),
    handled: boolean('handled').notNull().default(false),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('feedback_created_idx').on(t.createdAt, t.id),
    index('feedback_hospital_idx').on(t.hospitalId, t.createdAt),
  ],
);

/** Upgrade notices (spec §3, `platformSendMessage`): shown to users until the end time. */
export const upgradeNotices = pgTable(
  'upgrade_notices',
  {
    id: serial('id').primaryKey(),
    platformName: text('platform_name').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    content: text('content'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upgrade_notices_end_idx').on(t.endAt)],
);

/**
 * Cases (spec §3 Case / patient), human and veterinary in one table: the deployment's variant
 * decides which fields forms show. `state` is the case lifecycle of shared/case-states.ts; the
 * owner is the doctor who created it, inside its hospital (the tenancy boundary).
 */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    state: smallint('state').notNull().default(0),
    /** 1 human, 2 veterinary: the variant the case was created in. */
    variant: smallint('variant').notNull().default(1),
    diagnosisNum: text('diagnosis_num').notNull(),
    name: text('name').notNull(),
    ageYears: smallint('age_years'),
    ageMonths: smallint('age_months'),
    ageDays: smallint('age_days'),
    sex: smallint('sex'),
    classification: smallint('classification'),
    samplingSite: text('sampling_site'),
    sampleTime: timestamp('sample_time', { withTimezone: true }),
    phone: text('phone'),
    familyPhone: text('family_phone'),
    idNumber: text('id_number'),
    nation: text('nation'),
    inpatientNo: text('inpatient_no'),
    outpatientNo: text('outpatient_no'),
    areaNo: text('area_no'),
    wardNo: text('ward_no'),
    bedNo: text('bed_no'),
    department: text('department'),
    isEmergency: boolean('is_emergency').notNull().default(false),
    /** 1 regular, 2 frozen, 3 consultation. */
    diagnosticType: smallint('diagnostic_type').notNull().default(1),
    frozenHeadCount: smallint('frozen_head_count'),
    /** 1 biopsy/small biopsy, 2 surgical removal, 3 cytology, 4 specialist consultation. */
    sampleType: smallint('sample_type'),
    clinicalData: text('clinical_data'),
    medicalHistory: text('medical_history'),
    imagingStudies: text('imaging_studies'),
    specialExams: text('special_exams'),
    tissueDescription: text('tissue_description'),
    grossFindings: text('gross_findings'),
    initialOpinion: text('initial_opinion'),
    immunohistochemistry: text('immunohistochemistry'),
    molecularPathology: text('molecular_pathology'),
    specialStains: text('special_stains'),
    remarks: text('remarks'),
    // Veterinary variant (spec §3 "Veterinary fields"); the patient name is the pet's name.
    species: text('species'),
    breed: text('breed'),
    sampleDesc: text('sample_desc'),
    sampleNo: text('sample_no'),
    collectedDate: date('collected_date', { mode: 'string' }),
    receivedDate: date('received_date', { mode: 'string' }),
    tester: text('tester'),
    testMethods: text('test_methods'),
    ownerTel: text('owner_tel'),
    ownerEmail: text('owner_email'),
    /** Where the case came from when it was cloned. */
    clonedFrom: integer('cloned_from').references((): AnyPgColumn => patients.id, {
      onDelete: 'set null',
    }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** First time an expert opened the submitted case: from then on it cannot be withdrawn. */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A pathology number is unique within its hospital, whatever its case (spec §5).
    uniqueIndex('patients_hospital_num_key').on(t.hospitalId, sql`lower(${t.diagnosisNum})`),
    // The lists: a hospital's (or an owner's) cases by state, newest first, paged by keyset.
    index('patients_hospital_state_idx').on(t.hospitalId, t.state, t.createdAt, t.id),
    // The hospital is part of the key so that the capped count of a list is an index-only scan.
    index('patients_owner_state_idx').on(t.ownerId, t.state, t.hospitalId, t.createdAt, t.id),
    index('patients_name_idx').on(t.hospitalId, sql`lower(${t.name}) text_pattern_ops`),
    // Number search by prefix: the unique index's collation cannot serve LIKE on PostgreSQL.
    index('patients_num_prefix_idx').on(
      t.hospitalId,
      sql`lower(${t.diagnosisNum}) text_pattern_ops`,
    ),
  ],
);

/**
 * The numbering rule of a hospital's pathology numbers (spec §7 serialNumber): prefix, date part,
 * sequence width and when the sequence starts again. `period` is the date part the sequence
 * belongs to; a new period starts at 1.
 */
export const serialNumberRules = pgTable('serial_number_rules', {
  hospitalId: integer('hospital_id')
    .primaryKey()
    .references(() => hospitals.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().default(''),
  /** '' none, 'YYYY', 'YYYYMM', 'YYYYMMDD'. */
  datePart: text('date_part').notNull().default('YYYYMMDD'),
  seqWidth: smallint('seq_width').notNull().default(4),
  /** 'never', 'year', 'month', 'day'. */
  resetPeriod: text('reset_period').notNull().default('day'),
  period: text('period').notNull().default(''),
  nextSeq: integer('next_seq').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * The medical-order dictionary (spec §7 medicalorder): items doctors may order (IHC antibodies,
 * special stains, molecular tests). Rows without a hospital are the platform's dictionary.
 */
export const medicalOrderItems = pgTable(
  'medical_order_items',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id').references(() => hospitals.id, { onDelete: 'cascade' }),
    /** 'ihc', 'special_stain', 'molecular'. */
    category: text('category').notNull(),
    name: text('name').notNull(),
    code: text('code'),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('medical_order_items_name_key').on(
      sql`coalesce(${t.hospitalId}, 0)`,
      t.category,
      sql`lower(${t.name})`,
    ),
  ],
);

/** A user's collected (archived) cases (spec §3 Favourite); collection can be cancelled. */
export const patientCollections = pgTable(
  'patient_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.patientId] }),
    index('patient_collections_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Messages about a case between its two sides (spec §3 Comment/message). */
export const patientComments = pgTable(
  'patient_comments',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('patient_comments_patient_idx').on(t.patientId, t.createdAt)],
);

/** Who has read which message; a message without a row for a user is unread for that user. */
export const patientCommentReads = pgTable(
  'patient_comment_reads',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => patientComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** State changes of a case with who, when and why (withdraw reason, return reason...). */
export const patientEvents = pgTable(
  'patient_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('patient_events_patient_idx').on(t.patientId, t.createdAt)],
);

/**
 * A slide document (spec §3): one slide, made of one file or of a main file with a folder (MRXS).
 * Files live under `<DATA_DIR>/slides/<hospital>/<storage_key>/`, at generated paths.
 */
export const slideDocuments = pgTable(
  'slide_documents',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    /** The case, once matched; a deleted case leaves its slides unmatched. */
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** Pathology number the slide was uploaded for: matching uses it. */
    diagnosisNum: text('diagnosis_num').notNull(),
    uploadUserId: integer('upload_user_id')
      .notNull()
      .references(() => users.id),
    /** 0 single, 1 batch, 2 free (spec §3 iUploadType). */
    uploadType: smallint('upload_type').notNull().default(0),
    /** The main file's name on the user's computer; shown, never used as a path. */
    originalName: text('original_name').notNull(),
    /** Display name (renamable); starts as the original name. */
    displayName: text('display_name').notNull(),
    fileType: text('file_type').notNull(),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
    chunkBytes: integer('chunk_bytes').notNull(),
    clientModified: bigint('client_modified', { mode: 'number' }),
    /** 0 uploading, 1 uploaded, 2 failed (SlideUploadState). */
    state: smallint('state').notNull().default(0),
    failReason: text('fail_reason'),
    /** Folder of the document's files under the hospital's slide folder (generated). */
    storageKey: text('storage_key').notNull(),
    /** XXH3-128 of the main file (file-checksum.ts), once uploaded. */
    checksum: text('checksum'),
    objectiveMagnification: numeric('objective_magnification', { precision: 6, scale: 2 }),
    thumbnail: text('thumbnail'),
    /** Filled by ingest once the slide engine opened the finished upload. */
    ingestedAt: timestamp('ingested_at', { withTimezone: true }),
    reader: text('reader'),
    vendor: text('vendor'),
    width: integer('width'),
    height: integer('height'),
    levelCount: smallint('level_count'),
    mppX: numeric('mpp_x', { precision: 10, scale: 6 }),
    mppY: numeric('mpp_y', { precision: 10, scale: 6 }),
    /** Associated images saved next to the slide (label.jpg, macro.jpg), as names. */
    associatedImages: text('associated_images').array(),
    /**
     * Bytes of those images: ingest writes them after the upload reserved the slide's size, so
     * they are added to the hospital's used storage then and given back with the slide.
     */
    associatedBytes: bigint('associated_bytes', { mode: 'number' }).notNull().default(0),
    /**
     * Signed into every tile token of the slide (tiles/token.ts) and raised when someone loses
     * the right to view it (a case withdrawn from its experts, an unmatched slide matched to a
     * case): tokens issued before open nothing more, although they have not expired.
     */
    tileGrantEpoch: integer('tile_grant_epoch').notNull().default(0),
    createdAt: createdAt(),
    /** Last chunk received: abandoned uploads are those idle for long. */
    activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('slide_documents_hospital_idx').on(t.hospitalId, t.createdAt),
    index('slide_documents_patient_idx').on(t.patientId),
    index('slide_documents_number_idx').on(t.hospitalId, t.diagnosisNum),
    // Finished uploads the slide engine has not opened yet (after a restart, ingest resumes them).
    index('slide_documents_ingest_idx')
      .on(t.completedAt)
      .where(sql`${t.state} = 1 and ${t.ingestedAt} is null`),
    index('slide_documents_active_idx')
      .on(t.activeAt)
      .where(sql`${t.state} = 0 and ${t.deletedAt} is null`),
    // The same name twice for one pathology number (one case) is refused (spec §5).
    uniqueIndex('slide_documents_name_key')
      .on(t.hospitalId, t.diagnosisNum, sql`lower(${t.displayName})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** One file of a slide document: the client's relative path and the generated stored path. */
export const slideFiles = pgTable(
  'slide_files',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => slideDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    relativePath: text('relative_path').notNull(),
    storedPath: text('stored_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    chunkCount: integer('chunk_count').notNull(),
    /** XXH3-128 of the file, once uploaded. */
    checksum: text('checksum'),
  },
  (t) => [
    uniqueIndex('slide_files_path_key').on(t.documentId, t.relativePath),
    uniqueIndex('slide_files_stored_key').on(t.documentId, t.storedPath),
  ],
);

/**
 * Chunks received of a file under upload, with their CRC-32: resume asks which are here, a
 * repeated chunk is compared with it. Removed once the document is complete.
 */
export const slideChunks = pgTable(
  'slide_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => slideFiles.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    crc32: text('crc32').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.chunkIndex] })],
);

/**
 * Annotations and measurements drawn on a slide in the viewer (issue 6): geometry in level-0
 * image pixels (`points`: [[x, y], ...]). Everyone who may view the slide sees them; only the
 * author changes or deletes them.
 */
export const slideAnnotations = pgTable(
  'slide_annotations',
  {
    id: serial('id').primaryKey(),
    slideDocumentId: integer('slide_document_id')
      .notNull()
      .references(() => slideDocuments.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** line, rectangle, ellipse, polygon, freehand, arrow, text (ANNOTATION_KINDS). */
    kind: text('kind').notNull(),
    color: text('color').notNull(),
    /** Label of a shape or the text of a note. */
    text: text('text'),
    points: jsonb('points').$type<[number, number][]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * Deleted by its author: kept a day so that their undo (viewer/restoreAnnotation) brings the
     * same annotation back, in its place among the others; then removed (repo.purgeDeleted).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('slide_annotations_slide_idx').on(t.slideDocumentId, t.id),
    index('slide_annotations_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

/**
 * Where each user left each slide in the viewer (issue 6): saved when the viewer closes, offered
 * when it opens the slide again. One row per user and slide, overwritten; gone with either.
 */
export const slideViewStates = pgTable(
  'slide_view_states',
  {
    /** The user's own state, like a session: it goes with the account and never keeps it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slideDocumentId: integer('slide_document_id')
      .notNull()
      .references(() => slideDocuments.id, { onDelete: 'cascade' }),
    /** Centre of the view in level-0 image pixels. */
    centerX: doublePrecision('center_x').notNull(),
    centerY: doublePrecision('center_y').notNull(),
    /** Screen pixels per level-0 pixel. */
    imageZoom: doublePrecision('image_zoom').notNull(),
    /** 0, 90, 180 or 270 degrees clockwise. */
    rotation: integer('rotation').notNull(),
    flip: boolean('flip').notNull(),
    /** Left at Home (the whole slide): reopened fitted to the window, whatever its size. */
    wholeSlide: boolean('whole_slide').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slideDocumentId] })],
);

/**
 * Screenshots of the viewer saved to a case for the report (issue 6; bound to the expert's
 * diagnosis in issue 7). The image lives at `<DATA_DIR>/screenshots/<hospital>/<case>/<stored_name>`,
 * a generated name. `region` is the view it shows, in level-0 image pixels.
 */
export const caseScreenshots = pgTable(
  'case_screenshots',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** The slide it was taken from; a removed slide leaves the screenshot in the report. */
    slideDocumentId: integer('slide_document_id').references(() => slideDocuments.id, {
      onDelete: 'set null',
    }),
    storedName: text('stored_name').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    region: jsonb('region')
      .$type<{
        iX: number;
        iY: number;
        iWidth: number;
        iHeight: number;
        iRotation: number;
        bFlipped: boolean;
      }>()
      .notNull(),
    /**
     * The magnification the viewer showed (objective power × image zoom), printed under the
     * report's figure; null for a slide without an objective power, or taken before it was kept.
     */
    magnification: doublePrecision('magnification'),
    /**
     * The magnification was past the slide's objective power (a 20× scan shown at 40×): pixels
     * enlarged, no detail added. Decided when taken, from the slide's stored objective power.
     */
    digitalZoom: boolean('digital_zoom').notNull().default(false),
    /**
     * Brightness, contrast and gamma the view was shown with (1 = unchanged), and whether it was
     * mirrored, captioned with the figure; null for the scan's own colours, not mirrored, and for
     * screenshots taken before it was kept.
     */
    adjustments: jsonb('adjustments').$type<{
      dBrightness: number;
      dContrast: number;
      dGamma: number;
      bMirrored?: boolean;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('case_screenshots_patient_idx').on(t.patientId, t.authorId)],
);

/**
 * One sending of a case for diagnosis (spec §3 "Patient receive"): to a named expert, or to a
 * diagnosis center (expert null, not assigned) whose administrators distribute it. A case sent
 * to two experts has two receives. `state` is ReceiveState (new receives start at 0, spec §4).
 */
export const patientReceives = pgTable(
  'patient_receives',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The case's hospital: the tenancy of the receive. */
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    expertId: integer('expert_id').references(() => users.id),
    centerHospitalId: integer('center_hospital_id').references(() => hospitals.id),
    state: smallint('state').notNull().default(0),
    /** ddIsDistribution: the receive has its expert. */
    assigned: boolean('assigned').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The expert's lists: their receives by state, newest first.
    index('patient_receives_expert_idx').on(t.expertId, t.state, t.createdAt, t.id),
    index('patient_receives_patient_idx').on(t.patientId),
    // A center's cases waiting for distribution.
    index('patient_receives_center_idx').on(t.centerHospitalId, t.assigned, t.createdAt),
  ],
);

/**
 * One version of an expert's report on a receive (spec §3 "Diagnosis"): drafts are saved over,
 * a signed version is never changed again; a modification or a supplementary opinion is a new
 * version. `kind` is ReportKind, `state` ReportState, `reviewState` ReviewState (null when the
 * hospital does not review reports).
 */
export const diagnosisReports = pgTable(
  'diagnosis_reports',
  {
    id: serial('id').primaryKey(),
    receiveId: integer('receive_id')
      .notNull()
      .references(() => patientReceives.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The case's hospital: the tenancy of the report. */
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    expertId: integer('expert_id')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull(),
    kind: smallint('kind').notNull().default(0),
    state: smallint('state').notNull().default(0),
    result: text('result').notNull().default(''),
    opinion: text('opinion').notNull().default(''),
    /** A supplementary version's added opinion (spec §4: requested at most once). */
    supplement: text('supplement').notNull().default(''),
    /** Up to 4 case screenshots, in the order shown on the report. */
    screenshotIds: jsonb('screenshot_ids').$type<number[]>().notNull().default([]),
    /** The expert's signature image as it was when signing (a later signature does not change it). */
    signaturePng: text('signature_png'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    reviewState: smallint('review_state'),
    reviewReason: text('review_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    printCount: integer('print_count').notNull().default(0),
    lastPrintedAt: timestamp('last_printed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('diagnosis_reports_version_key').on(t.receiveId, t.version),
    index('diagnosis_reports_patient_idx').on(t.patientId, t.version),
    // "My reports" of an expert, newest first.
    index('diagnosis_reports_expert_idx').on(t.expertId, t.state, t.signedAt),
  ],
);

/**
 * An expert sending a case back (spec §4: regular, referral to another expert, additional
 * order). Kept for the history shown to the doctor; `kind` is ReturnKind.
 */
export const receiveReturns = pgTable(
  'receive_returns',
  {
    id: serial('id').primaryKey(),
    receiveId: integer('receive_id')
      .notNull()
      .references(() => patientReceives.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    expertId: integer('expert_id')
      .notNull()
      .references(() => users.id),
    kind: smallint('kind').notNull(),
    reason: text('reason').notNull(),
    /** Referral: the expert the case was passed to. */
    referredExpertId: integer('referred_expert_id').references(() => users.id),
    /** Additional order: the dictionary items asked for (id and name as they were). */
    orderItems: jsonb('order_items')
      .$type<{ iMedicalorderId: number; strName: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [index('receive_returns_patient_idx').on(t.patientId, t.createdAt)],
);

/**
 * The doctor's request about a signed report (spec §4): a modification (agreed or refused with a
 * reason, re-applicable after a refusal) or the one supplementary opinion. `kind` and `state`
 * are ReportRequestKind and ReportRequestState.
 */
export const reportRequests = pgTable(
  'report_requests',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => diagnosisReports.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    kind: smallint('kind').notNull(),
    state: smallint('state').notNull().default(0),
    reason: text('reason').notNull(),
    answer: text('answer'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('report_requests_report_idx').on(t.reportId, t.createdAt)],
);

/**
 * Common words (spec §3): phrases an expert inserts into a report. Scope 0 private (the owner
 * only), 1 shared (every expert), 2 institution shared (the owner's hospital).
 */
export const commonWords = pgTable(
  'common_words',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    category: text('category').notNull(),
    content: text('content').notNull(),
    scope: smallint('scope').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('common_words_owner_idx').on(t.ownerId, t.category),
    index('common_words_scope_idx').on(t.scope, t.hospitalId),
  ],
);

/**
 * A hospital's report form (spec "/ReportOnline", reportFile/*): which sections and fields the
 * printed report shows and in what order, the header (title, logo) and the footer.
 */
export const reportTemplates = pgTable('report_templates', {
  hospitalId: integer('hospital_id')
    .primaryKey()
    .references(() => hospitals.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  /** PNG or JPEG as a data URL, at most 200 KB. */
  logoDataUrl: text('logo_data_url'),
  footer: text('footer').notNull().default(''),
  layout: jsonb('layout').$type<unknown>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A doctor's booking of an expert's half-day (spec "/subscribeList", addPatientReceiveReservation)
 * for a frozen-section or urgent consultation of a case; the expert accepts or declines.
 * `kind` and `state` are AppointmentKind and AppointmentState (shared).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The case's hospital: the tenancy of the booking. */
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id),
    expertId: integer('expert_id')
      .notNull()
      .references(() => users.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    kind: smallint('kind').notNull(),
    note: text('note').notNull().default(''),
    state: smallint('state').notNull().default(0),
    answer: text('answer'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_expert_idx').on(t.expertId, t.startAt),
    index('appointments_doctor_idx').on(t.doctorId, t.startAt),
    index('appointments_patient_idx').on(t.patientId),
  ],
);

/**
 * A workflow message to one user (issue 7 "messages"): a case was sent to them, signed, returned,
 * a request made or answered... `kind` names the event (PatientEventType), `params` what the text
 * needs; read once `readAt` is set. Pushed over the WebSocket when it is written.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt)],
);
