import { z } from 'zod';
import { sniffImageKind } from './feedback';
import { idSchema } from './common';
import { timeZoneSchema } from './time-zone';

/*
 * A hospital's report form (spec §2 /ReportOnline, §7 reportFile/*): the header title and logo,
 * the footer, and the sections of the printed report in order, each shown or not; the sections
 * about the case list the case fields they print, in order. One list per case model (human,
 * veterinary), so that a form designed on one deployment keeps its meaning if cases of the other
 * model are ever printed with it.
 */

export const ReportTemplateLimits = {
  titleMax: 64,
  footerMax: 200,
  /** Decoded bytes of the logo: enough for a crisp header logo, small enough for every report. */
  logoMaxBytes: 200 * 1024,
} as const;
/** How the logo limit reads in messages. */
export const REPORT_LOGO_MAX_LABEL = '200 KB';

/** The sections of a report, in the default order. */
export const REPORT_SECTION_KEYS = [
  'patient',
  'clinical',
  'specimen',
  'findings',
  'diagnosis',
  'screenshots',
  'signature',
] as const;
export type ReportSectionKey = (typeof REPORT_SECTION_KEYS)[number];

/** Sections that print case fields (the form's field checklists). */
export const REPORT_FIELD_SECTIONS = ['patient', 'clinical', 'specimen', 'findings'] as const;
export type ReportFieldSectionKey = (typeof REPORT_FIELD_SECTIONS)[number];

export function isFieldSection(key: ReportSectionKey): key is ReportFieldSectionKey {
  return (REPORT_FIELD_SECTIONS as readonly string[]).includes(key);
}

/** A report without the diagnosis is no report: this section cannot be hidden. */
export const REPORT_REQUIRED_SECTIONS: readonly ReportSectionKey[] = ['diagnosis'];

export type ReportVariantName = 'human' | 'veterinary';

/*
 * The case fields each section can print, per case model, in their natural order (the order of
 * the case form). Keys are PatientDto fields, plus `age` (years, months, days together) and
 * `owner` (the sending doctor).
 */
const FINDINGS_FIELDS = [
  'strTissueDescription',
  'strGrossFindings',
  'strInitialOpinion',
  'strImmunohistochemistry',
  'strSpecialStains',
  'strMolecularPathology',
  'strRemarks',
] as const;
const SPECIMEN_FIELDS = [
  'ddClassification',
  'ddSampleType',
  'strSamplingSite',
  'dtSampleTime',
  'ddDiagnosticType',
  'iFrozenHeadNum',
  'ddEmergency',
] as const;
const CLINICAL_TEXTS = [
  'strClinicalData',
  'strMedicalHistory',
  'strImagingStudies',
  'strSpecialExams',
] as const;

export const REPORT_FIELDS = {
  patient: {
    human: [
      'strPatientName',
      'strDiagnosistNum',
      'ddSex',
      'age',
      'strPhone',
      'strFamilyPhone',
      'strIdentityNumber',
      'strNation',
    ],
    veterinary: [
      'strPatientName',
      'strDiagnosistNum',
      'strSpecies',
      'strBreed',
      'ddSex',
      'age',
      'strOwnerTel',
      'strOwnerEmail',
    ],
  },
  clinical: {
    human: [
      'strHospitalName',
      'strDepartment',
      'owner',
      'dtSubmitTime',
      'strInpatientNo',
      'strOutpatientNo',
      'strAreaNo',
      'strWardNo',
      'strBedNo',
      ...CLINICAL_TEXTS,
    ],
    veterinary: ['strHospitalName', 'owner', 'dtSubmitTime', ...CLINICAL_TEXTS],
  },
  specimen: {
    human: SPECIMEN_FIELDS,
    veterinary: [
      ...SPECIMEN_FIELDS,
      'strSampleNo',
      'dtCollectedDate',
      'dtReceivedDate',
      'strTester',
      'strSampleDesc',
      'strTestMethods',
    ],
  },
  findings: { human: FINDINGS_FIELDS, veterinary: FINDINGS_FIELDS },
} as const satisfies Record<ReportFieldSectionKey, Record<ReportVariantName, readonly string[]>>;

type FieldsOf<S extends ReportFieldSectionKey> =
  (typeof REPORT_FIELDS)[S][ReportVariantName][number];
export type ReportFieldKey = FieldsOf<ReportFieldSectionKey>;

/**
 * Fields printed as paragraphs under their label (free texts); the others go into the grid of
 * short "label: value" cells.
 */
export const REPORT_LONG_FIELDS: readonly ReportFieldKey[] = [
  ...CLINICAL_TEXTS,
  ...FINDINGS_FIELDS,
  'strSampleDesc',
  'strTestMethods',
];

export function reportFieldsOf(
  section: ReportFieldSectionKey,
  variant: ReportVariantName,
): readonly ReportFieldKey[] {
  return REPORT_FIELDS[section][variant];
}

