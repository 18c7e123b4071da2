import type { Content, Margins, Style } from './pdfmake-types';

/** The look of a report in one place: sizes in points, A4. */
export const REPORT_FONT = 'NotoSansSC';
/** Left, top, right, bottom; the bottom holds a footer of up to 200 characters (four lines). */
export const PAGE_MARGINS: Margins = [40, 48, 40, 76];
/** Printable width of an A4 page (595.28 pt) inside the side margins. */
export const CONTENT_WIDTH = 595.28 - PAGE_MARGINS[0] - PAGE_MARGINS[2];

const INK = '#1f1f1f';
const MUTED = '#595959';
const RULE = '#8c8c8c';

export const REPORT_STYLES: Record<string, Style> = {
  hospital: { fontSize: 16, bold: true, alignment: 'center', color: INK },
  title: { fontSize: 14, bold: true, alignment: 'center', color: INK, margin: [0, 2, 0, 0] },
  subtitle: { fontSize: 9, alignment: 'center', color: MUTED },
  sectionTitle: { fontSize: 11, bold: true, color: INK, margin: [0, 8, 0, 3] },
  fieldLabel: { fontSize: 9, color: MUTED },
  paragraph: { fontSize: 10, color: INK, lineHeight: 1.3 },
  result: { fontSize: 12, bold: true, color: INK, lineHeight: 1.3 },
  caption: { fontSize: 8, color: MUTED, alignment: 'center', margin: [0, 2, 0, 0] },
  /** Running header and footer texts (the page-break rule tells them apart by this name). */
  frame: { fontSize: 8, color: MUTED },
};

/** A thin rule across the page, under the header and under section titles. */
export function rule(width = CONTENT_WIDTH, margin: Margins = [0, 0, 0, 0]): Content {
  return {
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.6, lineColor: RULE }],
    margin,
  };
}

export function sectionTitle(text: string): Content {
  return {
    stack: [{ text, style: 'sectionTitle', headlineLevel: 1 }, rule(CONTENT_WIDTH, [0, 0, 0, 4])],
  };
}

/** A label over a text of its own ("诊断结果" over the result): kept with its text. */
export function fieldLabel(text: string): Content {
  return { text, style: 'fieldLabel', headlineLevel: 2 };
}

/** A node as the page-break rule sees it (pdfmake's node information). */
interface LaidOutNode {
  headlineLevel?: number;
  text?: unknown;
  image?: unknown;
  style?: unknown;
}

/** Body text or a picture: what a heading must have beside it on its page. */
const isBodyContent = (node: LaidOutNode) =>
  node.style !== 'frame' &&
  ((typeof node.text === 'string' && node.text !== '') ||
    (Array.isArray(node.text) && node.text.length > 0) ||
    node.image !== undefined);

/**
 * The document's page-break rule: a heading or label with no body text or picture after it on
 * its page (only rules and the page footer) starts the next page instead, so that no title is
 * left alone at the foot of a page. (pdfmake's `unbreakable` would do it too, but drops whatever
 * of a block does not fit on one page.)
 */
export function keepHeadingsWithText(
  node: LaidOutNode,
  nodes: { getFollowingNodesOnPage(): LaidOutNode[] },
): boolean {
  return node.headlineLevel !== undefined && !nodes.getFollowingNodesOnPage().some(isBodyContent);
}

/** "标签：值" / "Label: value", the label muted. */
export function labelled(label: string, value: string, lang: 'zh-CN' | 'en'): Content {
  return {
    text: [
      { text: `${label}${lang === 'en' ? ': ' : '：'}`, color: MUTED },
      { text: value, color: INK },
    ],
    fontSize: 10,
    margin: [0, 1, 4, 1],
  };
}
