import { createRequire } from 'node:module';
import type { Content, DocumentDefinition, PdfMake } from './pdfmake-types';
import type { ReportSection } from '@pathconsult/shared';
import { caseSection } from './report-case-sections';
import {
  diagnosisSection,
  keptWithSignOff,
  screenshotsSection,
  signatureSection,
  wholeSection,
  type SectionParts,
} from './report-diagnosis-sections';
import type { ReportDocument } from './report-document';
import { reportFontFiles } from './report-fonts';
import { reportTexts, type ReportTexts } from './report-labels';
import { pageFooter, reportHeading, runningHeader } from './report-page-frame';
import { keepHeadingsWithText, PAGE_MARGINS, REPORT_FONT, REPORT_STYLES } from './report-styles';

/*
 * pdfmake is one shared object per process (fonts and access policies are global to it), and its
 * package sets module.exports to an instance, which an ES import cannot name: it is required.
 */
let maker: PdfMake | null = null;

/**
 * pdfmake set up once: the report font, and no access to anything else. Pictures come as data
 * URLs, so it never needs a network address or another file; should a text that looks like one
 * slip into an image, it is refused instead of fetched or read.
 */
function pdfMaker(): PdfMake {
  if (maker) {
    return maker;
  }
  const fonts = reportFontFiles();
  const pdfmake = createRequire(import.meta.url)('pdfmake') as PdfMake;
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path === fonts.normal || path === fonts.bold);
  pdfmake.setFonts({
    [REPORT_FONT]: {
      normal: fonts.normal,
      bold: fonts.bold,
      // Chinese has no italics; slanted Latin next to upright Chinese would look broken.
      italics: fonts.normal,
      bolditalics: fonts.bold,
    },
  });
  maker = pdfmake;
  return pdfmake;
}

/** One section of the form, or null when it prints nothing. */
function sectionContent(
  section: ReportSection,
  doc: ReportDocument,
  texts: ReportTexts,
): Content | SectionParts | null {
  switch (section.strSection) {
    case 'diagnosis':
      return diagnosisSection(doc, texts);
    case 'screenshots':
      return section.bVisible ? screenshotsSection(doc, texts) : null;
    case 'signature':
      return signatureSection(doc, texts, section.bVisible);
    default:
      return section.bVisible ? caseSection(section, doc, texts) : null;
  }
}

const isParts = (c: Content | SectionParts): c is SectionParts =>
  typeof c === 'object' && c !== null && 'head' in c && 'tail' in c;

/**
 * The sections in the form's order. The diagnosis always prints (the form cannot hide it), and
 * so does the sign-off line; a form without a signature section still ends with it.
 */
function bodyContent(doc: ReportDocument, texts: ReportTexts): Content[] {
  const sections = [...doc.template.sections];
  if (!sections.some((s) => s.strSection === 'signature')) {
    sections.push({
      strSection: 'signature',
      bVisible: true,
      listHumanField: [],
      listVeterinaryField: [],
    });
  }
  const printed: { kind: ReportSection['strSection']; content: Content | SectionParts }[] = [];
  for (const section of sections) {
    const content = sectionContent(section, doc, texts);
    if (content !== null) {
      printed.push({ kind: section.strSection, content });
    }
  }
  const body: Content[] = [];
  for (let i = 0; i < printed.length; i++) {
    const { content } = printed[i]!;
    const next = printed[i + 1];
    if (!isParts(content)) {
      body.push(content);
    } else if (next?.kind === 'signature' && !isParts(next.content)) {
      // The sign-off goes with this section's last block; it is not printed again on its own.
      body.push(...keptWithSignOff(content, next.content));
      i += 1;
    } else {
      body.push(wholeSection(content));
    }
  }
  return body;
}

export function reportDefinition(doc: ReportDocument): DocumentDefinition {
  const texts = reportTexts(doc.lang);
  return {
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    language: doc.lang,
    info: {
      title: `${doc.template.title} ${doc.patient.strDiagnosistNum}`.trim(),
      author: doc.report.expertName,
      subject: doc.hospital.name,
      creator: 'PathConsult',
    },
    header: runningHeader(doc),
    footer: pageFooter(doc, texts),
    ...(doc.watermark
      ? {
          watermark: {
            text: doc.watermark,
            font: REPORT_FONT,
            bold: true,
            opacity: 0.08,
            color: '#000000',
            // No size: pdfmake fits the text to the page's diagonal, however long it is.
          },
        }
      : {}),
    pageBreakBefore: keepHeadingsWithText,
    content: [reportHeading(doc, texts), ...bodyContent(doc, texts)],
    styles: REPORT_STYLES,
    defaultStyle: { font: REPORT_FONT, fontSize: 10 },
  };
}

/**
 * The report as an A4 PDF: header with the hospital's logo, name and the form's title; the case
 * sections the form shows, in its order, with the fields it picks for the case's model; the
 * diagnosis with supplementary opinions; up to four screenshots; the expert's signature, name and
 * signing time (China time); footer text and page numbers on every page. Chinese and English
 * print with one embedded font subset.
 */
export async function renderReportPdf(doc: ReportDocument): Promise<Buffer> {
  return pdfMaker().createPdf(reportDefinition(doc)).getBuffer();
}