/** One section of the form as stored and sent: shown or not, and its fields per case model. */
export const reportSectionSchema = z.object({
  strSection: z.enum(REPORT_SECTION_KEYS, { error: 'validation.reportTemplate.layout' }),
  bVisible: z.boolean({ error: 'validation.reportTemplate.layout' }),
  /** The fields printed for a human case, in order; empty for sections without fields. */
  listHumanField: z.array(z.string()).max(40, { error: 'validation.tooMany' }).default([]),
  /** The same for a veterinary case. */
  listVeterinaryField: z.array(z.string()).max(40, { error: 'validation.tooMany' }).default([]),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

const VARIANT_LISTS = [
  ['human', 'listHumanField'],
  ['veterinary', 'listVeterinaryField'],
] as const;

/**
 * The problems of a section list: every section exactly once, fields only those the section
 * offers for the model and each once, and the required sections shown.
 */
function checkSections(sections: ReportSection[], ctx: z.RefinementCtx): void {
  const keys = sections.map((s) => s.strSection);
  if (keys.length !== REPORT_SECTION_KEYS.length || new Set(keys).size !== keys.length) {
    ctx.addIssue({ code: 'custom', message: 'validation.reportTemplate.layout' });
    return;
  }
  sections.forEach((section, index) => {
    if (!section.bVisible && REPORT_REQUIRED_SECTIONS.includes(section.strSection)) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.reportTemplate.diagnosisHidden',
        path: [index, 'bVisible'],
      });
    }
    for (const [variant, list] of VARIANT_LISTS) {
      const allowed: readonly string[] = isFieldSection(section.strSection)
        ? reportFieldsOf(section.strSection, variant)
        : [];
      const fields = section[list];
      if (fields.some((f) => !allowed.includes(f)) || new Set(fields).size !== fields.length) {
        ctx.addIssue({
          code: 'custom',
          message: 'validation.reportTemplate.layout',
          path: [index, list],
        });
      }
    }
  });
}

/** The ordered sections of a form, checked as a whole. */
export const reportSectionsSchema = z.array(reportSectionSchema).superRefine(checkSections);

/** What the `layout` column holds. */
export interface ReportLayoutJson {
  listSection: ReportSection[];
}

/** The fields shown by default: what a Chinese pathology report usually carries. */
const DEFAULT_FIELDS: Record<ReportFieldSectionKey, Record<ReportVariantName, ReportFieldKey[]>> = {
  patient: {
    human: ['strPatientName', 'strDiagnosistNum', 'ddSex', 'age'],
    veterinary: ['strPatientName', 'strDiagnosistNum', 'strSpecies', 'strBreed', 'ddSex', 'age'],
  },
  clinical: {
    human: [
      'strHospitalName',
      'strDepartment',
      'owner',
      'dtSubmitTime',
      'strInpatientNo',
      'strBedNo',
      'strClinicalData',
    ],
    veterinary: ['strHospitalName', 'owner', 'dtSubmitTime', 'strClinicalData'],
  },
  specimen: {
    human: ['ddSampleType', 'strSamplingSite', 'dtSampleTime', 'ddClassification'],
    veterinary: [
      'ddSampleType',
      'strSamplingSite',
      'strSampleNo',
      'dtCollectedDate',
      'strSampleDesc',
    ],
  },
  // The gross description and the sending hospital's preliminary opinion too: a consultation
  // report that left out the tumour's size the doctor entered, or what the sender suspected,
  // lost what the diagnosis answers. Empty free texts are not printed.
  findings: {
    human: [
      'strTissueDescription',
      'strGrossFindings',
      'strInitialOpinion',
      'strImmunohistochemistry',
      'strSpecialStains',
    ],
    veterinary: [
      'strTissueDescription',
      'strGrossFindings',
      'strInitialOpinion',
      'strImmunohistochemistry',
      'strSpecialStains',
    ],
  },
};

/** The form every hospital starts with: all sections in order, all shown. */
export function defaultReportSections(): ReportSection[] {
  return REPORT_SECTION_KEYS.map((key) => ({
    strSection: key,
    bVisible: true,
    listHumanField: isFieldSection(key) ? [...DEFAULT_FIELDS[key].human] : [],
    listVeterinaryField: isFieldSection(key) ? [...DEFAULT_FIELDS[key].veterinary] : [],
  }));
}

/** The default title, in the language of whoever reads it until the hospital names its own. */
export const DEFAULT_REPORT_TITLE = {
  zh: '病理会诊报告',
  en: 'Pathology Consultation Report',
} as const;

/**
 * A stored section list as the current rules read it: sections and fields that no longer exist
 * are dropped, duplicates kept once, sections added since are appended as the default has them.
 * A form saved under an older version of the catalogue keeps working instead of failing to load.
 */
