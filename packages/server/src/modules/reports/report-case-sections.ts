import type { Content } from './pdfmake-types';
import {
  isFieldSection,
  REPORT_LONG_FIELDS,
  reportFieldsOf,
  type ReportFieldKey,
  type ReportFieldSectionKey,
  type ReportSection,
} from '@pathconsult/shared';
import type { ReportDocument } from './report-document';
import type { ReportTexts } from './report-labels';
import { fieldValue } from './report-values';
import { fieldLabel, labelled, sectionTitle } from './report-styles';

/** Short fields per grid row: three fit an A4 width with Chinese labels. */
const GRID_COLUMNS = 3;

interface Printed {
  field: ReportFieldKey;
  label: string;
  value: string;
}

function labelOf(field: ReportFieldKey, doc: ReportDocument, texts: ReportTexts): string {
  return field === 'strPatientName' && doc.variant === 'veterinary'
    ? texts.petName
    : texts.fields[field];
}

/** Short fields as a borderless grid, row by row in the form's order. */
function grid(items: Printed[], doc: ReportDocument): Content {
  const rows: Content[][] = [];
  for (let i = 0; i < items.length; i += GRID_COLUMNS) {
    const row: Content[] = items
      .slice(i, i + GRID_COLUMNS)
      .map((item) => labelled(item.label, item.value, doc.lang));
    while (row.length < GRID_COLUMNS) {
      row.push('');
    }
    rows.push(row);
  }
  return {
    table: { widths: Array<string>(GRID_COLUMNS).fill('*'), body: rows },
    layout: 'noBorders',
    margin: [0, 0, 0, 4],
  };
}

/** A free text under its label, as a paragraph of its own. */
function paragraph(item: Printed): Content {
  return {
    stack: [fieldLabel(item.label), { text: item.value, style: 'paragraph' }],
    margin: [0, 2, 0, 6],
  };
}

/**
 * The fields of a case section, in the form's order: consecutive short fields share a grid, free
 * texts stand alone. Short fields print even when empty (a blank on the form says it was not
 * given); empty free texts are left out rather than printing a heading over nothing.
 */
function fieldsContent(
  key: ReportFieldSectionKey,
  section: ReportSection,
  doc: ReportDocument,
  texts: ReportTexts,
): Content[] {
  const allowed = reportFieldsOf(key, doc.variant);
  const chosen = doc.variant === 'human' ? section.listHumanField : section.listVeterinaryField;
  const items: Printed[] = chosen
    .filter((f): f is ReportFieldKey => (allowed as readonly string[]).includes(f))
    .map((field) => ({
      field,
      label: labelOf(field, doc, texts),
      value: fieldValue(field, doc.patient, texts, doc.timeZone).trim(),
    }))
    .filter((item) => !REPORT_LONG_FIELDS.includes(item.field) || item.value !== '');
  const out: Content[] = [];
  let shorts: Printed[] = [];
  const flush = () => {
    if (shorts.length > 0) {
      out.push(grid(shorts, doc));
      shorts = [];
    }
  };
  for (const item of items) {
    if (REPORT_LONG_FIELDS.includes(item.field)) {
      flush();
      out.push(paragraph(item));
    } else {
      shorts.push(item);
    }
  }
  flush();
  return out;
}

/** A case section of the form with its title; null when it has nothing to print. */
export function caseSection(
  section: ReportSection,
  doc: ReportDocument,
  texts: ReportTexts,
): Content | null {
  if (!isFieldSection(section.strSection)) {
    return null;
  }
  const body = fieldsContent(section.strSection, section, doc, texts);
  if (body.length === 0) {
    return null;
  }
  const title =
    section.strSection === 'patient' && doc.variant === 'veterinary'
      ? texts.petSection
      : texts.sections[section.strSection];
  return { stack: [sectionTitle(title), ...body] };
}
