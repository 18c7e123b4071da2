import { z } from 'zod';
import { CASE_CLASSIFICATIONS, CaseVariant, type CaseVariantCode } from '../case-constants';
import { VETERINARY_ONLY_FIELDS, type PatientFieldName } from './patient';

/*
 * Batch cases (spec §7 patient/importPatient, /batchnew): a spreadsheet of cases, one a row, checked
 * by exactly the rules of patient/addPatient. The column catalogue lives here because the server
 * writes the template with these titles and reads files back by them; the web app's unit test
 * checks the titles are its own case-form labels (locales cases.json), so the two cannot drift.
 */

export const CaseImportLimits = {
  /** Largest file accepted. */
  maxBytes: 5 * 1024 * 1024,
  /** Most case rows in one file. */
  maxRows: 2000,
} as const;

export const CASE_IMPORT_MODES = ['allOrNothing', 'validOnly'] as const;
export type CaseImportMode = (typeof CASE_IMPORT_MODES)[number];

/** The form fields beside the file (multipart text fields). */
export const caseImportFormSchema = z.object({
  bCommit: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true'),
  strMode: z.enum(CASE_IMPORT_MODES, { error: 'validation.invalid' }).default('allOrNothing'),
});

export const caseImportRowSchema = z.object({
  /** Row of the sheet as the user sees it (the header is row 1). */
  iRow: z.number().int(),
  bValid: z.boolean(),
  listError: z.array(z.object({ strField: z.string(), strMessage: z.string() })),
  /** The number typed in the row ('' when the hospital's rule will give one). */
  strDiagnosistNum: z.string(),
  strPatientName: z.string(),
  /** The case created from the row (commit only). */
  iPatientId: z.number().int().nullable(),
});
export type CaseImportRow = z.infer<typeof caseImportRowSchema>;

export const caseImportReportSchema = z.object({
  listRow: z.array(caseImportRowSchema),
  iTotal: z.number().int(),
  iValid: z.number().int(),
  iInvalid: z.number().int(),
  /** Whether cases were written (bCommit and the mode allowed it). */
  bCommitted: z.boolean(),
  iCreated: z.number().int(),
  iSlidesJoined: z
    .number()
    .int()
    .describe('Slides uploaded under the new cases’ numbers that joined them'),
  strMode: z.enum(CASE_IMPORT_MODES),
});
export type CaseImportReport = z.infer<typeof caseImportReportSchema>;

export type ImportColumnKind = 'text' | 'int' | 'date' | 'code';
export interface ImportCode {
  code: number;
  zh: string;
  en: string;
}
export interface ImportColumn {
  field: PatientFieldName;
  kind: ImportColumnKind;
  zh: string;
  en: string;
  codes?: readonly ImportCode[];
}

const ZH_CLASSIFICATIONS = [
  '综合',
  '软组织',
  '皮肤',
  '消化系统',
  '腹膜及腹膜后',
  '妇科',
  '骨与关节',
  '泌尿系统',
  '耳鼻喉',
  '甲状腺',
  '乳腺',
  '口腔',
  '呼吸系统',
  '男性生殖系统',
  '淋巴造血',
  '神经系统',
  '涎腺',
  '纵隔',
  '肝胆',
  '胸膜',
  '内分泌',
  '胰腺',
  '心血管',
];
const EN_CLASSIFICATIONS = [
  'General',
  'Soft tissue',
  'Skin',
  'Digestive system',
  'Peritoneum and retroperitoneum',
  'Gynaecology',
  'Bone and joint',
  'Urinary system',
  'Otorhinolaryngology',
  'Thyroid',
  'Breast',
  'Dental',
  'Respiratory',
  'Male reproductive',
  'Lymphopoiesis',
  'Nervous system',
  'Salivary gland',
  'Mediastinum',
  'Liver and gallbladder',
  'Pleura',
  'Endocrine',
  'Pancreas',
  'Cardiovascular',
];

export const IMPORT_CODES = {
  ddSex: [
    { code: 1, zh: '男', en: 'Male' },
    { code: 2, zh: '女', en: 'Female' },
  ],
  ddClassification: CASE_CLASSIFICATIONS.map((_, i) => ({
    code: i + 1,
    zh: ZH_CLASSIFICATIONS[i] ?? '',
    en: EN_CLASSIFICATIONS[i] ?? '',
  })),
  ddSampleType: [
    { code: 1, zh: '活检/小活检', en: 'Biopsy / small biopsy' },
    { code: 2, zh: '手术切除', en: 'Surgical removal' },
    { code: 3, zh: '细胞学', en: 'Cytology' },
    { code: 4, zh: '专科会诊', en: 'Specialist consultation' },
  ],
  ddDiagnosticType: [
    { code: 1, zh: '常规', en: 'Regular' },
    { code: 2, zh: '冰冻', en: 'Frozen' },
    { code: 3, zh: '会诊', en: 'Consultation' },
  ],
  ddEmergency: [
    { code: 0, zh: '普通', en: 'Normal' },
    { code: 1, zh: '加急', en: 'Urgent' },
  ],
} as const satisfies Record<string, readonly ImportCode[]>;

