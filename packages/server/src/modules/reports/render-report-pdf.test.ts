import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_FIELDS,
  REPORT_FIELD_SECTIONS,
  REPORT_LONG_FIELDS,
  REPORT_SECTION_KEYS,
  defaultReportSections,
  type PatientDto,
  type ReportFieldKey,
  type ReportSection,
} from '@pathconsult/shared';
import type { ReportDocument } from './report-document';
import { reportTexts } from './report-labels';
import { renderReportPdf } from './render-report-pdf';
import { pdfImages, pdfPageCount, pdfPageTexts, pdfText, squeeze } from './testing/pdf-inspect';

/*
 * The report PDF read back as text and pictures: every field the form picks is printed with its
 * label and value (codes as words of the report's language), in the form's order; hidden sections
 * and fields are not; the diagnosis, the expert, the signing time, the signature and the
 * screenshots are there. A renderer that drops or misplaces any of them fails here.
 */

type Variant = ReportDocument['variant'];

/** Every field of every section, in catalogue order: the fullest form there is. */
function everyField(): ReportSection[] {
  return REPORT_SECTION_KEYS.map((key) => ({
    strSection: key,
    bVisible: true,
    listHumanField: (REPORT_FIELD_SECTIONS as readonly string[]).includes(key)
      ? [...REPORT_FIELDS[key as (typeof REPORT_FIELD_SECTIONS)[number]].human]
      : [],
    listVeterinaryField: (REPORT_FIELD_SECTIONS as readonly string[]).includes(key)
      ? [...REPORT_FIELDS[key as (typeof REPORT_FIELD_SECTIONS)[number]].veterinary]
      : [],
  }));
}

/** A case whose every text is distinct, so that finding it proves where it came from. */
function patient(variant: Variant): PatientDto {
  const vet = variant === 'veterinary';
  return {
    iPatientId: 7,
    ddPatientState: { iNumber: 2 },
    ddVariant: { iNumber: vet ? 2 : 1 },
    iHospitalId: 3,
    strHospitalName: '青山送检医院',
    owner: { iUserId: 9, strRealName: '李送检' },
    strPatientName: vet ? '旺财' : '张三丰',
    strDiagnosistNum: 'BL2026-0042',
    iAgeYear: 45,
    iAgeMonth: 3,
    iAgeDay: null,
    ddSex: { iNumber: 2 },
    ddClassification: { iNumber: 11 },
    strSamplingSite: '左乳外上象限',
    dtSampleTime: '2026-03-01T01:05:00.000Z',
    strPhone: '13800138000',
    strFamilyPhone: '13900139000',
    strIdentityNumber: '11010519491231002X',
    strNation: '回族',
    strInpatientNo: 'ZY7788',
    strOutpatientNo: 'MZ5566',
    strAreaNo: 'AREA9',
    strWardNo: 'WARD12',
    strBedNo: 'BED33',
    strDepartment: '乳腺外科',
    ddEmergency: { iNumber: 1 },
    ddDiagnosticType: { iNumber: 2 },
    iFrozenHeadNum: 3,
    ddSampleType: { iNumber: 2 },
    strClinicalData: '临床资料甲：发现肿物三月。',
    strMedicalHistory: '病史乙：高血压十年。',
    strImagingStudies: '影像丙：BI-RADS 4a。',
    strSpecialExams: '特检丁：无。',
    strTissueDescription: '大体戊：灰白结节。',
    strGrossFindings: '肉眼己：包膜完整。',
    strInitialOpinion: '初诊庚：纤维腺瘤？',
    strImmunohistochemistry: '免疫辛：ER(+)。',
    strMolecularPathology: '分子壬：未检。',
    strSpecialStains: '特染癸：PAS(-)。',
    strRemarks: '备注子：加急。',
    strSpecies: vet ? '犬' : '',
    strBreed: vet ? '柯基' : '',
    strSampleDesc: vet ? '样本丑：皮下肿物。' : '',
    strSampleNo: vet ? 'SN-321' : '',
    dtCollectedDate: vet ? '2026-02-27' : null,
    dtReceivedDate: vet ? '2026-02-28' : null,
    strTester: vet ? '王检测' : '',
    strTestMethods: vet ? '方法寅：HE 染色。' : '',
    strOwnerTel: vet ? '13700137000' : '',
    strOwnerEmail: vet ? 'owner@example.com' : '',
    bCollected: false,
    iClonedFromId: null,
    dtSubmitTime: '2026-03-02T16:30:00.000Z',
    dtViewTime: null,
    dtCreateTime: '2026-03-01T00:00:00.000Z',
    dtUpdateTime: '2026-03-01T00:00:00.000Z',
  };
}

