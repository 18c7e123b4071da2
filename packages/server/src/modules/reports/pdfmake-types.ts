/*
 * The part of pdfmake 0.3's document model and server API that reports use. Written here rather
 * than taken from @types/pdfmake: that package pulls the browser's DOM typings into the whole
 * server program (`/// <reference lib="dom" />`), which changes the types of Node's own globals.
 */

export type Margins = [number, number, number, number];

export interface CanvasLine {
  type: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  lineWidth?: number;
  lineColor?: string;
}

export interface Style {
  font?: string;
  fontSize?: number;
  bold?: boolean;
  color?: string;
  alignment?: 'left' | 'center' | 'right' | 'justify';
  lineHeight?: number;
  margin?: Margins;
}

/** One node of a document: a paragraph, a stack, columns, a table, a picture or a drawing. */
export interface ContentNode extends Style {
  text?: Content;
  stack?: Content[];
  columns?: Content[];
  columnGap?: number;
  table?: { widths: (number | string)[]; body: Content[][]; dontBreakRows?: boolean };
  layout?: 'noBorders' | 'lightHorizontalLines';
  /** A data URL (nothing else is allowed to reach pdfmake: see render-report-pdf.ts). */
  image?: string;
  fit?: [number, number];
  canvas?: CanvasLine[];
  width?: number | string;
  style?: string;
  unbreakable?: boolean;
  /** Marks a heading, for the page-break rule of the document (keeps it with what follows). */
  headlineLevel?: number;
}

export type Content = string | Content[] | ContentNode;

export type DynamicContent = (page: number, pages: number) => Content | null;

export interface DocumentDefinition {
  pageSize: 'A4';
  pageMargins: Margins;
  language?: string;
  info?: { title?: string; author?: string; subject?: string; creator?: string };
  header?: DynamicContent;
  footer?: DynamicContent;
  watermark?: {
    text: string;
    font?: string;
    bold?: boolean;
    opacity?: number;
    color?: string;
    fontSize?: number;
  };
  /** Asked for each laid-out node; true moves the node to a new page. */
  pageBreakBefore?: (
    node: Record<string, unknown>,
    nodes: { getFollowingNodesOnPage(): Record<string, unknown>[] },
  ) => boolean;
  content: Content[];
  styles: Record<string, Style>;
  defaultStyle: Style;
}

export interface FontFiles {
  normal: string;
  bold: string;
  italics: string;
  bolditalics: string;
}

/** pdfmake's server entry point (`require('pdfmake')`). */
export interface PdfMake {
  setFonts(fonts: Record<string, FontFiles>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(definition: DocumentDefinition): { getBuffer(): Promise<Buffer> };
}
