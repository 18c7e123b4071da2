import {
  CASE_AGE_FIELDS,
  IMPORT_COLUMNS,
  ageNoneWhenZero,
  PET_NAME_TITLE,
  translate,
  type FieldError,
  type ImportColumn,
  type Lang,
} from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';
import type { Cell } from './read-file';

/*
 * From a grid of cells to the request bodies addPatient would get: the first row names the
 * columns (the template's titles in either language, a trailing * for required ones, or the field
 * names themselves), every later non-empty row is a case. Coded columns take the label in either
 * language or the code. What cannot be converted is a row error; everything else is left to the
 * case schema and required-field rules (validate.ts).
 */

export interface RawRow {
  /** Row number in the sheet (header = 1). */
  iRow: number;
  /** The body as addPatient takes it, before its schema. */
  body: Record<string, unknown>;
  errors: FieldError[];
}

const norm = (s: string) => s.replace(/[*＊\s]/g, '').toLowerCase();

const TITLES = new Map<string, ImportColumn>();
for (const col of IMPORT_COLUMNS) {
  for (const title of [col.zh, col.en, col.field]) {
    TITLES.set(norm(title), col);
  }
}
const patientName = IMPORT_COLUMNS.find((c) => c.field === 'strPatientName');
if (patientName) {
  TITLES.set(norm(PET_NAME_TITLE.zh), patientName);
  TITLES.set(norm(PET_NAME_TITLE.en), patientName);
}

/** The column of each header cell (undefined for columns we do not know: they are ignored). */
export function mapHeader(header: readonly Cell[]): (ImportColumn | undefined)[] {
  const mapped = header.map((h) => (h == null ? undefined : TITLES.get(norm(String(h)))));
  if (!mapped.some(Boolean)) {
    throw new AppError('IMPORT_NO_COLUMNS');
  }
  return mapped;
}

const AGE_PARTS: ReadonlySet<string> = new Set(CASE_AGE_FIELDS);

const isBlank = (c: Cell) => c == null || (typeof c === 'string' && c.trim() === '');

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

type Converted =
  | { value: unknown }
  | { error: 'validation.import.code' | 'validation.import.wholeNumber' | 'validation.date' };

function convert(col: ImportColumn, cell: Cell): Converted {
  switch (col.kind) {
    case 'text':
      // Numbers typed in a text column (a phone, a numeric pathology number) keep their digits.
      return {
        value: cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim(),
      };
    case 'int': {
      const n = typeof cell === 'number' ? cell : Number(String(cell).trim());
      if (!Number.isInteger(n)) {
        return { error: 'validation.import.wholeNumber' };
      }
      return { value: AGE_PARTS.has(col.field) ? ageNoneWhenZero(n) : n };
    }
    case 'date': {
      if (cell instanceof Date) {
        // Excel dates carry no zone: exceljs gives them as UTC midnight of the typed day.
        const d = cell;
        return {
          value: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
        };
      }
      const s = String(cell).trim().replace(/\//g, '-');
      const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
      // Anything else goes to the schema as typed (a full ISO date-time is accepted there).
      return { value: m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : s };
    }
    case 'code': {
      const s = String(cell).trim();
      const hit = (col.codes ?? []).find(
        (c) => String(c.code) === s || norm(c.zh) === norm(s) || norm(c.en) === norm(s),
      );
      return hit ? { value: { iNumber: hit.code } } : { error: 'validation.import.code' };
    }
  }
}

/** The case rows of the sheet (blank rows skipped), each converted to an addPatient body. */
export function toRawRows(cells: readonly Cell[][], lang: Lang): RawRow[] {
  const [header = [], ...rest] = cells;
  const columns = mapHeader(header);
  const rows: RawRow[] = [];
  rest.forEach((line, index) => {
    if (line.every(isBlank)) {
      return;
    }
    const row: RawRow = { iRow: index + 2, body: {}, errors: [] };
    columns.forEach((col, i) => {
      const cell = line[i] ?? null;
      if (!col || isBlank(cell)) {
        return;
      }
      const out = convert(col, cell);
      if ('error' in out) {
        row.errors.push({ strField: col.field, strMessage: translate(out.error, lang) });
      } else {
        row.body[col.field] = out.value;
      }
    });
    rows.push(row);
  });
  return rows;
}
