import type { PatientDto } from '@pathconsult/shared';
import type { ReportDocument, ReportLayout } from '../reports/report-document';
import { sampleImages } from './sample-images';

/*
 * The made-up case and report the preview prints, so that an administrator sees every field the
 * form picks filled in. Everything says it is a sample: the names, the pathology number and a
 * watermark across every page, so a printed preview can never pass for a patient's report.
 */

type Lang = 'zh-CN' | 'en';

const TEXTS = {
  'zh-CN': {
    // Across every page, in the reader's language as the rest of the preview.
    watermark: '样例',
    patient: '样例患者',
    pet: '样例宠物',
    doctor: '样例送检医生',
    expert: '样例专家',
    expertHospital: '样例诊断中心',
    department: '病理科',
    site: '右乳外上象限',
    species: '犬',
    breed: '金毛寻回犬',
    clinical: '样例：发现右乳肿物 3 个月，无痛，近期增大。',
    history: '样例：既往体健，无家族肿瘤史。',
    imaging: '样例：超声示右乳低回声结节，边界清，BI-RADS 4a。',
    special: '样例：无。',
    tissue: '样例：灰白结节一枚，2.0 × 1.5 × 1.2 cm，切面实性，质韧。',
    gross: '样例：包膜完整。',
    initial: '样例：纤维腺瘤？',
    ihc: '样例：ER(+)，PR(+)，Ki-67 约 5%',
    stains: '样例：PAS(-)',
    molecular: '样例：未做',
    remarks: '样例：无',
    sampleDesc: '样例：皮下肿物一枚，福尔马林固定。',
    tester: '样例检测人',
    methods: '样例：HE 染色',
    result: '（右乳）纤维腺瘤。——样例诊断，仅供预览',
    opinion: '样例：建议定期随访。',
    shot: ['样例 HE ×100', '样例 HE ×400'],
    slide: ['样例切片-A1.svs', '样例切片-A2.svs'],
  },
  en: {
    watermark: 'SAMPLE',
    patient: 'Sample Patient',
    pet: 'Sample Pet',
    doctor: 'Sample Doctor',
    expert: 'Sample Expert',
    expertHospital: 'Sample Diagnostic Center',
    department: 'Pathology',
    site: 'Right breast, upper outer quadrant',
    species: 'Dog',
    breed: 'Golden Retriever',
    clinical: 'Sample: painless lump in the right breast for 3 months, recently larger.',
    history: 'Sample: previously healthy, no family history of cancer.',
    imaging: 'Sample: ultrasound shows a well-defined hypoechoic nodule, BI-RADS 4a.',
    special: 'Sample: none.',
    tissue: 'Sample: one grey-white nodule, 2.0 × 1.5 × 1.2 cm, solid and firm.',
    gross: 'Sample: capsule intact.',
    initial: 'Sample: fibroadenoma?',
    ihc: 'Sample: ER(+), PR(+), Ki-67 about 5%',
    stains: 'Sample: PAS(-)',
    molecular: 'Sample: not done',
    remarks: 'Sample: none',
    sampleDesc: 'Sample: one subcutaneous mass, formalin fixed.',
    tester: 'Sample Tester',
    methods: 'Sample: HE staining',
    result: '(Right breast) fibroadenoma. — sample diagnosis, for preview only',
    opinion: 'Sample: regular follow-up advised.',
    shot: ['Sample HE ×100', 'Sample HE ×400'],
    slide: ['Sample-slide-A1.svs', 'Sample-slide-A2.svs'],
  },
} as const;

function samplePatient(
  lang: Lang,
  variant: ReportDocument['variant'],
  hospital: { id: number; name: string },
  now: Date,
): PatientDto {
  const t = TEXTS[lang];
  const vet = variant === 'veterinary';
  const day = new Date(now.getTime() - 2 * 86_400_000);
  const iso = day.toISOString();
  return {
    iPatientId: 0,
    ddPatientState: { iNumber: 2 },
    ddVariant: { iNumber: vet ? 2 : 1 },
    iHospitalId: hospital.id,
    strHospitalName: hospital.name,
    owner: { iUserId: 0, strRealName: t.doctor },
    strPatientName: vet ? t.pet : t.patient,
    strDiagnosistNum: 'SAMPLE-0001',
    iAgeYear: vet ? 6 : 45,
    iAgeMonth: null,
    iAgeDay: null,
    ddSex: { iNumber: 2 },
    ddClassification: { iNumber: 11 },
    strSamplingSite: t.site,
    dtSampleTime: iso,
    strPhone: '13800000000',
    strFamilyPhone: '13900000000',
    strIdentityNumber: '110101198001010000',
    strNation: lang === 'en' ? 'Han' : '汉族',
    strInpatientNo: 'ZY-0001',
    strOutpatientNo: 'MZ-0001',
    strAreaNo: '3',
    strWardNo: '12',
    strBedNo: '08',
    strDepartment: t.department,
    ddEmergency: { iNumber: 0 },
    ddDiagnosticType: { iNumber: 1 },
    iFrozenHeadNum: null,
    ddSampleType: { iNumber: 2 },
    strClinicalData: t.clinical,
    strMedicalHistory: t.history,
    strImagingStudies: t.imaging,
    strSpecialExams: t.special,
    strTissueDescription: t.tissue,
    strGrossFindings: t.gross,
    strInitialOpinion: t.initial,
    strImmunohistochemistry: t.ihc,
    strMolecularPathology: t.molecular,
    strSpecialStains: t.stains,
    strRemarks: t.remarks,
    strSpecies: vet ? t.species : '',
    strBreed: vet ? t.breed : '',
    strSampleDesc: vet ? t.sampleDesc : '',
    strSampleNo: vet ? 'S-0001' : '',
    dtCollectedDate: vet ? iso.slice(0, 10) : null,
    dtReceivedDate: vet ? iso.slice(0, 10) : null,
    strTester: vet ? t.tester : '',
    strTestMethods: vet ? t.methods : '',
    strOwnerTel: vet ? '13700000000' : '',
    strOwnerEmail: vet ? 'owner@example.com' : '',
    bCollected: false,
    iClonedFromId: null,
    dtSubmitTime: iso,
    dtViewTime: iso,
    dtCreateTime: iso,
    dtUpdateTime: iso,
  };
}

export interface SampleReportInput {
  lang: Lang;
  variant: ReportDocument['variant'];
  hospital: { id: number; name: string; logoDataUrl: string | null };
  template: ReportLayout;
  now: Date;
  /** IANA zone the sample's times print in, as a real report's would. */
  timeZone: string;
}

/** A sample report printed with the given form, as the hospital's own reports would be. */
export async function sampleReportDocument(input: SampleReportInput): Promise<ReportDocument> {
  const { lang, now } = input;
  const t = TEXTS[lang];
  const images = await sampleImages();
  return {
    lang,
    template: input.template,
    hospital: { name: input.hospital.name, logoDataUrl: input.hospital.logoDataUrl },
    variant: input.variant,
    patient: samplePatient(lang, input.variant, input.hospital, now),
    report: {
      version: 1,
      kind: 'initial',
      result: t.result,
      opinion: t.opinion,
      supplementaryOpinions: [],
      expertName: t.expert,
      expertHospitalName: t.expertHospital,
      signedAt: now,
      signaturePng: images.signature.toString('base64'),
      screenshots: images.screenshots.map((data, i) => ({
        data,
        mimeType: i === 0 ? 'image/jpeg' : 'image/png',
        caption: t.shot[i],
        slideName: t.slide[i],
      })),
    },
    timeZone: input.timeZone,
    printedAt: now,
    watermark: t.watermark,
  };
}
