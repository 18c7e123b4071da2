import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { UserDto } from '@pathconsult/shared';
import { auditLogs, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type ApiClient } from './helpers/http';
import { logInDemoAccounts, NOT_LOGGED_IN } from './helpers/demo-accounts';
import { MISSING_ID } from './helpers/test-values';
const PREFIX = 'data:image/png;base64,';

/** A signature-like picture: dark strokes on a transparent background. */
async function png(width = 265, height = 150): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <path d="M10 100 C 60 10, 120 140, 250 40" stroke="#123" stroke-width="6" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Random pixels do not compress: a 265×150 RGBA PNG of noise is ~155 KB. */
async function noisyPng(): Promise<Buffer> {
  const raw = randomBytes(265 * 150 * 4);
  return sharp(raw, { raw: { width: 265, height: 150, channels: 4 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const dataUrl = (bytes: Buffer, prefix = PREFIX) => prefix + bytes.toString('base64');

describe.each(await testDatabases())('signature image on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let { expert, doctor, admin } = NOT_LOGGED_IN;
  let expertId: number;
  let doctorId: number;

  const idOf = async (userName: string) =>
    (await t.database.db.select().from(users).where(eq(users.userName, userName)))[0]?.id ?? 0;
  const stored = async (id: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.signaturePng;
  const save = (iUserId: number, strSignatureUrl: string, token = expert, lang?: 'en') =>
    api.post<UserDto>('userManage/updateSignature', { iUserId, strSignatureUrl }, { token, lang });

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ expert, doctor, admin } = await logInDemoAccounts(api));
    [expertId, doctorId] = await Promise.all([idOf('demo_expert'), idOf('demo_doctor')]);
  });
  afterAll(() => t.close());

  it('stores a 265×150 PNG, answers the user and serves it with the user info', async () => {
    const bytes = await png();
    const a = await save(expertId, dataUrl(bytes));
    expect(a.status).toBe(200);
    expect(a.body.iCode).toBe(0);
    expect(a.body.objData).toMatchObject({
      iUserId: expertId,
      strUserName: 'demo_expert',
      arraySignatureUrl: dataUrl(bytes),
    });
    const infoAnswer = await api.get<UserDto>('userManage/getUserInfo', {}, { token: expert });
    expect(infoAnswer.body.objData).toEqual(a.body.objData);
    expect(await stored(expertId)).toBe(dataUrl(bytes));
    // The audit record says what happened, never what the image is.
    const records = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'userManage/updateSignature'));
    expect(records.at(-1)).toMatchObject({
      targetType: 'user',
      targetId: String(expertId),
      outcome: 'success',
      detail: { bRemoved: false, iBytes: bytes.length },
    });
    expect(JSON.stringify(records)).not.toContain(bytes.toString('base64').slice(0, 40));
  });

  it('takes bare base64 too, and stores it as a data URL', async () => {
    const bytes = await png();
    const a = await save(doctorId, bytes.toString('base64'), doctor);
    expect(a.body.iCode).toBe(0);
    expect(a.body.objData.arraySignatureUrl).toBe(dataUrl(bytes));
  });

  it('refuses other sizes, other formats and what is no image, keeping the signature', async () => {
    const before = await stored(expertId);
    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    const refused: [string, string][] = [
      ['PNG of 264×150', dataUrl(await png(264, 150))],
      ['PNG of 530×300', dataUrl(await png(530, 300))],
      ['JPEG in a PNG data URL', dataUrl(jpeg)],
      ['JPEG data URL', dataUrl(jpeg, 'data:image/jpeg;base64,')],
      ['text', dataUrl(Buffer.from('not a picture at all'))],
      ['not base64', `${PREFIX}%%%%`],
      ['a PNG cut short', dataUrl((await png()).subarray(0, 120))],
    ];
    for (const [what, body] of refused) {
      const a = await save(expertId, body, expert, 'en');
      expect(a.status, what).toBe(200);
      expect(a.body, what).toMatchObject({
        iCode: 1000,
        strErrorCode: 'SIGNATURE_FORMAT',
        strMessage: 'Wrong signature format: a 265×150 pixel PNG image only',
      });
    }
    expect(await stored(expertId)).toBe(before);
  });

  it('refuses a PNG over 100 KB with the limit in the message', async () => {
    const before = await stored(expertId);
    const big = await noisyPng();
    expect(big.length).toBeGreaterThan(100 * 1024);
    const zh = await save(expertId, dataUrl(big));
    expect(zh.body).toMatchObject({
      iCode: 1000,
      strErrorCode: 'SIGNATURE_TOO_LARGE',
      strMessage: '签名图片不能超过 100K',
    });
    const en = await save(expertId, dataUrl(big), expert, 'en');
    expect(en.body.strMessage).toBe('The signature image must not exceed 100K');
    expect(await stored(expertId)).toBe(before);
  });

  it('sets nobody else’s signature: another id answers like a missing one', async () => {
    const before = await stored(doctorId);
    const bytes = await png();
    for (const token of [expert, admin]) {
      expect((await save(doctorId, dataUrl(bytes), token)).status).toBe(404);
    }
    expect((await save(MISSING_ID, dataUrl(bytes))).status).toBe(404);
    expect(await stored(doctorId)).toBe(before);
  });

  it('removes the signature with an empty string', async () => {
    await save(expertId, dataUrl(await png()));
    const a = await save(expertId, '');
    expect(a.body.iCode).toBe(0);
    expect(a.body.objData.arraySignatureUrl).toBeNull();
    expect(await stored(expertId)).toBeNull();
  });

  it('needs a login', async () => {
    const a = await api.post('userManage/updateSignature', {
      iUserId: expertId,
      strSignatureUrl: dataUrl(await png()),
    });
    expect(a.status).toBe(401);
  });
});
