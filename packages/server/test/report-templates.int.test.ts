import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RoleType,
  defaultReportSections,
  type HospitalOption,
  type ReportSection,
  type ReportTemplateDto,
} from '@pathconsult/shared';
import { pdfImages, pdfText, squeeze } from '../src/modules/reports/testing/pdf-inspect';
import { expectFieldError, expectForbidden, expectNotFound, expectOk } from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import { setReportView, userHospital } from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { logInDemoAccounts, type DemoTokens } from './helpers/demo-accounts';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { MISSING_ID, unique } from './helpers/test-values';

/*
 * Issue 7 item 8: the report form of a hospital (reportFile/*). Its administrators read it (the
 * default until they save one), save it, put it back to the default and print a sample report
 * with it; nobody else reaches it, and a refused save changes nothing.
 */

type Form = {
  strTitle: string;
  strFooter: string;
  strLogo: string | null;
  listSection: ReportSection[];
};

/** The default form with the clinical section hidden and the diagnosis moved to the top. */
function designedForm(title: string, logo: string | null): Form {
  const sections = defaultReportSections().map((s) =>
    s.strSection === 'clinical' ? { ...s, bVisible: false } : s,
  );
  const diagnosis = sections.find((s) => s.strSection === 'diagnosis')!;
  return {
    strTitle: title,
    strFooter: '本报告仅对送检标本负责',
    strLogo: logo,
    listSection: [diagnosis, ...sections.filter((s) => s !== diagnosis)],
  };
}