/** What each field must print as, per language (the fixture's codes as words). */
const EXPECTED: Record<'zh-CN' | 'en', Partial<Record<ReportFieldKey, string>>> = {
  'zh-CN': {
    ddSex: '女',
    age: '45岁3月',
    ddClassification: '乳腺',
    ddSampleType: '手术切除',
    ddDiagnosticType: '冰冻',
    ddEmergency: '加急',
    owner: '李送检',
    iFrozenHeadNum: '3',
    dtSampleTime: '2026/03/01 09:05',
    dtSubmitTime: '2026/03/03 00:30',
    dtCollectedDate: '2026/02/27',
    dtReceivedDate: '2026/02/28',
  },
  en: {
    ddSex: 'Female',
    age: '45 y 3 mo',
    ddClassification: 'Breast',
    ddSampleType: 'Surgical removal',
    ddDiagnosticType: 'Frozen',
    ddEmergency: 'Urgent',
    owner: '李送检',
    iFrozenHeadNum: '3',
    dtSampleTime: '2026/03/01 09:05',
    dtSubmitTime: '2026/03/03 00:30',
    dtCollectedDate: '2026/02/27',
    dtReceivedDate: '2026/02/28',
  },
};

function expectedValue(doc: ReportDocument, field: ReportFieldKey): string {
  return EXPECTED[doc.lang][field] ?? String(doc.patient[field as keyof PatientDto]);
}

function expectedLabel(doc: ReportDocument, field: ReportFieldKey): string {
  const texts = reportTexts(doc.lang);
  return field === 'strPatientName' && doc.variant === 'veterinary'
    ? texts.petName
    : texts.fields[field];
}

/** How a field reads in the extracted text: "label：value" or the label over its paragraph. */
function printed(doc: ReportDocument, field: ReportFieldKey): string {
  const label = expectedLabel(doc, field);
  const value = expectedValue(doc, field);
  if (REPORT_LONG_FIELDS.includes(field)) {
    return squeeze(`${label}${value}`);
  }
  return squeeze(`${label}${doc.lang === 'en' ? ':' : '：'}${value}`);
}

let signature: string;
let screenshots: ReportDocument['report']['screenshots'];
let logo: string;

function reportDoc(lang: ReportDocument['lang'], variant: Variant): ReportDocument {
  return {
    lang,
    template: {
      title: lang === 'en' ? 'Consultation Report' : '远程病理会诊报告',
      footer: lang === 'en' ? 'Valid for the specimen sent only.' : '本报告仅对送检标本负责。',
      sections: everyField(),
    },
    hospital: { name: lang === 'en' ? 'Green Hill Hospital' : '青山医院', logoDataUrl: logo },
    variant,
    patient: patient(variant),
    report: {
      version: 2,
      kind: 'modification',
      result: lang === 'en' ? 'Fibroadenoma of the left breast.' : '（左乳）纤维腺瘤。',
      opinion: lang === 'en' ? 'Follow up in six months.' : '建议半年后复查。',
      supplementaryOpinions: [
        {
          text: lang === 'en' ? 'Ki-67 recount: 3%.' : '补充：Ki-67 复核约 3%。',
          expertName: '赵补充',
          signedAt: new Date('2026-03-05T02:00:00Z'),
        },
      ],
      expertName: '钱专家',
      expertHospitalName: '江南诊断中心',
      signedAt: new Date('2026-03-04T07:41:00Z'),
      signaturePng: signature,
      screenshots,
    },
    timeZone: 'Asia/Shanghai',
    printedAt: new Date('2026-03-06T03:00:00Z'),
  };
}

