import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  CaseImportLimits,
  columnsFor,
  translate,
  type CaseImportReport,
} from '@pathconsult/shared';
import { patients, slideDocuments, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type Answer, type ApiClient } from './helpers/http';
import { logInDemoAccounts, type DemoTokens } from './helpers/demo-accounts';
import { expectForbidden, expectOk, expectRefused } from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import {
  addCase,
  addNumberRule,
  caseNumber,
  doctorElsewhere,
  userHospital,
} from './helpers/case-fixtures';
import { insertSlide } from './helpers/slide-fixtures';

/** One case row by the English template titles (human variant), every required field filled. */
function humanRow(num: string, name = '张三'): Record<string, string | number> {
  return {
    'Patient name': name,
    'Pathology number': num,
    'Age (years)': 45,
    Sex: 'Male',
    Classification: 'Breast',
    'Specimen type': 2,
    'Sampling site': '左乳外上象限',
    'Clinical data': '左乳肿物 2 月',
    'Initial diagnostic opinion': '乳腺纤维腺瘤？',
    'Tissue description (gross findings)': '灰白结节',
    Phone: '13800001111',
  };
}

async function xlsxOf(rows: Record<string, string | number>[], titles?: string[]) {
  const header = titles ?? Object.keys(rows[0] ?? {});
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('cases');
  sheet.addRow(header);
  for (const r of rows) {
    sheet.addRow(header.map((h) => r[h.replace(/ \*$/, '')] ?? null));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function csvOf(rows: Record<string, string | number>[]): string {
  const header = Object.keys(rows[0] ?? {});
  const esc = (v: unknown) => `"${String(v ?? '').replaceAll('"', '""')}"`;
  return [
    header.map(esc).join(','),
    ...rows.map((r) => header.map((h) => esc(r[h])).join(',')),
  ].join('\r\n');
}

describe.each(await testDatabases())('batch case import on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let tokens: DemoTokens;
  let hospitalA: number;
  const db = () => t.database.db;

  async function upload(
    file: Buffer | Uint8Array | string,
    form: { bCommit?: string; strMode?: string },
    token: string,
    lang: 'zh' | 'en' = 'en',
  ): Promise<Answer<CaseImportReport>> {
    const body = new FormData();
    for (const [k, v] of Object.entries(form)) {
      body.append(k, v);
    }
    const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
    body.append('file', new Blob([bytes]), 'cases.xlsx');
    const res = await fetch(`${t.baseUrl}/api/patient/importPatient`, {
      method: 'POST',
      headers: { token, lang },
      body,
    });
    return { status: res.status, body: (await res.json()) as Answer<CaseImportReport>['body'] };
  }
  const preview = (file: Buffer | string, token = tokens.doctor) =>
    upload(file, { bCommit: 'false' }, token);
  const commit = (file: Buffer | string, strMode: string, token = tokens.doctor) =>
    upload(file, { bCommit: 'true', strMode }, token);
  const casesNumbered = (nums: string[]) =>
    db().select().from(patients).where(inArray(patients.diagnosisNum, nums));
  const countCases = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(patients)
    )[0]?.n ?? 0;

  /** Ten rows, rows 4 and 8 of the sheet bad: no name; an unknown sex and a bad phone. */
  function tenRows(prefix: string) {
    const nums = Array.from({ length: 10 }, (_, i) => `${prefix}-${i}`);
    const rows = nums.map((n) => humanRow(n));
    rows[2] = { ...humanRow(nums[2] ?? ''), 'Patient name': '' };
    rows[6] = { ...humanRow(nums[6] ?? ''), Sex: 'X', Phone: '12' };
    return { nums, rows };
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    tokens = await logInDemoAccounts(api);
    hospitalA = await userHospital(db(), 'demo_doctor');
  });
  afterAll(() => t.close());

  it('the template downloads with the variant’s titles (* required) and imports back cleanly', async () => {
    const res = await fetch(`${t.baseUrl}/api/patient/importTemplate?lang=en`, {
      headers: { token: tokens.doctor },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const titles = (wb.worksheets[0]?.getRow(1).values as string[]).slice(1);
    expect(titles).toHaveLength(columnsFor(1).length);
    expect(titles).toContain('Patient name *');
    expect(titles).toContain('Pathology number *');
    expect(titles).toContain('Remarks');
    expect(titles).not.toContain('Species');
    const codes = wb.worksheets[1];
    expect(codes?.name).toBe('Codes');
    expect(JSON.stringify(codes?.getSheetValues())).toContain('Cytology');

    // Fill the downloaded sheet itself and send it back.
    const sheet = wb.worksheets[0];
    const nums = [caseNumber('TPL'), caseNumber('TPL')];
    for (const n of nums) {
      const r = humanRow(n);
      sheet?.addRow(titles.map((h) => r[h.replace(/ \*$/, '')] ?? null));
    }
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const report = expectOk(await preview(file));
    expect(report.listRow.map((r) => [r.iRow, r.bValid])).toEqual([
      [2, true],
      [3, true],
    ]);
    expect(await casesNumbered(nums)).toHaveLength(0);

    const zh = await fetch(`${t.baseUrl}/api/patient/importTemplate?lang=zh`, {
      headers: { token: tokens.doctor },
    });
    const zwb = new ExcelJS.Workbook();
    await zwb.xlsx.load(await zh.arrayBuffer());
    expect(zwb.worksheets[0]?.getRow(1).values).toContain('患者姓名 *');
  });

  it('ten rows with two bad ones: the report names rows and fields, and nothing is written', async () => {
    const { nums, rows } = tenRows(caseNumber('R'));
    const before = await countCases();
    const report = expectOk(await preview(await xlsxOf(rows)));
    expect(report).toMatchObject({ iTotal: 10, iValid: 8, iInvalid: 2, bCommitted: false });
    const bad = report.listRow.filter((r) => !r.bValid);
    expect(bad.map((r) => r.iRow)).toEqual([4, 8]);
    expect(bad[0]?.listError).toEqual([
      { strField: 'strPatientName', strMessage: translate('validation.case.name', 'en') },
    ]);
    expect(bad[1]?.listError.map((e) => e.strField).sort()).toEqual(['ddSex', 'strPhone']);
    expect(bad[1]?.listError.find((e) => e.strField === 'ddSex')?.strMessage).toBe(
      translate('validation.import.code', 'en'),
    );
    expect(await countCases()).toBe(before);
    expect(await casesNumbered(nums)).toHaveLength(0);
  });

  it('allOrNothing creates nothing when a row is bad; validOnly creates the 8 good rows', async () => {
    const { nums, rows } = tenRows(caseNumber('A'));
    const file = await xlsxOf(rows);
    const all = expectOk(await commit(file, 'allOrNothing'));
    expect(all).toMatchObject({ bCommitted: false, iCreated: 0, iInvalid: 2 });
    expect(await casesNumbered(nums)).toHaveLength(0);

    // A slide uploaded by pathology number before its case: the imported case takes it.
    const [doctor] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, 'demo_doctor'));
    const waiting = await insertSlide(db(), t.dataDir, {
      hospitalId: hospitalA,
      uploadUserId: doctor?.id ?? 0,
      diagnosisNum: nums[0] ?? '',
    });
    const some = expectOk(await commit(file, 'validOnly'));
    expect(some).toMatchObject({ bCommitted: true, iCreated: 8, iSlidesJoined: 1 });
    const joined = some.listRow.find((r) => r.strDiagnosistNum === nums[0])?.iPatientId;
    expect(
      (
        await db()
          .select({ patientId: slideDocuments.patientId })
          .from(slideDocuments)
          .where(eq(slideDocuments.id, waiting.id))
      )[0]?.patientId,
    ).toBe(joined);
    const created = await casesNumbered(nums);
    expect(created).toHaveLength(8);
    expect(created.map((c) => c.diagnosisNum).sort()).toEqual(
      nums.filter((_, i) => i !== 2 && i !== 6).sort(),
    );
    // Same rules as addPatient: new (unsubmitted), the caller's, in the caller's hospital.
    const doctorId = (await latestAuditRecord(db(), 'patient/importPatient'))?.userId;
    for (const c of created) {
      expect(c).toMatchObject({ state: 0, hospitalId: hospitalA, ownerId: doctorId, sex: 1 });
    }
    expect(some.listRow.filter((r) => r.iPatientId !== null)).toHaveLength(8);
    // The audit note has counts, no patient data.
    const audit = await latestAuditRecord(db(), 'patient/importPatient');
    expect(JSON.stringify(audit)).not.toContain('张三');
    expect(JSON.stringify(audit)).toContain('"iCreated":8');
    expect(JSON.stringify(audit)).toContain('"iSlidesJoined":1');

    // Importing the same file again: every number is now taken.
    const again = expectOk(await preview(file));
    expect(again.listRow.filter((r) => r.bValid)).toHaveLength(0);
    expect(again.listRow[0]?.listError).toContainEqual({
      strField: 'strDiagnosistNum',
      strMessage: translate('PATHOLOGY_NUMBER_TAKEN', 'en'),
    });
  });

  it('allOrNothing creates every row when all are valid, in one transaction', async () => {
    const nums = [caseNumber('B'), caseNumber('B'), caseNumber('B')];
    const report = expectOk(
      await commit(await xlsxOf(nums.map((n) => humanRow(n))), 'allOrNothing'),
    );
    expect(report).toMatchObject({ bCommitted: true, iCreated: 3 });
    expect(await casesNumbered(nums)).toHaveLength(3);
  });

  it('an age part of 0 is taken as none of it, as in the case form', async () => {
    const num = caseNumber('AG0');
    const row = { ...humanRow(num), 'Age (months)': 0, 'Age (days)': '0' };
    const report = expectOk(await commit(await xlsxOf([row]), 'allOrNothing'));
    expect(report).toMatchObject({ bCommitted: true, iCreated: 1 });
    const [made] = await casesNumbered([num]);
    expect(made).toMatchObject({ ageYears: 45, ageMonths: null, ageDays: null });
    // An age of zeros only is no age: refused as an empty one, where the age is required.
    const zeros = { ...humanRow(caseNumber('AG0')), 'Age (years)': 0, 'Age (months)': 0 };
    const refused = expectOk(await preview(await xlsxOf([zeros])));
    expect(refused).toMatchObject({ iValid: 0, iInvalid: 1 });
    expect(refused.listRow[0]?.listError.map((e) => e.strField)).toEqual(['iAgeYear']);
  });

  it('a UTF-8 CSV with a byte order mark and Chinese titles imports; codes or labels both work', async () => {
    const num = caseNumber('C');
    const row = {
      患者姓名: '李四',
      病理号: num,
      年龄个月: 3,
      性别: '2',
      分类: '乳腺',
      标本类型: '细胞学',
      取材部位: '颈部',
      临床资料: '肿物',
      初步诊断意见: '待查',
      '大体所见（组织描述）': '结节, "灰白"',
      联系电话: '010-12345678',
      取样时间: '2026/3/1',
    };
    const csv = `\uFEFF${csvOf([row]).replace('年龄个月', '年龄（个月）')}`;
    const report = expectOk(await commit(csv, 'allOrNothing'));
    expect(report.listRow[0]).toMatchObject({ bValid: true, listError: [] });
    const [c] = await casesNumbered([num]);
    expect(c).toMatchObject({ name: '李四', sex: 2, classification: 11, sampleType: 3 });
    expect(c?.tissueDescription).toBe('结节, "灰白"');
    expect(c?.ageMonths).toBe(3);
  });

  it('a cell holding a NUL character is a row error (XLSX _x0000_), never a failed lookup', async () => {
    const nums = [caseNumber('NUL'), caseNumber('NUL'), caseNumber('NUL')];
    const rows = [
      humanRow(`${nums[0]}_x0000_`),
      humanRow(nums[1] ?? '', '张_x0000_三'),
      humanRow(nums[2] ?? ''),
    ];
    const nul = translate('validation.nulCharacter', 'en');
    const previewed = expectOk(await preview(await xlsxOf(rows)));
    expect(previewed.listRow.map((r) => [r.iRow, r.listError])).toEqual([
      [2, [{ strField: 'strDiagnosistNum', strMessage: nul }]],
      [3, [{ strField: 'strPatientName', strMessage: nul }]],
      [4, []],
    ]);
    // A CSV holding one is no text file: refused as a whole, as before.
    const csv = await preview(csvOf(rows).replaceAll('_x0000_', '\u0000'));
    expect(csv.body.strErrorCode).toBe('IMPORT_FILE_TYPE');
    const report = expectOk(await commit(await xlsxOf(rows), 'validOnly'));
    expect(report.iValid).toBe(1);
    expect((await casesNumbered(nums)).map((c) => c.diagnosisNum)).toEqual([nums[2]]);
  });

  it('refuses files that are not XLSX or UTF-8 CSV, too many rows and too large files', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]);
    expectRefused(await preview(png), 'IMPORT_FILE_TYPE');
    const utf16 = Buffer.from(`\uFEFF${csvOf([humanRow('X1')])}`, 'utf16le');
    expectRefused(await preview(utf16), 'IMPORT_FILE_TYPE');
    // A ZIP that is not a workbook.
    expectRefused(await preview(Buffer.from('PK\x03\x04garbage', 'latin1')), 'IMPORT_FILE_TYPE');
    expectRefused(await preview('Patient name\r\n\r\n'), 'IMPORT_NO_ROWS');
    expectRefused(await preview('foo,bar\r\n1,2\r\n'), 'IMPORT_NO_COLUMNS');

    const many = Array.from({ length: CaseImportLimits.maxRows + 1 }, (_, i) => humanRow(`M${i}`));
    const tooMany = await preview(csvOf(many));
    expectRefused(tooMany, 'IMPORT_TOO_MANY_ROWS');
    expect(tooMany.body.strMessage).toContain(String(CaseImportLimits.maxRows));

    // Above the 2 MB limit of JSON bodies but within the import's 5 MB: read.
    const wide = Array.from({ length: 800 }, (_, i) => ({
      ...humanRow(`W${i}`),
      Remarks: 'x'.repeat(3900),
    }));
    const wideCsv = csvOf(wide);
    expect(wideCsv.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(expectOk(await preview(wideCsv)).iValid).toBe(800);

    const big = Buffer.alloc(CaseImportLimits.maxBytes + 1024, 0x61);
    const tooBig = await preview(big);
    expectRefused(tooBig, 'IMPORT_FILE_TOO_LARGE');
    expect(tooBig.body.strMessage).toContain('5 MB');

    const noMode = await upload(csvOf([humanRow('Y1')]), { bCommit: 'maybe' }, tokens.doctor);
    expect(noMode.status).toBe(400);
  });

  it('rows without a number take the hospital’s rule; numbers twice in the file are row errors', async () => {
    const elsewhere = await doctorElsewhere(db(), api);
    await addNumberRule(db(), elsewhere.hospitalId);
    const today = t.clock.now().toISOString().slice(0, 10).replaceAll('-', '');
    // The rule's next number, typed by hand in the last row: the rows without one skip it.
    const typed = `BL${today}0001`;
    const rows = [humanRow(''), humanRow(''), humanRow(typed), humanRow('DUP'), humanRow('dup')];
    const file = await xlsxOf(rows);
    const report = expectOk(await commit(file, 'validOnly', elsewhere.token));
    expect(report.listRow.map((r) => r.bValid)).toEqual([true, true, true, false, false]);
    expect(report.listRow[3]?.listError).toEqual([
      {
        strField: 'strDiagnosistNum',
        strMessage: translate('validation.import.duplicateNumber', 'en'),
      },
    ]);
    const created = await db()
      .select()
      .from(patients)
      .where(eq(patients.hospitalId, elsewhere.hospitalId));
    expect(created.map((c) => c.diagnosisNum).sort()).toEqual([
      `BL${today}0001`,
      `BL${today}0002`,
      `BL${today}0003`,
    ]);
    // Tenancy: the rows belong to the caller and the caller's hospital only.
    expect(created.every((c) => c.ownerId === elsewhere.id)).toBe(true);

    // Without a rule (hospital A) an empty number is a "cannot be empty" row error.
    const noRule = expectOk(await preview(await xlsxOf([humanRow('')])));
    expect(noRule.listRow[0]?.listError).toEqual([
      { strField: 'strDiagnosistNum', strMessage: translate('validation.case.diagnosisNum', 'en') },
    ]);
  });

  it('only doctors import or download the template', async () => {
    const file = await xlsxOf([humanRow(caseNumber('D'))]);
    for (const token of [tokens.admin, tokens.hadmin, tokens.expert]) {
      expectForbidden(await preview(file, token));
      const res = await fetch(`${t.baseUrl}/api/patient/importTemplate`, { headers: { token } });
      expect(res.status).toBe(403);
    }
    const anon = await fetch(`${t.baseUrl}/api/patient/importTemplate`);
    expect(anon.status).toBe(401);
    // A number taken in ANOTHER hospital is free here (numbers are unique per hospital).
    const other = await doctorElsewhere(db(), api);
    const num = caseNumber('E');
    await addCase(api, other.token, { strDiagnosistNum: num });
    expect(expectOk(await preview(await xlsxOf([humanRow(num)]))).iValid).toBe(1);
  });
});