const t = (field: PatientFieldName, zh: string, en: string): ImportColumn => ({
  field,
  kind: 'text',
  zh,
  en,
});
const c = (field: keyof typeof IMPORT_CODES, zh: string, en: string): ImportColumn => ({
  field,
  kind: 'code',
  zh,
  en,
  codes: IMPORT_CODES[field],
});
const n = (field: PatientFieldName, zh: string, en: string): ImportColumn => ({
  field,
  kind: 'int',
  zh,
  en,
});
const d = (field: PatientFieldName, zh: string, en: string): ImportColumn => ({
  field,
  kind: 'date',
  zh,
  en,
});

/** Every column in form order; `columnsFor` keeps the variant's. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  t('strPatientName', '患者姓名', 'Patient name'),
  t('strDiagnosistNum', '病理号', 'Pathology number'),
  n('iAgeYear', '年龄（岁）', 'Age (years)'),
  n('iAgeMonth', '年龄（个月）', 'Age (months)'),
  n('iAgeDay', '年龄（天）', 'Age (days)'),
  c('ddSex', '性别', 'Sex'),
  t('strSpecies', '物种', 'Species'),
  t('strBreed', '品种', 'Breed'),
  t('strOwnerTel', '主人电话', 'Owner phone'),
  t('strOwnerEmail', '主人邮箱', 'Owner e-mail'),
  t('strPhone', '联系电话', 'Phone'),
  t('strFamilyPhone', '家属电话', 'Family phone'),
  t('strIdentityNumber', '身份证号', 'ID number'),
  t('strNation', '民族', 'Ethnicity'),
  t('strDepartment', '送检科室', 'Department'),
  t('strInpatientNo', '住院号', 'Inpatient no.'),
  t('strOutpatientNo', '门诊号', 'Outpatient no.'),
  t('strAreaNo', '病区', 'Area no.'),
  t('strWardNo', '病房号', 'Ward no.'),
  t('strBedNo', '床号', 'Bed no.'),
  t('strClinicalData', '临床资料', 'Clinical data'),
  t('strMedicalHistory', '病史', 'Medical history'),
  t('strImagingStudies', '影像学检查', 'Imaging studies'),
  t('strSpecialExams', '特殊检查', 'Special examinations'),
  c('ddClassification', '分类', 'Classification'),
  c('ddSampleType', '标本类型', 'Specimen type'),
  t('strSamplingSite', '取材部位', 'Sampling site'),
  d('dtSampleTime', '取样时间', 'Sample time'),
  c('ddDiagnosticType', '诊断类型', 'Diagnostic type'),
  n('iFrozenHeadNum', '冰冻头数', 'Frozen head count'),
  c('ddEmergency', '紧急程度', 'Urgency'),
  t('strSampleNo', '样本编号', 'Sample no.'),
  d('dtCollectedDate', '采样日期', 'Collected date'),
  d('dtReceivedDate', '收样日期', 'Received date'),
  t('strTester', '检测人', 'Tester'),
  t('strSampleDesc', '样本描述', 'Sample description'),
  t('strTestMethods', '检测方法', 'Test methods'),
  t('strTissueDescription', '大体所见（组织描述）', 'Tissue description (gross findings)'),
  t('strGrossFindings', '肉眼所见', 'Gross findings'),
  t('strInitialOpinion', '初步诊断意见', 'Initial diagnostic opinion'),
  t('strImmunohistochemistry', '免疫组化', 'Immunohistochemistry'),
  t('strMolecularPathology', '分子病理', 'Molecular pathology'),
  t('strSpecialStains', '特殊染色', 'Special stains'),
  t('strRemarks', '备注', 'Remarks'),
];

/** The veterinary case form shows the owner's contacts instead of these person fields. */
const HUMAN_ONLY_COLUMNS: readonly PatientFieldName[] = [
  'strPhone',
  'strFamilyPhone',
  'strIdentityNumber',
  'strNation',
];

/** The pet's name takes the patient name's column in the veterinary variant. */
export const PET_NAME_TITLE = { zh: '宠物名', en: 'Pet name' } as const;

/** The columns of the variant's template, in order, with the pet-name title for veterinary. */
export function columnsFor(variant: CaseVariantCode): ImportColumn[] {
  const vet = variant === CaseVariant.Veterinary;
  return IMPORT_COLUMNS.filter((col) =>
    vet
      ? !HUMAN_ONLY_COLUMNS.includes(col.field)
      : !(VETERINARY_ONLY_FIELDS as readonly string[]).includes(col.field),
  ).map((col) => (vet && col.field === 'strPatientName' ? { ...col, ...PET_NAME_TITLE } : col));
}