beforeAll(async () => {
  const png = (width: number, height: number, color: string) =>
    sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer();
  signature = `data:image/png;base64,${(await png(265, 150, '#ffffff')).toString('base64')}`;
  logo = `data:image/png;base64,${(await png(120, 120, '#1677ff')).toString('base64')}`;
  screenshots = [
    { data: await png(640, 480, '#f4c8dc'), mimeType: 'image/png', caption: 'HE ×100' },
    {
      data: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c060a0' } })
        .jpeg()
        .toBuffer(),
      mimeType: 'image/jpeg',
    },
    {
      data: await png(500, 500, '#e0a0c0'),
      mimeType: 'image/png',
      caption: 'HE ×400',
      slideName: 'S2026-0042-A2.svs',
    },
  ];
});

describe.each([
  ['zh-CN', 'human'],
  ['en', 'human'],
  ['zh-CN', 'veterinary'],
  ['en', 'veterinary'],
] as const)('a %s %s report', (lang, variant) => {
  let doc: ReportDocument;
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    doc = reportDoc(lang, variant);
    pdf = await renderReportPdf(doc);
    text = squeeze(await pdfText(pdf));
  });

  it('is an A4 PDF with page numbers and the footer on every page', async () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPageCount(pdf);
    const texts = reportTexts(lang);
    for (let page = 1; page <= pages; page++) {
      expect(text).toContain(squeeze(texts.page(page, pages)));
    }
    expect(text.split(squeeze(doc.template.footer)).length - 1).toBe(pages);
  });

  it('has the header: hospital, title, kind and version', () => {
    const texts = reportTexts(lang);
    expect(text).toContain(squeeze(doc.hospital.name));
    expect(text).toContain(squeeze(doc.template.title));
    expect(text).toContain(squeeze(texts.kind.modification));
    expect(text).toContain(squeeze(texts.version(2)));
  });

  it('prints every field of the form with its label and value, in the form’s order', () => {
    let last = -1;
    for (const section of REPORT_FIELD_SECTIONS) {
      for (const field of REPORT_FIELDS[section][variant]) {
        const at = text.indexOf(printed(doc, field), last + 1);
        expect(at, `${section}.${field}: ${printed(doc, field)}`).toBeGreaterThan(last);
        last = at;
      }
    }
  });

  it('prints the diagnosis, the supplementary opinion, the expert and the signing time', () => {
    const texts = reportTexts(lang);
    const colon = lang === 'en' ? ':' : '：';
    expect(text).toContain(squeeze(`${texts.result}${doc.report.result}`));
    expect(text).toContain(squeeze(`${texts.opinion}${doc.report.opinion}`));
    expect(text).toContain(squeeze(doc.report.supplementaryOpinions[0]?.text ?? '?'));
    expect(text).toContain('赵补充');
    expect(text).toContain(`${squeeze(texts.expert)}${colon}钱专家`);
    expect(text).toContain(`${squeeze(texts.expertHospital)}${colon}江南诊断中心`);
    // 07:41 UTC is 15:41 in China; the print time names the zone of every time.
    expect(text).toContain(`${squeeze(texts.signedAt)}${colon}2026/03/0415:41`);
    expect(text).toContain(`${squeeze(texts.printedAt)}${colon}2026/03/0611:00`);
    expect(text).toContain(lang === 'en' ? '11:00(Asia/Shanghai)' : '11:00（Asia/Shanghai）');
    // The figure's number and magnification, then the slide it shows.
    expect(text).toContain(squeeze(`${texts.figure(3)}HE ×400S2026-0042-A2.svs`));
  });

  it('embeds the logo, the signature image and every screenshot', async () => {
    const sizes = (await pdfImages(pdf)).map((i) => `${i.width}x${i.height}`).sort();
    expect(sizes).toEqual(['120x120', '265x150', '500x500', '600x400', '640x480']);
  });
});