describe.each(await testDatabases())('report templates on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let tokens: DemoTokens;
  let applicant: number;
  /** An administrator of another hospital. */
  let stranger: { id: number; userName: string; token: string };
  let strangerHospital: number;
  let logo: string;

  const db = () => t.database.db;
  const read = (token: string, query: Record<string, number> = {}, lang?: 'en') =>
    api.get<ReportTemplateDto>('reportFile/getReportTemplate', query, { token, lang });
  const save = (token: string, body: object, call: 'add' | 'update' = 'update', lang?: 'en') =>
    api.post<ReportTemplateDto>(`reportFile/${call}`, body, { token, lang: lang ?? 'en' });
  const reset = (token: string, body: object = {}) =>
    api.post<ReportTemplateDto>('reportFile/delete', body, { token });

  /** reportFile/preview answers a PDF, not the envelope: read it raw. */
  async function preview(token: string, body: object = {}, lang: 'zh' | 'en' = 'zh') {
    const res = await fetch(`${t.baseUrl}/api/reportFile/preview`, {
      method: 'POST',
      headers: { token, lang, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type') ?? '', bytes };
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    tokens = await logInDemoAccounts(api);
    applicant = await userHospital(db(), 'demo_hadmin');
    strangerHospital = (await createHospital(db(), { name: unique('别家医院') })).id;
    const user = await createUser(db(), {
      hospitalId: strangerHospital,
      roleType: RoleType.HospitalAdmin,
    });
    stranger = {
      id: user.id,
      userName: user.userName,
      token: await api.login(user.userName, TEST_PASSWORD),
    };
    const png = await sharp({
      create: { width: 96, height: 64, channels: 3, background: '#1677ff' },
    })
      .png()
      .toBuffer();
    logo = `data:image/png;base64,${png.toString('base64')}`;
  });
  afterAll(() => t?.close());

  it('gives the default form, titled in the caller’s language, until one is saved', async () => {
    const zh = expectOk(await read(tokens.hadmin));
    expect(zh).toMatchObject({
      iHospitalId: applicant,
      bSaved: false,
      strTitle: '病理会诊报告',
      strLogo: null,
      strFooter: '',
      dtUpdateTime: null,
    });
    expect(zh.listSection).toEqual(defaultReportSections());
    expect(expectOk(await read(tokens.hadmin, {}, 'en')).strTitle).toBe(
      'Pathology Consultation Report',
    );
  });

  it('saves the form whole and gives it back; update replaces it', async () => {
    const form = designedForm('青山医院病理会诊报告', logo);
    const saved = expectOk(await save(tokens.hadmin, form, 'add'));
    expect(saved).toMatchObject({ bSaved: true, ...form });
    expect(saved.dtUpdateTime).not.toBeNull();
    expect(expectOk(await read(tokens.hadmin))).toEqual(saved);

    const audit = await latestAuditRecord(db(), 'reportFile/add');
    expect(audit).toMatchObject({ outcome: 'success', targetType: 'reportTemplate' });
    expect(audit?.targetId).toBe(String(applicant));
    // The record says a logo was sent, without its 200 KB of base64.
    expect(audit?.detail).toMatchObject({ strTitle: form.strTitle, bLogo: true });
    expect(JSON.stringify(audit?.detail)).not.toContain('base64');

    const again = designedForm('青山医院病理报告（第二版）', null);
    const updated = expectOk(await save(tokens.hadmin, again));
    expect(updated).toMatchObject({ strTitle: again.strTitle, strLogo: null });
    expect(expectOk(await read(tokens.hadmin)).strTitle).toBe(again.strTitle);
    expectOk(await save(tokens.hadmin, form));
  });

  it('refuses a wrong form field by field and keeps the saved one', async () => {
    const before = expectOk(await read(tokens.hadmin));
    const good = designedForm('合格标题', logo);
    expectFieldError(
      await save(tokens.hadmin, { ...good, strTitle: 'x'.repeat(65) }),
      'strTitle',
      'validation.tooLong',
      { max: 64 },
    );
    expectFieldError(
      await save(tokens.hadmin, { ...good, strFooter: 'y'.repeat(201) }),
      'strFooter',
      'validation.tooLong',
      { max: 200 },
    );
    const gif = `data:image/gif;base64,${Buffer.from('GIF89a-not-a-logo').toString('base64')}`;
    expectFieldError(
      await save(tokens.hadmin, { ...good, strLogo: gif }),
      'strLogo',
      'validation.reportTemplate.logoFormat',
    );
    const big = Buffer.alloc(200 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expectFieldError(
      await save(tokens.hadmin, {
        ...good,
        strLogo: `data:image/png;base64,${big.toString('base64')}`,
      }),
      'strLogo',
      'validation.reportTemplate.logoTooLarge',
    );
    // PNG first bytes, nothing behind them: only decoding tells, and the server does.
    const broken = Buffer.alloc(64);
    broken.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expectFieldError(
      await save(tokens.hadmin, {
        ...good,
        strLogo: `data:image/png;base64,${broken.toString('base64')}`,
      }),
      'strLogo',
      'validation.reportTemplate.logoFormat',
    );
    const hidden = good.listSection.map((s) =>
      s.strSection === 'diagnosis' ? { ...s, bVisible: false } : s,
    );
    expectFieldError(
      await save(tokens.hadmin, { ...good, listSection: hidden }),
      'listSection.0.bVisible',
      'validation.reportTemplate.diagnosisHidden',
    );
    const missing = good.listSection.slice(1);
    expectFieldError(
      await save(tokens.hadmin, { ...good, listSection: missing }),
      'listSection',
      'validation.reportTemplate.layout',
    );
    expect(expectOk(await read(tokens.hadmin))).toEqual(before);
  });

  it('prints a sample report with the saved form, or with a form not saved yet', async () => {
    const saved = expectOk(await read(tokens.hadmin));
    const answer = await preview(tokens.hadmin);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = squeeze(await pdfText(answer.bytes));
    expect(text).toContain(squeeze(saved.strTitle));
    expect(text).toContain(squeeze(saved.strHospitalName));
    expect(text).toContain('SAMPLE-0001');
    expect(text).toContain('样例患者');
    // The saved form hides the clinical section.
    expect(text).not.toContain('临床信息');
    // Logo, signature and the two sample screenshots.
    expect((await pdfImages(answer.bytes)).length).toBe(4);

    const draft = { ...designedForm('Draft Title Not Saved', null) };
    const unsaved = await preview(tokens.hadmin, { objTemplate: draft, iVariant: 2 }, 'en');
    expect(unsaved.status).toBe(200);
    const draftText = squeeze(await pdfText(unsaved.bytes));
    expect(draftText).toContain('DraftTitleNotSaved');
    expect(draftText).toContain('Petname:SamplePet');
    // The watermark in the reader's language too (it was "样例 SAMPLE" in both).
    expect(draftText).not.toContain('样例');
    const count = (of: string) => draftText.split(of).length - 1;
    expect(count('SAMPLE')).toBeGreaterThan(count('SAMPLE-0001'));
    expect(expectOk(await read(tokens.hadmin)).strTitle).toBe(saved.strTitle);
    const audit = await latestAuditRecord(db(), 'reportFile/preview');
    expect(audit).toMatchObject({ outcome: 'success', detail: { bUnsaved: true } });

    const bad = await preview(tokens.hadmin, { objTemplate: { ...draft, strTitle: '' } });
    expect(bad.status).toBe(400);
  });

  it('keeps other hospitals’ administrators out', async () => {
    const before = expectOk(await read(tokens.hadmin));
    // Their own hospital: the default form, nothing of the applicant's.
    const own = expectOk(await read(stranger.token));
    expect(own).toMatchObject({ iHospitalId: strangerHospital, bSaved: false });
    expectNotFound(await read(stranger.token, { iHospitalId: applicant }));
    expectNotFound(
      await save(stranger.token, { ...designedForm('抢占', null), iHospitalId: applicant }),
    );
    expectNotFound(await reset(stranger.token, { iHospitalId: applicant }));
    expect((await preview(stranger.token, { iHospitalId: applicant })).status).toBe(404);
    expect(expectOk(await read(tokens.hadmin))).toEqual(before);
    const hospitals = expectOk(
      await api.get<HospitalOption[]>('reportFile/selectHospital', {}, { token: stranger.token }),
    );
    expect(hospitals.map((h) => h.iHospitalId)).toEqual([strangerHospital]);
  });

  it('lets platform administrators keep any hospital’s form, naming it', async () => {
    const saved = expectOk(await read(tokens.admin, { iHospitalId: applicant }));
    expect(saved.bSaved).toBe(true);
    // The superadmin belongs to no hospital: without a name there is none to show.
    expectNotFound(await read(tokens.admin));
    expectNotFound(await read(tokens.admin, { iHospitalId: MISSING_ID }));
    const hospitals = expectOk(
      await api.get<HospitalOption[]>('reportFile/selectHospital', {}, { token: tokens.admin }),
    );
    expect(hospitals.map((h) => h.iHospitalId)).toEqual(
      expect.arrayContaining([applicant, strangerHospital]),
    );
    const theirs = expectOk(
      await save(tokens.admin, {
        ...designedForm('平台代设', null),
        iHospitalId: strangerHospital,
      }),
    );
    expect(theirs).toMatchObject({ iHospitalId: strangerHospital, strTitle: '平台代设' });
    expect(expectOk(await read(stranger.token)).strTitle).toBe('平台代设');
  });

  it('refuses doctors, experts and administrators without the report privilege', async () => {
    for (const token of [tokens.doctor, tokens.expert]) {
      expectForbidden(await read(token));
      expectForbidden(await save(token, designedForm('医生改版', null)));
      expectForbidden(await reset(token));
      expect((await preview(token)).status).toBe(403);
      expectForbidden(await api.get('reportFile/selectHospital', {}, { token }));
    }
    // Privileges are read at login: a new session without "report view" is refused.
    await setReportView(db(), stranger.id, null);
    expectForbidden(await read(await api.login(stranger.userName, TEST_PASSWORD)));
    await setReportView(db(), stranger.id, 1);
  });

  it('puts the form back to the default', async () => {
    const back = expectOk(await reset(tokens.hadmin));
    expect(back).toMatchObject({ bSaved: false, strTitle: '病理会诊报告', strLogo: null });
    expect(expectOk(await read(tokens.hadmin))).toEqual(back);
    expect(await latestAuditRecord(db(), 'reportFile/delete')).toMatchObject({
      outcome: 'success',
      targetId: String(applicant),
    });
    // Deleting what is not there is no error: the hospital simply has the default.
    expectOk(await reset(tokens.hadmin));
  });
});