export function normalizeReportSections(stored: unknown): ReportSection[] {
  const list =
    typeof stored === 'object' && stored !== null && 'listSection' in stored
      ? (stored as { listSection: unknown }).listSection
      : stored;
  const seen = new Set<ReportSectionKey>();
  const out: ReportSection[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    const parsed = reportSectionSchema.safeParse(item);
    if (!parsed.success || seen.has(parsed.data.strSection)) {
      continue;
    }
    const section = parsed.data;
    seen.add(section.strSection);
    const keep = (variant: ReportVariantName, fields: string[]): string[] => {
      const allowed: readonly string[] = isFieldSection(section.strSection)
        ? reportFieldsOf(section.strSection, variant)
        : [];
      return [...new Set(fields)].filter((f) => allowed.includes(f));
    };
    out.push({
      strSection: section.strSection,
      bVisible: section.bVisible || REPORT_REQUIRED_SECTIONS.includes(section.strSection),
      listHumanField: keep('human', section.listHumanField),
      listVeterinaryField: keep('veterinary', section.listVeterinaryField),
    });
  }
  for (const section of defaultReportSections()) {
    if (!seen.has(section.strSection)) {
      out.push(section);
    }
  }
  return out;
}

const LOGO_DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The first bytes of a base64 text (whole groups of 4 digits): enough to tell PNG from JPEG, and
 * written here because the shared package relies on no Node or browser global such as atob.
 */
function base64Head(payload: string, groups: number): Uint8Array {
  const bytes: number[] = [];
  for (let g = 0; g + 4 <= Math.min(payload.length, groups * 4); g += 4) {
    const n = [0, 1, 2, 3].reduce(
      (acc, i) => (acc << 6) | Math.max(0, BASE64_DIGITS.indexOf(payload[g + i] ?? 'A')),
      0,
    );
    bytes.push((n >> 16) & 255, (n >> 8) & 255, n & 255);
  }
  return Uint8Array.from(bytes);
}

/** Decoded size of a base64 text without decoding it. */
function base64Bytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return (payload.length / 4) * 3 - padding;
}

/**
 * The logo as a PNG or JPEG data URL of at most 200 KB, whose first bytes are what its type says
 * (a renamed GIF is refused). The server decodes the whole picture besides before saving it.
 */
export const reportLogoSchema = z
  .string()
  .max(300_000, { error: 'validation.reportTemplate.logoTooLarge' })
  .superRefine((value, ctx) => {
    const match = LOGO_DATA_URL.exec(value);
    const payload = match?.[2] ?? '';
    if (!match || payload.length % 4 !== 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.reportTemplate.logoFormat' });
      return;
    }
    if (sniffImageKind(base64Head(payload, 3)) !== match[1]) {
      ctx.addIssue({ code: 'custom', message: 'validation.reportTemplate.logoFormat' });
      return;
    }
    if (base64Bytes(payload) > ReportTemplateLimits.logoMaxBytes) {
      ctx.addIssue({ code: 'custom', message: 'validation.reportTemplate.logoTooLarge' });
    }
  });

/** The parts of a form an administrator edits, as each field rule of the web form uses them. */
export const reportTemplateFields = {
  strTitle: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(ReportTemplateLimits.titleMax, { error: 'validation.tooLong' }),
  strLogo: reportLogoSchema.nullable().default(null),
  strFooter: z
    .string()
    .trim()
    .max(ReportTemplateLimits.footerMax, { error: 'validation.tooLong' })
    .default(''),
  listSection: reportSectionsSchema,
};

/** A form as designed (saved, or previewed before saving). */
export const reportTemplateContentSchema = z.object(reportTemplateFields);
export type ReportTemplateContent = z.infer<typeof reportTemplateContentSchema>;
export type ReportTemplateContentInput = z.input<typeof reportTemplateContentSchema>;

/** Which hospital a call is about: the caller's own unless a platform administrator names one. */
const hospitalChoice = { iHospitalId: idSchema.optional() };

/** reportFile/getReportTemplate. */
export const reportTemplateQuerySchema = z.object(hospitalChoice);
export type ReportTemplateQuery = z.infer<typeof reportTemplateQuerySchema>;

/** reportFile/add and reportFile/update (both save the hospital's one form). */
export const reportTemplateSaveSchema = reportTemplateContentSchema.extend(hospitalChoice);
export type ReportTemplateSaveInput = z.input<typeof reportTemplateSaveSchema>;

/** reportFile/delete: back to the default form. */
export const reportTemplateDeleteSchema = z.object(hospitalChoice);

/**
 * reportFile/preview: a sample report printed with the hospital's saved form, or with the form
 * sent (not saved), for a human or veterinary sample case (default: the deployment's model), its
 * times in the browser's zone as reports print them (diagnosis/ProduceReport).
 */
export const reportTemplatePreviewSchema = z.object({
  ...hospitalChoice,
  objTemplate: reportTemplateContentSchema.optional(),
  iVariant: z.union([z.literal(1), z.literal(2)]).optional(),
  strTimeZone: timeZoneSchema.optional(),
});
export type ReportTemplatePreviewInput = z.input<typeof reportTemplatePreviewSchema>;

/** A hospital's form as every call answers it. */
export const reportTemplateDtoSchema = z.object({
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  bSaved: z.boolean().describe('false: the hospital has no form of its own and gets the default'),
  strTitle: z.string(),
  strLogo: z.string().nullable().describe('PNG or JPEG data URL'),
  strFooter: z.string(),
  listSection: z.array(reportSectionSchema),
  dtUpdateTime: z.string().nullable(),
});
export type ReportTemplateDto = z.infer<typeof reportTemplateDtoSchema>;