describe('the form decides what prints', () => {
  it('leaves out hidden sections and unchosen fields, and follows the chosen order', async () => {
    const sections = defaultReportSections().map((s): ReportSection => {
      if (s.strSection === 'clinical' || s.strSection === 'screenshots') {
        return { ...s, bVisible: false };
      }
      if (s.strSection === 'patient') {
        return { ...s, listHumanField: ['age', 'strPatientName'] };
      }
      if (s.strSection === 'signature') {
        return { ...s, bVisible: false };
      }
      return s;
    });
    // Diagnosis first, the patient last.
    const order = [
      'diagnosis',
      'specimen',
      'findings',
      'clinical',
      'screenshots',
      'signature',
      'patient',
    ];
    sections.sort((a, b) => order.indexOf(a.strSection) - order.indexOf(b.strSection));
    const doc = { ...reportDoc('zh-CN', 'human'), template: { title: 'T', footer: '', sections } };
    const pdf = await renderReportPdf(doc);
    const text = squeeze(await pdfText(pdf));

    expect(text).not.toContain('临床资料甲'); // clinical section hidden
    // Of the patient fields only age and name were chosen.
    expect(text).not.toContain('病理号：');
    expect(text).not.toContain('性别：');
    expect(text.indexOf('年龄：45岁3月')).toBeLessThan(text.indexOf('患者姓名：张三丰'));
    expect(text.indexOf('（左乳）纤维腺瘤')).toBeLessThan(text.indexOf('取材部位'));
    expect(text.indexOf('取材部位')).toBeLessThan(text.indexOf('年龄：45岁3月'));
    // Hidden signature section: no image, but the report still names its expert and time.
    expect(text).toContain('诊断专家：钱专家');
    expect(text).toContain('签发时间：2026/03/0415:41');
    const sizes = (await pdfImages(pdf)).map((i) => `${i.width}x${i.height}`);
    expect(sizes).toEqual(['120x120']);
  });

  it.each(['human', 'veterinary'] as const)(
    'prints on the default form the gross findings and the sender’s preliminary opinion (%s)',
    async (variant) => {
      const base = reportDoc('zh-CN', variant);
      const doc = { ...base, template: { ...base.template, sections: defaultReportSections() } };
      const text = squeeze(await pdfText(await renderReportPdf(doc)));
      expect(text).toContain(squeeze(`肉眼所见${doc.patient.strGrossFindings}`));
      expect(text).toContain(squeeze(`初步诊断意见${doc.patient.strInitialOpinion}`));
    },
  );

  it('prints an empty short field as a blank and leaves out empty free texts', async () => {
    const base = reportDoc('en', 'human');
    const doc: ReportDocument = {
      ...base,
      hospital: { ...base.hospital, logoDataUrl: null },
      patient: { ...base.patient, strBedNo: '', strRemarks: '' },
      report: { ...base.report, signaturePng: null, screenshots: [] },
    };
    const text = squeeze(await pdfText(await renderReportPdf(doc)));
    expect(text).toContain('Bedno.:');
    expect(text).not.toContain('Remarks');
    expect(text).toContain(squeeze('Signature: (no signature image)'));
  });
});

