import {
  DEFAULT_REPORT_TITLE,
  defaultReportSections,
  normalizeReportSections,
  type Lang,
  type ReportLayoutJson,
  type ReportTemplateContent,
  type ReportTemplateDto,
} from '@pathconsult/shared';
import type { ReportLayout } from '../reports/report-document';
import type { TemplateRow, TemplateValues } from './repo';

/*
 * The one place where a form row becomes the wire shape and the renderer's layout, and back.
 * A hospital without a row gets the default form, titled in the caller's language.
 */

export interface TemplateHospital {
  id: number;
  name: string;
}

export function toTemplateDto(
  hospital: TemplateHospital,
  row: TemplateRow | undefined,
  lang: Lang,
): ReportTemplateDto {
  if (!row) {
    return {
      iHospitalId: hospital.id,
      strHospitalName: hospital.name,
      bSaved: false,
      strTitle: DEFAULT_REPORT_TITLE[lang],
      strLogo: null,
      strFooter: '',
      listSection: defaultReportSections(),
      dtUpdateTime: null,
    };
  }
  return {
    iHospitalId: hospital.id,
    strHospitalName: hospital.name,
    bSaved: true,
    strTitle: row.title,
    strLogo: row.logoDataUrl,
    strFooter: row.footer,
    // Read through the current rules: a form saved before the catalogue changed still loads.
    listSection: normalizeReportSections(row.layout),
    dtUpdateTime: row.updatedAt.toISOString(),
  };
}

export function toTemplateValues(content: ReportTemplateContent, userId: number): TemplateValues {
  const layout: ReportLayoutJson = { listSection: content.listSection };
  return {
    title: content.strTitle,
    logoDataUrl: content.strLogo,
    footer: content.strFooter,
    layout,
    updatedBy: userId,
  };
}

/** What the renderer needs of a form (the logo goes with the hospital's header). */
export function toReportLayout(
  content: Pick<ReportTemplateDto, 'strTitle' | 'strFooter' | 'listSection'>,
): ReportLayout {
  return { title: content.strTitle, footer: content.strFooter, sections: content.listSection };
}
