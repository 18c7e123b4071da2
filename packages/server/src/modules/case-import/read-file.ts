import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error';

/*
 * The uploaded file as a grid of cells: an XLSX workbook's first sheet or a UTF-8 CSV. The type
 * is told from the content, never from the file name or the browser's content type: an XLSX is a
 * ZIP (starts with "PK\x03\x04"); anything else must be UTF-8 text without NUL bytes to be read as
 * CSV. Old .xls, PDFs, images and UTF-16 text are refused with IMPORT_FILE_TYPE.
 */

export type Cell = string | number | Date | null;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const BOM = '\uFEFF';

function isZip(buf: Buffer): boolean {
  return ZIP_MAGIC.every((byte, i) => buf[i] === byte);
}

/** A cell's value as text, number or date: formulas by their result, rich text by its text. */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value == null) {
    return null;
  }
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) {
    return value;
  }
  if (typeof value === 'boolean') {
    return value ? 'TRUE' : 'FALSE';
  }
  if (typeof value === 'object') {
    if ('richText' in value) {
      return value.richText.map((r) => r.text).join('');
    }
    if ('result' in value) {
      return cellValue(value.result as ExcelJS.CellValue);
    }
    if ('text' in value) {
      return String(value.text);
    }
    if ('error' in value) {
      return null;
    }
  }
  return null;
}

async function readXlsx(buf: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    // A ZIP that is not a workbook (a .docx, a broken download).
    throw new AppError('IMPORT_FILE_TYPE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    throw new AppError('IMPORT_FILE_TYPE');
  }
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    rows[rowNumber - 1] = Array.from(cells, (v) => v ?? null);
  });
  return Array.from(rows, (r) => r ?? []);
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): Cell[][] {
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') {
        i++;
      }
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function readCsv(buf: Buffer): Cell[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new AppError('IMPORT_FILE_TYPE');
  }
  if (text.includes('\u0000')) {
    throw new AppError('IMPORT_FILE_TYPE');
  }
  return parseCsv(text.startsWith(BOM) ? text.slice(BOM.length) : text);
}

export async function readCells(buf: Buffer): Promise<Cell[][]> {
  return isZip(buf) ? readXlsx(buf) : readCsv(buf);
}