describe('times and pictures as the reader’s screen shows them', () => {
  it('prints every time in the document’s zone: the one the browser shows', async () => {
    const doc: ReportDocument = { ...reportDoc('zh-CN', 'human'), timeZone: 'UTC' };
    const text = squeeze(await pdfText(await renderReportPdf(doc)));
    // The fixture's instants as they are in UTC (in China they would be 8 hours later).
    expect(text).toContain('送检时间：2026/03/0216:30');
    expect(text).toContain('取样时间：2026/03/0101:05');
    expect(text).toContain('签发时间：2026/03/0407:41');
    expect(text).toContain('赵补充·2026/03/0502:00');
    expect(text).toContain('打印时间：2026/03/0603:00（UTC）');
    expect(text).not.toContain('15:41');
    // Calendar days are days as entered: no zone moves them.
    const vet = squeeze(
      await pdfText(await renderReportPdf({ ...reportDoc('en', 'veterinary'), timeZone: 'UTC' })),
    );
    expect(vet).toContain('2026/02/27');
  });

  it('numbers the pictures as the screen does, keeping the place of a missing file', async () => {
    const base = reportDoc('zh-CN', 'human');
    const shots = base.report.screenshots.map((s, i) => (i === 1 ? { ...s, data: null } : s));
    const pdf = await renderReportPdf({ ...base, report: { ...base.report, screenshots: shots } });
    const text = squeeze(await pdfText(pdf));
    expect(text).toContain(squeeze(`图 1 HE ×100`));
    expect(text).toContain(squeeze(`（图像文件缺失）图 2`));
    expect(text).toContain(squeeze(`图 3 HE ×400`));
    const sizes = (await pdfImages(pdf)).map((i) => `${i.width}x${i.height}`).sort();
    expect(sizes).toEqual(['120x120', '265x150', '500x500', '640x480']);
  });
});

describe('page breaks', () => {
  /**
   * The page that holds the sign-off (the signing time), for results of 0, 2, 4... extra lines:
   * as the result grows, the sign-off is pushed down the page and over to the next one.
   */
  async function signOffPages(sections: ReportSection[]) {
    const pages: string[] = [];
    for (let lines = 0; lines <= 60; lines += 2) {
      const doc = reportDoc('zh-CN', 'human');
      doc.template.sections = sections;
      doc.report.result = [
        '（左乳）纤维腺瘤。',
        ...Array.from({ length: lines }, (_, i) => `第${i}行。`),
      ].join('\n');
      const texts = await pdfPageTexts(await renderReportPdf(doc));
      const signedAt = squeeze(`${reportTexts('zh-CN').signedAt}：`);
      const page = texts.map(squeeze).filter((t) => t.includes(signedAt));
      expect(page).toHaveLength(1);
      pages.push(`${texts.map(squeeze).findIndex((t) => t.includes(signedAt)) + 1}:${page[0]}`);
    }
    // The lengths tried do push it over to a next page.
    expect(new Set(pages.map((p) => p.slice(0, p.indexOf(':')))).size).toBeGreaterThan(1);
    return pages.map((p) => p.slice(p.indexOf(':') + 1));
  }

  it('never leaves the sign-off alone on a page: the last row of pictures goes with it', async () => {
    for (const page of await signOffPages(everyField())) {
      expect(page).toContain('HE×400');
    }
  });

  it('without pictures, the diagnosis' + '’' + 's last paragraph goes with it', async () => {
    const sections = everyField().filter((s) => s.strSection !== 'screenshots');
    for (const page of await signOffPages(sections)) {
      expect(page).toContain(squeeze('补充：Ki-67 复核约 3%。'));
    }
  });

  it('never leaves the pictures' + '’' + ' heading alone at the foot of a page', async () => {
    const heading = squeeze(reportTexts('zh-CN').sections.screenshots);
    const firstFigure = squeeze(reportTexts('zh-CN').figure(1));
    let moved = 0;
    for (const shots of [1, 2, 3]) {
      for (let lines = 0; lines <= 60; lines += 2) {
        const doc = reportDoc('zh-CN', 'human');
        doc.report.screenshots = screenshots.slice(0, shots);
        doc.report.result = [
          '（左乳）纤维腺瘤。',
          ...Array.from({ length: lines }, (_, i) => `第${i}行。`),
        ].join('\n');
        const pages = (await pdfPageTexts(await renderReportPdf(doc))).map(squeeze);
        const headingPage = pages.findIndex((t) => t.includes(heading));
        const figurePage = pages.findIndex((t) => t.includes(firstFigure));
        expect(headingPage, `${shots} pictures, ${lines} lines`).toBe(figurePage);
        moved += headingPage > 0 ? 1 : 0;
      }
    }
    // The lengths tried do push the pictures over to a next page.
    expect(moved).toBeGreaterThan(0);
  });
});
