import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import type {
  MedicalOrderItemDto,
  MedicalOrderOption,
  MedicalOrderSaveInput,
} from '@pathconsult/shared';
import { medicalOrderItems, userPrivileges, users } from '../src/db/schema';
import { ensureMedicalOrderDictionary } from '../src/bootstrap/medical-order-dictionary';
import { PLATFORM_ORDER_ITEMS } from '../src/bootstrap/medical-order-items';
import { testDatabases } from './helpers/databases';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import { demoCallers, logInDemoAccounts } from './helpers/demo-accounts';
import { tenancyMatrixFailures, type MatrixRoute, type TargetKind } from './helpers/tenancy-matrix';
import { MISSING_ID, unique, type Page } from './helpers/test-values';

describe.each(await testDatabases())('medical orders on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: string;
  let hadmin: string;
  let doctor: string;
  let expert: string;
  let applicantId: number;
  let centerId: number;

  const db = () => t.database.db;
  const dictionary = (token: string, strCategory?: string) =>
    api.get<MedicalOrderOption[]>(
      'medicalorder/selectMedDatadictionary',
      strCategory ? { strCategory } : {},
      { token },
    );
  const list = (token: string, query: Record<string, string | number> = {}) =>
    api.get<Page<MedicalOrderItemDto>>(
      'medicalorder/selectMedicalorder',
      { iPageSize: 100, ...query },
      { token },
    );
  const save = (token: string, body: MedicalOrderSaveInput, lang?: 'en') =>
    api.post<MedicalOrderItemDto>('medicalorder/updateMedicalorderValue', body, { token, lang });
  /** A new item, added by the platform administrator (iHospitalId null: the platform's). */
  const item = async (
    iHospitalId: number | null,
    over: Partial<MedicalOrderSaveInput> = {},
  ): Promise<MedicalOrderItemDto> =>
    expectOk(
      await save(admin, { iHospitalId, strCategory: 'ihc', strName: unique('Ab'), ...over }),
    );
  const stored = async (id: number) =>
    (await db().select().from(medicalOrderItems).where(eq(medicalOrderItems.id, id)))[0];
  const names = (options: MedicalOrderOption[]) => options.map((o) => o.strName);

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    const demoUsers = await db().select().from(users);
    const byName = (name: string) =>
      demoUsers.find((u) => u.userName === name) as typeof users.$inferSelect;
    applicantId = byName('demo_doctor').hospitalId as number;
    centerId = byName('demo_expert').hospitalId as number;
    // The demo hospital administrator holds the "pathology numbers" privilege from the starting
    // set of hospital administrators (DEFAULT_HOSPITAL_ADMIN_PRIVILEGES).
  });
  afterAll(() => t.close());

  describe('the platform dictionary', () => {
    it('is there from the start, by category and set order', async () => {
      const all = expectOk(await dictionary(doctor));
      expect(all.length).toBe(PLATFORM_ORDER_ITEMS.length);
      const categories = all.map((o) => o.strCategory);
      expect(categories.indexOf('special_stain')).toBeGreaterThan(categories.lastIndexOf('ihc'));
      expect(categories.indexOf('molecular')).toBeGreaterThan(
        categories.lastIndexOf('special_stain'),
      );
      expect(all.every((o) => o.bPlatform)).toBe(true);
      const ihc = names(expectOk(await dictionary(doctor, 'ihc')));
      expect(ihc.slice(0, 3)).toEqual(['CK', 'CK(AE1/AE3)', 'CK5/6']);
      expect(ihc).toEqual(expect.arrayContaining(['Ki-67', 'HER2', 'MLH1', 'PMS2', 'SOX10']));
      const stains = names(expectOk(await dictionary(expert, 'special_stain')));
      expect(stains).toContain('抗酸染色 (Acid-fast, Ziehl-Neelsen)');
      expect(stains.every((n) => !ihc.includes(n))).toBe(true);
      const molecular = expectOk(await dictionary(admin, 'molecular'));
      expect(molecular.find((o) => o.strCode === 'EBER')?.strName).toBe('EBER 原位杂交 (EBER ISH)');
    });

    it('is seeded once: a later start adds nothing, nor brings back a renamed item', async () => {
      const ck7 = (await list(admin, { strName: 'CK7' })).body.objData.listPage.find(
        (i) => i.strName === 'CK7',
      ) as MedicalOrderItemDto;
      expectOk(await save(admin, { iItemId: ck7.iItemId, strName: 'CK7 (OV-TL 12/30)' }));
      try {
        expect(await ensureMedicalOrderDictionary(db())).toBe(0);
        const [platform] = await db()
          .select({ n: count() })
          .from(medicalOrderItems)
          .where(isNull(medicalOrderItems.hospitalId));
        expect(platform?.n).toBe(PLATFORM_ORDER_ITEMS.length);
        expect(names(expectOk(await dictionary(doctor, 'ihc')))).not.toContain('CK7');
      } finally {
        expectOk(await save(admin, { iItemId: ck7.iItemId, strName: 'CK7' }));
      }
    });

    it('is kept by platform administrators: add, edit, disable, and everyone’s picker follows', async () => {
      const added = expectOk(
        await save(admin, {
          iHospitalId: null,
          strCategory: 'special_stain',
          strName: '  Grimelius 嗜银染色  ',
          strCode: 'GRIM',
          iSortOrder: 5,
        }),
      );
      expect(added).toMatchObject({
        iHospitalId: null,
        strHospitalName: null,
        bPlatform: true,
        strCategory: 'special_stain',
        strName: 'Grimelius 嗜银染色',
        strCode: 'GRIM',
        iSortOrder: 5,
        bEnabled: true,
      });
      // Sort order 5 puts it before the seeded stains (10, 20...).
      expect(names(expectOk(await dictionary(doctor, 'special_stain')))[0]).toBe(
        'Grimelius 嗜银染色',
      );
      const edited = expectOk(
        await save(admin, { iItemId: added.iItemId, strCode: '', iSortOrder: 9999 }),
      );
      expect(edited).toMatchObject({
        strName: 'Grimelius 嗜银染色',
        strCode: null,
        iSortOrder: 9999,
      });
      expect(names(expectOk(await dictionary(expert, 'special_stain'))).at(-1)).toBe(
        'Grimelius 嗜银染色',
      );
      expectOk(await save(admin, { iItemId: added.iItemId, bEnabled: false }));
      expect(names(expectOk(await dictionary(doctor)))).not.toContain('Grimelius 嗜银染色');
      // Still listed for the administrators, as disabled.
      const listed = expectOk(await list(admin, { strName: 'grimelius' }));
      expect(listed.listPage).toMatchObject([{ iItemId: added.iItemId, bEnabled: false }]);
    });

    it('is read-only to hospital administrators (403), who still see it', async () => {
      const platformItem = await item(null);
      expect(
        expectOk(await list(hadmin, { strName: platformItem.strName })).listPage.map(
          (i) => i.iItemId,
        ),
      ).toEqual([platformItem.iItemId]);
      expectForbidden(await save(hadmin, { iItemId: platformItem.iItemId, bEnabled: false }));
      expectForbidden(
        await save(hadmin, { iHospitalId: null, strCategory: 'ihc', strName: unique('Ab') }),
      );
      expect((await stored(platformItem.iItemId))?.enabled).toBe(true);
    });
  });

  describe('a hospital’s own items', () => {
    it('are added by its administrator and offered to its doctors only', async () => {
      const own = expectOk(
        await save(hadmin, {
          strCategory: 'molecular',
          strName: unique('本院 NGS'),
          strCode: 'OWN-1',
        }),
      );
      expect(own).toMatchObject({
        iHospitalId: applicantId,
        bPlatform: false,
        strCode: 'OWN-1',
        bEnabled: true,
      });
      expect(own.strHospitalName).toContain('Demo Applicant Hospital');
      const doctorSees = expectOk(await dictionary(doctor, 'molecular'));
      expect(doctorSees.find((o) => o.iItemId === own.iItemId)).toMatchObject({ bPlatform: false });
      expect(names(expectOk(await dictionary(expert)))).not.toContain(own.strName);
      expect(names(expectOk(await dictionary(admin)))).not.toContain(own.strName);
      // Disabled: gone from the picker, kept in the list.
      expectOk(await save(hadmin, { iItemId: own.iItemId, bEnabled: false }));
      expect(names(expectOk(await dictionary(doctor)))).not.toContain(own.strName);
      expectOk(await save(hadmin, { iItemId: own.iItemId, bEnabled: true }));
      expect(names(expectOk(await dictionary(doctor)))).toContain(own.strName);
    });

    it('of another hospital answer like missing ones', async () => {
      const other = await createHospital(db());
      const foreign = await item(other.id);
      expectNotFound(await save(hadmin, { iItemId: foreign.iItemId, bEnabled: false }));
      expectNotFound(await save(hadmin, { iItemId: MISSING_ID, bEnabled: false }));
      expectNotFound(
        await save(hadmin, { iHospitalId: other.id, strCategory: 'ihc', strName: unique('Ab') }),
      );
      expectNotFound(await list(hadmin, { iHospitalId: other.id }));
      expect((await stored(foreign.iItemId))?.enabled).toBe(true);
    });

    it('are offered alone where the platform later adds the same name', async () => {
      const name = unique('Shadow');
      const own = expectOk(await save(hadmin, { strCategory: 'ihc', strName: name }));
      await item(null, { strName: name.toUpperCase() });
      const offered = expectOk(await dictionary(doctor, 'ihc')).filter(
        (o) => o.strName.toLowerCase() === name.toLowerCase(),
      );
      expect(offered).toEqual([
        expect.objectContaining({ iItemId: own.iItemId, bPlatform: false }),
      ]);
    });
  });

  describe('names', () => {
    it('are unique within a dictionary in any case, and a hospital cannot repeat a platform item', async () => {
      const name = unique('Uniq');
      const first = expectOk(await save(hadmin, { strCategory: 'ihc', strName: name }));
      expectRefused(
        await save(hadmin, { strCategory: 'ihc', strName: name.toUpperCase() }),
        'MEDICAL_ORDER_EXISTS',
      );
      // Another category, another hospital: fine.
      expectOk(await save(hadmin, { strCategory: 'molecular', strName: name }));
      expectOk(await save(admin, { iHospitalId: centerId, strCategory: 'ihc', strName: name }));
      expectRefused(
        await save(hadmin, { strCategory: 'ihc', strName: 'ki-67' }),
        'MEDICAL_ORDER_EXISTS',
      );
      // Renaming onto a taken name is refused and changes nothing.
      const second = expectOk(await save(hadmin, { strCategory: 'ihc', strName: unique('Uniq') }));
      const en = await save(hadmin, { iItemId: second.iItemId, strName: name }, 'en');
      expectRefused(en, 'MEDICAL_ORDER_EXISTS');
      expect(en.body.strMessage).toBe('This order item already exists');
      expect((await stored(second.iItemId))?.name).toBe(second.strName);
      // Its own name in another case is a rename, not a clash.
      expect(
        expectOk(await save(hadmin, { iItemId: first.iItemId, strName: name.toLowerCase() }))
          .strName,
      ).toBe(name.toLowerCase());
    });

    it('let only one of two simultaneous additions of one name through', async () => {
      for (let round = 0; round < 3; round++) {
        const name = unique('Race');
        const answers = await Promise.all([
          save(admin, { iHospitalId: null, strCategory: 'ihc', strName: name }),
          save(admin, { iHospitalId: null, strCategory: 'ihc', strName: name.toLowerCase() }),
        ]);
        expect(answers.map((a) => a.body.strErrorCode ?? 'OK').sort()).toEqual([
          'MEDICAL_ORDER_EXISTS',
          'OK',
        ]);
      }
    });

    it('refuses incomplete or malformed items with a message on the field, adding nothing', async () => {
      const before = await db().select({ n: count() }).from(medicalOrderItems);
      expectFieldError(
        await save(hadmin, { strCategory: 'ihc' }, 'en'),
        'strName',
        'validation.required',
      );
      expectFieldError(
        await save(hadmin, { strName: 'X1' }, 'en'),
        'strCategory',
        'validation.required',
      );
      expectFieldError(
        await save(hadmin, { strCategory: 'ihc', strName: '   ' }, 'en'),
        'strName',
        'validation.required',
      );
      expectFieldError(
        await save(hadmin, { strCategory: 'ihc', strName: 'x'.repeat(65) }, 'en'),
        'strName',
        'validation.tooLong',
        { max: 64 },
      );
      expectFieldError(
        await save(hadmin, { strCategory: 'ihc', strName: 'X2', iSortOrder: -1 }, 'en'),
        'iSortOrder',
        'validation.invalid',
      );
      const badCategory = await save(hadmin, {
        strCategory: 'cytology' as 'ihc',
        strName: 'X3',
      });
      expect(badCategory.status).toBe(400);
      expect(await db().select({ n: count() }).from(medicalOrderItems)).toEqual(before);
    });
  });

  describe('the administrators’ list', () => {
    it('shows a hospital administrator the platform’s items and the own, with filters and paging', async () => {
      const tag = unique('Flt');
      const own = expectOk(
        await save(hadmin, { strCategory: 'ihc', strName: `${tag} own`, strCode: 'OWNC' }),
      );
      const off = expectOk(
        await save(hadmin, {
          strCategory: 'special_stain',
          strName: `${tag} off`,
          bEnabled: false,
        }),
      );
      const platform = await item(null, { strName: `${tag} platform` });
      const all = expectOk(await list(hadmin, { strName: tag }));
      expect(all.iTotalCount).toBe(3);
      // IHC first, then special stains; within a category by set order, then name.
      expect(all.listPage.map((i) => i.iItemId)).toEqual([
        own.iItemId,
        platform.iItemId,
        off.iItemId,
      ]);
      const ids = async (query: Record<string, string | number>) =>
        expectOk(await list(hadmin, { strName: tag, ...query })).listPage.map((i) => i.iItemId);
      expect(await ids({ strCategory: 'special_stain' })).toEqual([off.iItemId]);
      expect(await ids({ strState: 'disabled' })).toEqual([off.iItemId]);
      expect(await ids({ strState: 'enabled' })).toEqual([own.iItemId, platform.iItemId]);
      expect(await ids({ strSource: 'platform' })).toEqual([platform.iItemId]);
      expect(await ids({ strSource: 'hospital' })).toEqual([own.iItemId, off.iItemId]);
      // By code too.
      expect(
        expectOk(await list(hadmin, { strName: 'ownc' })).listPage.map((i) => i.iItemId),
      ).toEqual([own.iItemId]);
      const page2 = expectOk(await list(hadmin, { strName: tag, iPageSize: 2, iCurPage: 2 }));
      expect(page2).toMatchObject({ iTotalCount: 3 });
      expect(page2.listPage.map((i) => i.iItemId)).toEqual([off.iItemId]);
    });

    it('shows the platform administrator the platform dictionary, or a hospital’s when named', async () => {
      const tag = unique('Plat');
      const hospitalItem = await item(centerId, { strName: `${tag} center` });
      const platformItem = await item(null, { strName: `${tag} platform` });
      const ids = async (query: Record<string, string | number>) =>
        expectOk(await list(admin, { strName: tag, ...query })).listPage.map((i) => i.iItemId);
      expect(await ids({})).toEqual([platformItem.iItemId]);
      expect(await ids({ iHospitalId: centerId })).toEqual([
        hospitalItem.iItemId,
        platformItem.iItemId,
      ]);
      expect(await ids({ iHospitalId: applicantId })).toEqual([platformItem.iItemId]);
      expectNotFound(await list(admin, { iHospitalId: MISSING_ID }));
    });

    it('is closed to doctors, experts and administrators without the privilege', async () => {
      const plain = await createUser(db(), {
        userName: unique('hadmin'),
        roleType: 2,
        hospitalId: applicantId,
      });
      // Hospital administrators start with the privilege: this one has it taken away.
      await db()
        .delete(userPrivileges)
        .where(
          and(eq(userPrivileges.userId, plain.id), eq(userPrivileges.code, 'menu.medicalNum')),
        );
      const token = await api.login(plain.userName, TEST_PASSWORD);
      for (const caller of [token, doctor, expert]) {
        expectForbidden(await list(caller));
        expectForbidden(await save(caller, { strCategory: 'ihc', strName: unique('Ab') }));
      }
      // The picker is everyone's.
      expect(expectOk(await dictionary(token)).length).toBeGreaterThan(0);
    });
  });

  /*
   * Every medicalorder route, for each role, against an item of the caller's own dictionary (the
   * superadmin's: a platform item), of another hospital, and a missing id.
   */
  describe('cross-tenant matrix', () => {
    interface Target {
      id: number;
      hospitalId: number | null;
      name: string;
    }
    /** The sort order only calls that must be refused would set. */
    const REFUSED_SORT = 7777;
    const reached = (role: number, kind: TargetKind) =>
      (role === 1 || role === 2) && (kind === 'own' || (kind === 'other' && role === 1));
    const routes: MatrixRoute<Target>[] = [
      {
        name: 'selectMedDatadictionary',
        roles: [1, 2, 3, 4],
        // Everyone's picker holds the own dictionary only, the platform administrator's too.
        visible: (_role, kind) => kind === 'own',
        listed: (a, target) =>
          (a.body.objData as MedicalOrderOption[]).some((o) => o.iItemId === target.id),
        call: (token) => dictionary(token),
      },
      {
        name: 'selectMedicalorder',
        roles: [1, 2],
        listed: (a, target) =>
          (a.body.objData as Page<MedicalOrderItemDto>).listPage.some(
            (i) => i.iItemId === target.id,
          ),
        call: (token, target, { role }) =>
          list(token, {
            strName: target.name,
            // The platform administrator names the item's hospital (a missing item has none).
            ...(role === 1 && target.hospitalId !== null && target.id !== MISSING_ID
              ? { iHospitalId: target.hospitalId }
              : {}),
          }),
      },
      {
        name: 'updateMedicalorderValue (edit)',
        roles: [1, 2],
        call: (token, target, { role, kind }) =>
          save(token, { iItemId: target.id, iSortOrder: reached(role, kind) ? 1 : REFUSED_SORT }),
      },
      {
        name: 'updateMedicalorderValue (add)',
        roles: [1, 2],
        call: (token, target) =>
          save(token, {
            iHospitalId: target.hospitalId,
            strCategory: 'ihc',
            strName: unique('Mx'),
          }),
      },
    ];

    it('answers 403 to a wrong role, 404 for another hospital’s item or a missing id, else 200', async () => {
      const ownOf: Record<number, Target> = {};
      const asTarget = (i: MedicalOrderItemDto): Target => ({
        id: i.iItemId,
        hospitalId: i.iHospitalId,
        name: i.strName,
      });
      ownOf[1] = asTarget(await item(null));
      ownOf[2] = asTarget(await item(applicantId));
      ownOf[3] = ownOf[2];
      ownOf[4] = asTarget(await item(centerId));
      const other = asTarget(await item((await createHospital(db())).id));
      const missing: Target = { id: MISSING_ID, hospitalId: MISSING_ID, name: 'no such item' };
      const failures = await tenancyMatrixFailures<Target>({
        routes,
        callers: demoCallers({ admin, hadmin, doctor, expert }),
        target: (kind, caller) =>
          kind === 'own' ? (ownOf[caller.role] as Target) : kind === 'other' ? other : missing,
        unchanged: async (target) => (await stored(target.id))?.sortOrder !== REFUSED_SORT,
      });
      expect(failures).toEqual([]);
    });
  });
});
