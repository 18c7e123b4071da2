import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '@pathconsult/shared';
import { appendAuditRecord } from '../src/modules/audit/repo';
import { caseNumber } from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { apiClient } from './helpers/http';
import { latestAuditRecord } from './helpers/audit-records';
import { addRecords, sendChunk } from './helpers/slide-upload';
import { slideRow } from './helpers/slide-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Values a client sends by mistake, refused as field errors. A NUL character (U+0000) in any field: PostgreSQL stores it in neither text nor jsonb, so
 * it used to fail its query as a server error (one answered with Fastify's own body, which
 * carried the failed audit insert's SQL and parameters). It is a value no field accepts.
 */
describe.each(await testDatabases())('values sent by mistake on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let doctor: string;
  let slideId: number;
  const name = 'nul-probe.svs';
  const number = caseNumber('NUL');

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    doctor = await api.login('demo_doctor', 'Doctor@2026');
    const records = await addRecords(api, doctor, {
      strDiagnosistNum: number,
      iUploadType: 0,
      listFile: [{ strFileName: name, lSize: 5000 }],
    });
    slideId = records.body.objData?.listFile[0]?.iSlideDocumentId ?? 0;
    expect(slideId).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  it('in a JSON body is a field error in the caller language, changes nothing and is audited', async () => {
    const answer = await api.post<FieldError[]>(
      'slideDocument/updateSlideDocument',
      { iSlideDocumentId: slideId, strFileName: name, strDiagnosistNum: 'A\u0000B' },
      { token: doctor, lang: 'en' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.strErrorCode).toBe('VALIDATION_FAILED');
    expect(answer.body.objData).toEqual([
      {
        strField: 'strDiagnosistNum',
        strMessage: 'Contains a null character (NUL), which cannot be saved: please enter it again',
      },
    ]);
    expect((await slideRow(t.database.db, slideId))?.diagnosisNum).toBe(number);
    const record = await latestAuditRecord(t.database.db, 'slideDocument/updateSlideDocument');
    expect(record).toMatchObject({ outcome: 'failure', userName: 'demo_doctor' });
  });

  it('in a query string is a field error, in Chinese by default', async () => {
    const answer = await api.get<FieldError[]>(
      'slideDocument/selectSlideDocumentByType',
      { iType: 0, strDiagnosistNum: 'A\u0000' },
      { token: doctor },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.objData).toEqual([
      { strField: 'strDiagnosistNum', strMessage: '含有无法保存的空字符（NUL），请重新输入' },
    ]);
  });

  it('in a chunk file path is refused as a field error, not a failed lookup', async () => {
    const answer = await sendChunk(t.baseUrl, doctor, {
      iSlideDocumentId: slideId,
      strFilePath: `${name}\u0000`,
      iChunk: 0,
      bytes: new Uint8Array(5000),
      iUpdadeState: 1,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.strErrorCode).toBe('VALIDATION_FAILED');
    expect(answer.body.objData).toEqual([
      { strField: 'strFilePath', strMessage: '含有无法保存的空字符（NUL），请重新输入' },
    ]);
  });

  it('in what an audit record keeps is stored as the replacement character', async () => {
    await appendAuditRecord(t.database.db, {
      now: new Date(),
      subject: { userId: null, userName: 'who\u0000m', roleType: null, hospitalId: null },
      action: 'user/login',
      outcome: 'denied',
      ip: '127.0.0.1',
      note: { targetType: 'user', targetId: 'x\u0000', detail: { strTried: ['a\u0000b'] } },
    });
    const record = await latestAuditRecord(t.database.db, 'user/login');
    expect(record).toMatchObject({
      userName: 'who\ufffdm',
      targetId: 'x\ufffd',
      detail: { strTried: ['a\ufffdb'] },
    });
  });

  it('an id that is no number nor digits is refused, where coercion acted on another record', async () => {
    for (const slip of [
      true,
      [slideId],
      `0x${slideId.toString(16)}`,
      ` ${slideId} `,
      `${slideId}.0`,
    ]) {
      const answer = await api.post<FieldError[]>(
        'slideDocument/pauseUpload',
        { iSlideDocumentId: slip },
        { token: doctor, lang: 'en' },
      );
      expect(answer.status, JSON.stringify(slip)).toBe(400);
      expect(answer.body.objData).toEqual([
        { strField: 'iSlideDocumentId', strMessage: 'Invalid format' },
      ]);
    }
    const status = await api.get(
      'slideDocument/getFileStatus',
      {
        iSlideDocumentId: `0x${slideId.toString(16)}`,
      },
      { token: doctor },
    );
    expect(status.status).toBe(400);
    expect(
      (
        await api.get(
          'slideDocument/getFileStatus',
          { iSlideDocumentId: slideId },
          { token: doctor },
        )
      ).status,
    ).toBe(200);
  });
});
