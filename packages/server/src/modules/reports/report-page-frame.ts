import type { Content, DynamicContent } from './pdfmake-types';
import type { ReportDocument } from './report-document';
import { logoDataUrl } from './report-images';
import type { ReportTexts } from './report-labels';
import { reportDateTime } from './report-time';
import { CONTENT_WIDTH, PAGE_MARGINS, rule } from './report-styles';

const LOGO_BOX = 56;

/** The kind and version under the title ("修改报告 · 第 2 版"); the first version says nothing. */
function subtitle(doc: ReportDocument, texts: ReportTexts): string {
  const parts = [texts.kind[doc.report.kind]];
  if (doc.report.version > 1) {
    parts.push(texts.version(doc.report.version));
  }
  return parts.filter(Boolean).join(' · ');
}

/**
 * The top of the first page: the hospital's logo and name, the report title and what kind of
 * report it is, then a rule. The logo column and an equal empty one keep the texts centred.
 */
export function reportHeading(doc: ReportDocument, texts: ReportTexts): Content {
  const logo = logoDataUrl(doc.hospital.logoDataUrl);
  const side: Content = logo
    ? { image: logo, fit: [LOGO_BOX, LOGO_BOX], width: LOGO_BOX }
    : { text: '', width: LOGO_BOX };
  const sub = subtitle(doc, texts);
  return {
    stack: [
      {
        columns: [
          side,
          {
            width: '*',
            stack: [
              { text: doc.hospital.name, style: 'hospital' },
              { text: doc.template.title, style: 'title' },
              ...(sub ? [{ text: sub, style: 'subtitle' }] : []),
            ],
          },
          { text: '', width: LOGO_BOX },
        ],
        columnGap: 8,
      },
      rule(CONTENT_WIDTH, [0, 6, 0, 2]),
    ],
  };
}

/**
 * From the second page on, a small line says which report the page belongs to (hospital, title
 * and pathology number), so that loose pages can be put back together.
 */
export function runningHeader(doc: ReportDocument): DynamicContent {
  return (page) =>
    page === 1
      ? null
      : {
          text: `${doc.hospital.name} · ${doc.template.title} · ${doc.patient.strDiagnosistNum}`,
          style: 'frame',
          margin: [PAGE_MARGINS[0], 24, PAGE_MARGINS[2], 0],
        };
}

/**
 * When this copy was printed, with the zone every time of the report is in: two copies printed
 * in different zones show different clock times for the same moment, and each says which.
 */
function printedLine(doc: ReportDocument, texts: ReportTexts): string {
  if (!doc.printedAt) {
    return '';
  }
  const time = reportDateTime(doc.printedAt, doc.timeZone);
  return doc.lang === 'en'
    ? `${texts.printedAt}: ${time} (${doc.timeZone})`
    : `${texts.printedAt}：${time}（${doc.timeZone}）`;
}

/** Every page: the hospital's footer text, when this copy was printed, and "page n of m". */
export function pageFooter(doc: ReportDocument, texts: ReportTexts): DynamicContent {
  const printed = printedLine(doc, texts);
  return (page, pages) => ({
    stack: [
      rule(CONTENT_WIDTH, [0, 0, 0, 3]),
      {
        columns: [
          { text: doc.template.footer, style: 'frame', width: '*' },
          {
            stack: [
              { text: texts.page(page, pages), style: 'frame', alignment: 'right' },
              ...(printed ? [{ text: printed, style: 'frame', alignment: 'right' as const }] : []),
            ],
            width: 'auto',
          },
        ],
        columnGap: 12,
      },
    ],
    margin: [PAGE_MARGINS[0], 14, PAGE_MARGINS[2], 0],
  });
}
