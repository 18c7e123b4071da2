import {
  reportFigureLabel,
  type CASE_CLASSIFICATIONS,
  type ReportFieldKey,
  type ReportSectionKey,
} from '@pathconsult/shared';
import type { ReportKindName } from './report-document';

/*
 * Every word a printed report adds to the case's own texts, in both languages. The wording of
 * fields and coded values is the web app's (`cases` namespace), so that a report says what the
 * case form said; codes are those of @pathconsult/shared (case-constants.ts).
 */

type Classification = (typeof CASE_CLASSIFICATIONS)[number];

export interface ReportTexts {
  fields: Record<ReportFieldKey, string>;
  /** Replaces `strPatientName`'s label on a veterinary report. */
  petName: string;
  sections: Record<ReportSectionKey, string>;
  /** Replaces the patient section's title on a veterinary report. */
  petSection: string;
  sex: Record<number, string>;
  classification: Record<Classification, string>;
  sampleType: Record<number, string>;
  diagnosticType: Record<number, string>;
  emergency: Record<number, string>;
  age: { year: string; month: string; day: string; gap: string };
  /** Shown beside the title; the initial report needs no word. */
  kind: Record<ReportKindName, string>;
  version: (n: number) => string;
  result: string;
  opinion: string;
  supplementary: string;
  expert: string;
  expertHospital: string;
  signedAt: string;
  signature: string;
  noSignature: string;
  /** The caption's number, as the screen shows it too (shared reportFigureLabel). */
  figure: (n: number) => string;
  /** In place of a picture whose file could not be read. */
  imageMissing: string;
  page: (page: number, pages: number) => string;
  printedAt: string;
}

const zh: ReportTexts = {
  fields: {
    strPatientName: '患者姓名',
    strDiagnosistNum: '病理号',
    ddSex: '性别',
    age: '年龄',
    strPhone: '联系电话',
    strFamilyPhone: '家属电话',
    strIdentityNumber: '身份证号',
    strNation: '民族',
    strSpecies: '物种',
    strBreed: '品种',
    strOwnerTel: '主人电话',
    strOwnerEmail: '主人邮箱',
    strHospitalName: '送检医院',
    strDepartment: '送检科室',
    owner: '送检医生',
    dtSubmitTime: '送检时间',
    strInpatientNo: '住院号',
    strOutpatientNo: '门诊号',
    strAreaNo: '病区',
    strWardNo: '病房号',
    strBedNo: '床号',
    strClinicalData: '临床资料',
    strMedicalHistory: '病史',
    strImagingStudies: '影像学检查',
    strSpecialExams: '特殊检查',
    ddClassification: '分类',
    ddSampleType: '标本类型',
    strSamplingSite: '取材部位',
    dtSampleTime: '取样时间',
    ddDiagnosticType: '诊断类型',
    iFrozenHeadNum: '冰冻头数',
    ddEmergency: '紧急程度',
    strSampleNo: '样本编号',
    dtCollectedDate: '采样日期',
    dtReceivedDate: '收样日期',
    strTester: '检测人',
    strSampleDesc: '样本描述',
    strTestMethods: '检测方法',
    strTissueDescription: '大体所见（组织描述）',
    strGrossFindings: '肉眼所见',
    strInitialOpinion: '初步诊断意见',
    strImmunohistochemistry: '免疫组化',
    strSpecialStains: '特殊染色',
    strMolecularPathology: '分子病理',
    strRemarks: '备注',
  },
  petName: '宠物名',
  sections: {
    patient: '患者信息',
    clinical: '临床信息',
    specimen: '标本信息',
    findings: '病理所见',
    diagnosis: '诊断',
    screenshots: '病理图像',
    signature: '签发',
  },
  petSection: '宠物信息',
  sex: { 1: '男', 2: '女' },
  classification: {
    general: '综合',
    softTissue: '软组织',
    skin: '皮肤',
    digestive: '消化系统',
    peritoneum: '腹膜及腹膜后',
    gynaecology: '妇科',
    boneJoint: '骨与关节',
    urinary: '泌尿系统',
    ent: '耳鼻喉',
    thyroid: '甲状腺',
    breast: '乳腺',
    dental: '口腔',
    respiratory: '呼吸系统',
    maleReproductive: '男性生殖系统',
    lymphopoiesis: '淋巴造血',
    nervous: '神经系统',
    salivaryGland: '涎腺',
    mediastinum: '纵隔',
    liverGallbladder: '肝胆',
    pleura: '胸膜',
    endocrine: '内分泌',
    pancreas: '胰腺',
    cardiovascular: '心血管',
  },
  sampleType: { 1: '活检/小活检', 2: '手术切除', 3: '细胞学', 4: '专科会诊' },
  diagnosticType: { 1: '常规', 2: '冰冻', 3: '会诊' },
  emergency: { 0: '普通', 1: '加急' },
  age: { year: '岁', month: '月', day: '天', gap: '' },
  kind: { initial: '', supplementary: '补充报告', modification: '修改报告' },
  version: (n) => `第 ${n} 版`,
  result: '诊断结果',
  opinion: '诊断意见',
  supplementary: '补充意见',
  expert: '诊断专家',
  expertHospital: '诊断单位',
  signedAt: '签发时间',
  signature: '专家签名',
  noSignature: '（未附签名图片）',
  figure: (n) => reportFigureLabel('zh', n),
  imageMissing: '（图像文件缺失）',
  page: (page, pages) => `第 ${page} 页 / 共 ${pages} 页`,
  printedAt: '打印时间',
};

