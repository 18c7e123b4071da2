import type { Content } from './pdfmake-types';
import type { ReportDocument } from './report-document';
import { screenshotDataUrl, signatureDataUrl } from './report-images';
import type { ReportTexts } from './report-labels';
import { reportDateTime } from './report-time';
import { CONTENT_WIDTH, fieldLabel, labelled, sectionTitle } from './report-styles';

/** The spec's limit of screenshots on a report; more would be a caller's mistake, not printed. */
const MAX_SCREENSHOTS = 4;
const SHOTS_PER_ROW = 2;
const SHOT_GAP = 12;
const SHOT_BOX: [number, number] = [(CONTENT_WIDTH - SHOT_GAP) / SHOTS_PER_ROW - 4, 190];
const SIGNATURE_BOX: [number, number] = [133, 75];

const colonOf = (doc: ReportDocument) => (doc.lang === 'en' ? ': ' : '：');
const parenthesized = (doc: ReportDocument, text: string, inner: string) =>
  doc.lang === 'en' ? `${text} (${inner})` : `${text}（${inner}）`;

/**
 * Result and opinion as the expert wrote them, then each supplementary opinion with who gave it
 * and when. The result stands out: it is what the reader looks for first.
 */
export function diagnosisSection(doc: ReportDocument, texts: ReportTexts): SectionParts {
  const { report } = doc;
  const body: Content[] = [
    fieldLabel(texts.result),
    { text: report.result, style: 'result', margin: [0, 0, 0, 6] },
  ];
  if (report.opinion.trim() !== '') {
    body.push(fieldLabel(texts.opinion), {
      text: report.opinion,
      style: 'paragraph',
      margin: [0, 0, 0, 6],
    });
  }
  for (const extra of report.supplementaryOpinions) {
    body.push(
      fieldLabel(
        parenthesized(
          doc,
          texts.supplementary,
          `${extra.expertName} · ${reportDateTime(extra.signedAt, doc.timeZone)}`,
        ),
      ),
      { text: extra.text, style: 'paragraph', margin: [0, 0, 0, 6] },
    );
  }
  // The last label and its text may go over to the sign-off (keptWithSignOff), when short.
  const last = body.at(-1) as { text?: unknown } | undefined;
  const short = typeof last?.text === 'string' && last.text.length <= SHORT_TAIL_CHARS;
  const cut = short ? body.length - 2 : body.length;
  return {
    head: [sectionTitle(texts.sections.diagnosis), ...body.slice(0, cut)],
    tail: body.slice(cut),
  };
}

/**
 * Up to four screenshots, two to a row, each fitted into its cell and captioned with its number
 * in the report's order (the screen numbers them alike, shared reportFigureLabel), its
 * magnification and, on a line of its own, the slide it shows.
 */
export function screenshotsSection(doc: ReportDocument, texts: ReportTexts): SectionParts | null {
  const shots = doc.report.screenshots.slice(0, MAX_SCREENSHOTS);
  if (shots.length === 0) {
    return null;
  }
  const cells: Content[] = shots.map((shot, i) => ({
    stack: [
      shot.data
        ? { image: screenshotDataUrl(shot.data), fit: SHOT_BOX, alignment: 'center' }
        : { text: texts.imageMissing, style: 'caption', margin: [0, SHOT_BOX[1] / 2, 0, 0] },
      {
        text: shot.caption ? `${texts.figure(i + 1)}  ${shot.caption}` : texts.figure(i + 1),
        style: 'caption',
      },
      ...(shot.slideName ? [{ text: shot.slideName, style: 'caption' }] : []),
    ],
    margin: [0, 2, 0, 6],
  }));
  // A table a row: the last row may go over to the sign-off (keptWithSignOff).
  const rows: Content[] = [];
  for (let i = 0; i < cells.length; i += SHOTS_PER_ROW) {
    const row = cells.slice(i, i + SHOTS_PER_ROW);
    while (row.length < SHOTS_PER_ROW) {
      row.push('');
    }
    rows.push({ table: { widths: ['*', '*'], body: [row] }, layout: 'noBorders' });
  }
  // The heading and the first row are one block: the page-break rule could not keep the heading
  // from the foot of a page when the row after it was an unbreakable block moved over (pdfmake
  // still counts its nodes on the heading's page).
  const [first, ...rest] = rows;
  const opening: Content = {
    stack: [sectionTitle(texts.sections.screenshots), first!],
    unbreakable: true,
  };
  return rest.length === 0
    ? { head: [], tail: [opening] }
    : { head: [opening, ...rest.slice(0, -1)], tail: rest.slice(-1) };
}

/**
 * A section whose last block (`tail`: the last paragraph of the diagnosis, the last row of
 * pictures) may be printed together with the sign-off that follows it.
 */
export interface SectionParts {
  head: Content[];
  tail: Content[];
}

/** A text up to this long goes over to the next page with the sign-off (about ten lines). */
const SHORT_TAIL_CHARS = 500;

export const wholeSection = (parts: SectionParts): Content => ({
  stack: [...parts.head, ...parts.tail],
});

/**
 * The sign-off never stands alone at the top of a page: when it does not fit under the section
 * before it, that section's last block goes over with it (a signature page without a word of the
 * diagnosis on it is no proof of what was signed). A long last paragraph stays where it is:
 * pdfmake drops what of an unbreakable block does not fit on one page.
 */
export function keptWithSignOff(before: SectionParts, signOff: Content): Content[] {
  if (before.tail.length === 0) {
    return [wholeSection(before), signOff];
  }
  return [{ stack: before.head }, { stack: [...before.tail, signOff], unbreakable: true }];
}

/**
 * Who signed and when, on the right as on a paper report. With the section shown, the expert's
 * signature image is there too (or a note that the report was signed without one); hidden, the
 * report still names its expert and time — a report nobody signed would not be a report.
 */
export function signatureSection(
  doc: ReportDocument,
  texts: ReportTexts,
  withImage: boolean,
): Content {
  const { report } = doc;
  const lines: Content[] = [
    labelled(texts.expert, report.expertName, doc.lang),
    labelled(texts.expertHospital, report.expertHospitalName, doc.lang),
  ];
  if (withImage) {
    const image = signatureDataUrl(report.signaturePng);
    lines.push(
      image
        ? {
            columns: [
              { text: `${texts.signature}${colonOf(doc)}`, style: 'fieldLabel', width: 'auto' },
              { image, fit: SIGNATURE_BOX, width: SIGNATURE_BOX[0] },
            ],
            columnGap: 4,
          }
        : labelled(texts.signature, texts.noSignature, doc.lang),
    );
  }
  lines.push(labelled(texts.signedAt, reportDateTime(report.signedAt, doc.timeZone), doc.lang));
  return {
    columns: [
      { text: '', width: '*' },
      { stack: lines, width: 'auto' },
    ],
    margin: [0, 14, 0, 0],
    unbreakable: true,
  };
}
