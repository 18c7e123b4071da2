import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleType, type DiagnosisDto } from '@pathconsult/shared';
import { pdfText, squeeze } from '../src/modules/reports/testing/pdf-inspect';
import { expectOk } from './helpers/assertions';
import { loggedInUser, userHospital } from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { logInDemoAccounts } from './helpers/demo-accounts';
import { giveSignature, screenshotPicture, sentCaseWithSlide } from './helpers/diagnosis-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

/*
 * Printed times agree with the screen (decisions "Report PDF" → time zone): the web app sends the
 * browser's IANA zone with the print, and the report's times print in it. Without one, or with a
 * zone the server does not know, they print in REPORT_TIME_ZONE (Asia/Shanghai by default); a
 * value that is no zone name at all is refused like any invalid parameter.
 */

/** `YYYY/MM/DD HH:mm` of an instant in a zone, worked out apart from the renderer's own code. */
function clock(iso: string, timeZone: string): string {
  // Sweden's format is ISO-like: "2026-03-04 07:41".
  const text = new Date(iso).toLocaleString('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return text.replaceAll('-', '/').replace(' ', '');
}

describe.each(await testDatabases())('report time zones on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let doctor: { id: number; token: string };
  let hadmin: string;
  let reportId: number;
  let signedAt: string;

  async function print(query: string) {
    const res = await fetch(`${t.baseUrl}/api/diagnosis/ProduceReport?${query}`, {
      headers: { token: doctor.token, lang: 'zh' },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      text: res.status === 200 ? squeeze(await pdfText(bytes)) : '',
      body: res.status === 200 ? null : (JSON.parse(Buffer.from(bytes).toString()) as unknown),
    };
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    const db = t.database.db;
    doctor = await loggedInUser(db, api, await userHospital(db, 'demo_doctor'));
    const expert = await loggedInUser(
      db,
      api,
      await userHospital(db, 'demo_expert'),
      RoleType.Expert,
    );
    await giveSignature(db, [expert.id]);
    const { receives } = await sentCaseWithSlide(
      t,
      api,
      doctor.token,
      [expert.id],
      await screenshotPicture(),
    );
    const signed = expectOk(
      await api.post<DiagnosisDto>(
        'diagnosis/confirmDiagnosis',
        { iPatientReceiveId: receives[0]!.iPatientReceiveId, strResult: 'Benign naevus' },
        { token: expert.token },
      ),
    ).listReport[0]!;
    reportId = signed.iReportId;
    signedAt = signed.dtSignTime!;
    hadmin = (await logInDemoAccounts(api)).hadmin;
  });
  afterAll(() => t?.close());

  it('prints the times in the zone the browser sends, and names it', async () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      const pdf = await print(`iReportId=${reportId}&strTimeZone=${encodeURIComponent(zone)}`);
      expect(pdf.status).toBe(200);
      expect(pdf.text).toContain(`签发时间：${clock(signedAt, zone)}`);
      expect(pdf.text).toContain(`（${zone}）`);
    }
  });

  it('prints in the server’s zone without one, or with one it does not know', async () => {
    const home = `签发时间：${clock(signedAt, 'Asia/Shanghai')}`;
    for (const query of [`iReportId=${reportId}`, `iReportId=${reportId}&strTimeZone=Mars/Base`]) {
      const pdf = await print(query);
      expect(pdf.status).toBe(200);
      expect(pdf.text).toContain(home);
      expect(pdf.text).toContain('（Asia/Shanghai）');
    }
    // The 8 hours between UTC and China show: the zone is really applied.
    expect(clock(signedAt, 'UTC')).not.toBe(clock(signedAt, 'Asia/Shanghai'));
  });

  it('refuses a zone parameter that is no zone name', async () => {
    const pdf = await print(`iReportId=${reportId}&strTimeZone=${encodeURIComponent('+08:00')}`);
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({ strErrorCode: 'VALIDATION_FAILED' });
  });

  it('prints the report form’s sample in the browser’s zone too', async () => {
    const res = await fetch(`${t.baseUrl}/api/reportFile/preview`, {
      method: 'POST',
      headers: { token: hadmin, lang: 'en', 'content-type': 'application/json' },
      body: JSON.stringify({ strTimeZone: 'Pacific/Auckland' }),
    });
    expect(res.status).toBe(200);
    const text = squeeze(await pdfText(new Uint8Array(await res.arrayBuffer())));
    expect(text).toContain(`Signed:${clock(t.clock.now().toISOString(), 'Pacific/Auckland')}`);
    expect(text).toContain('(Pacific/Auckland)');
  });
});
