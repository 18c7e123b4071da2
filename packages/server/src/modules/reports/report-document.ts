import type { PatientDto, ReportSection } from '@pathconsult/shared';

/*
 * Everything one printed report shows, gathered before rendering: the renderer reads nothing
 * else (no database, no clock), so the same document always prints the same PDF and a test can
 * build one by hand.
 */

/** The hospital's report form as the renderer applies it (see reportFile/*). */
export interface ReportLayout {
  /** Report title under the hospital name, e.g. "病理会诊报告". */
  title: string;
  /** Printed at the foot of every page; may be empty. */
  footer: string;
  /** Every section in printing order, shown or not, with the case fields of each. */
  sections: ReportSection[];
}

export type ReportKindName = 'initial' | 'supplementary' | 'modification';

export interface SupplementaryOpinion {
  text: string;
  expertName: string;
  signedAt: Date;
}

export interface ReportScreenshot {
  /**
   * The picture; null when its file could not be read: its place and number stay (with a note),
   * as the opinion refers to the pictures by number ("见图3").
   */
  data: Buffer | null;
  mimeType: 'image/png' | 'image/jpeg';
  caption?: string;
  /**
   * The slide it was taken from, by the name the case's slide list gives it: a case often has
   * several slides (blocks, stains), and the reader must know which one a figure shows. Absent
   * once the slide was deleted.
   */
  slideName?: string;
}

export interface ReportDocument {
  /** Language of every label and coded value (the case's own texts print as entered). */
  lang: 'zh-CN' | 'en';
  template: ReportLayout;
  /** The case's hospital: the header. */
  hospital: { name: string; logoDataUrl: string | null };
  /** Which case fields apply: the case's own model. */
  variant: 'human' | 'veterinary';
  /** The case as the API answers it. */
  patient: PatientDto;
  report: {
    version: number;
    kind: ReportKindName;
    result: string;
    opinion: string;
    supplementaryOpinions: SupplementaryOpinion[];
    expertName: string;
    expertHospitalName: string;
    signedAt: Date;
    /** PNG as a data URL or bare base64; null when the report was signed without an image. */
    signaturePng: string | null;
    /** At most 4, printed two to a row in this order. */
    screenshots: ReportScreenshot[];
  };
  /**
   * IANA zone of every time the report prints (signing, sending, sampling, printing): the
   * reader's, as their screen shows times, else the server's REPORT_TIME_ZONE.
   */
  timeZone: string;
  /** When given, the footer says when this copy was printed (and in which zone). */
  printedAt?: Date;
  /** Printed faintly across every page, e.g. "样例" or "SAMPLE" on previews. */
  watermark?: string;
}