const en: ReportTexts = {
  fields: {
    strPatientName: 'Patient name',
    strDiagnosistNum: 'Pathology number',
    ddSex: 'Sex',
    age: 'Age',
    strPhone: 'Phone',
    strFamilyPhone: 'Family phone',
    strIdentityNumber: 'ID number',
    strNation: 'Ethnicity',
    strSpecies: 'Species',
    strBreed: 'Breed',
    strOwnerTel: 'Owner phone',
    strOwnerEmail: 'Owner e-mail',
    strHospitalName: 'Sending hospital',
    strDepartment: 'Department',
    owner: 'Sending doctor',
    dtSubmitTime: 'Submitted',
    strInpatientNo: 'Inpatient no.',
    strOutpatientNo: 'Outpatient no.',
    strAreaNo: 'Area no.',
    strWardNo: 'Ward no.',
    strBedNo: 'Bed no.',
    strClinicalData: 'Clinical data',
    strMedicalHistory: 'Medical history',
    strImagingStudies: 'Imaging studies',
    strSpecialExams: 'Special examinations',
    ddClassification: 'Classification',
    ddSampleType: 'Specimen type',
    strSamplingSite: 'Sampling site',
    dtSampleTime: 'Sample time',
    ddDiagnosticType: 'Diagnostic type',
    iFrozenHeadNum: 'Frozen head count',
    ddEmergency: 'Urgency',
    strSampleNo: 'Sample no.',
    dtCollectedDate: 'Collected date',
    dtReceivedDate: 'Received date',
    strTester: 'Tester',
    strSampleDesc: 'Sample description',
    strTestMethods: 'Test methods',
    strTissueDescription: 'Tissue description (gross findings)',
    strGrossFindings: 'Gross findings',
    strInitialOpinion: 'Initial diagnostic opinion',
    strImmunohistochemistry: 'Immunohistochemistry',
    strSpecialStains: 'Special stains',
    strMolecularPathology: 'Molecular pathology',
    strRemarks: 'Remarks',
  },
  petName: 'Pet name',
  sections: {
    patient: 'Patient',
    clinical: 'Clinical information',
    specimen: 'Specimen',
    findings: 'Pathology findings',
    diagnosis: 'Diagnosis',
    screenshots: 'Images',
    signature: 'Sign-off',
  },
  petSection: 'Pet',
  sex: { 1: 'Male', 2: 'Female' },
  classification: {
    general: 'General',
    softTissue: 'Soft tissue',
    skin: 'Skin',
    digestive: 'Digestive system',
    peritoneum: 'Peritoneum and retroperitoneum',
    gynaecology: 'Gynaecology',
    boneJoint: 'Bone and joint',
    urinary: 'Urinary system',
    ent: 'Otorhinolaryngology',
    thyroid: 'Thyroid',
    breast: 'Breast',
    dental: 'Dental',
    respiratory: 'Respiratory',
    maleReproductive: 'Male reproductive',
    lymphopoiesis: 'Lymphopoiesis',
    nervous: 'Nervous system',
    salivaryGland: 'Salivary gland',
    mediastinum: 'Mediastinum',
    liverGallbladder: 'Liver and gallbladder',
    pleura: 'Pleura',
    endocrine: 'Endocrine',
    pancreas: 'Pancreas',
    cardiovascular: 'Cardiovascular',
  },
  sampleType: {
    1: 'Biopsy / small biopsy',
    2: 'Surgical removal',
    3: 'Cytology',
    4: 'Specialist consultation',
  },
  diagnosticType: { 1: 'Regular', 2: 'Frozen', 3: 'Consultation' },
  emergency: { 0: 'Normal', 1: 'Urgent' },
  age: { year: 'y', month: 'mo', day: 'd', gap: ' ' },
  kind: { initial: '', supplementary: 'Supplementary report', modification: 'Modified report' },
  version: (n) => `Version ${n}`,
  result: 'Diagnosis',
  opinion: 'Opinion',
  supplementary: 'Supplementary opinion',
  expert: 'Expert',
  expertHospital: 'Diagnosed at',
  signedAt: 'Signed',
  signature: 'Signature',
  noSignature: '(no signature image)',
  figure: (n) => reportFigureLabel('en', n),
  imageMissing: '(image file missing)',
  page: (page, pages) => `Page ${page} of ${pages}`,
  printedAt: 'Printed',
};

export function reportTexts(lang: 'zh-CN' | 'en'): ReportTexts {
  return lang === 'en' ? en : zh;
}
