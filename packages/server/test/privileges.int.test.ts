import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_HOSPITAL_ADMIN_PRIVILEGES,
  type AdminRoleDto,
  type AuditLogPage,
  type HospitalDto,
  type HospitalOption,
  type UserDto,
  type UserPrivilegeList,
} from '@pathconsult/shared';
import { userPrivileges, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type Answer } from './helpers/http';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { expectForbidden, expectNotFound, expectRefused } from './helpers/assertions';
import { logInDemoAccounts } from './helpers/demo-accounts';
import { MISSING_ID, unique, uniqueMobile as mobile, type Page } from './helpers/test-values';

type Grant = { strCode: string; iPrivilegeType: 1 | 2 };

const g = (strCode: string, iPrivilegeType: 1 | 2 = 1): Grant => ({ strCode, iPrivilegeType });
const DEFAULTS: Grant[] = DEFAULT_HOSPITAL_ADMIN_PRIVILEGES.map((p) => g(p.code, p.scope));
/** The defaults plus (or with another scope of) the given grants. */
const defaultsWith = (...extra: Grant[]): Grant[] => [
  ...DEFAULTS.filter((d) => !extra.some((e) => e.strCode === d.strCode)),
  ...extra,
];
const defaultsWithout = (...codes: string[]): Grant[] =>
  DEFAULTS.filter((d) => !codes.includes(d.strCode));
/** Grant lists compared as sets: the order of the answer is not the point. */
const sorted = (list: readonly Grant[]) =>
  [...list]
    .map((x) => ({ strCode: x.strCode, iPrivilegeType: x.iPrivilegeType }))
    .sort((a, b) => (a.strCode < b.strCode ? -1 : a.strCode > b.strCode ? 1 : 0));

describe.each(await testDatabases())('administrator roles and privileges on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  /** The superadmin. */
  let admin: string;
  let superadminId: number;
  /** A platform administrator who is not the superadmin. */
  let platform: { id: number; token: string };
  let doctor: string;
  let expert: string;
  /** demo_hadmin: a hospital administrator with the default privileges only. */
  let hadmin: string;
  /** Hospital A (own) and B (another hospital). */
  let hospitalA: number;
  let hospitalB: number;

  const db = () => t.database.db;

  /** A new account of `role` at `hospitalId`, logged in (role 2 starts with the defaults). */
  async function account(role: 1 | 2 | 3 | 4, hospitalId: number | null) {
    const row = await createUser(db(), { roleType: role, hospitalId });
    const token = await api.login(row.userName, TEST_PASSWORD);
    return { id: row.id, userName: row.userName, token };
  }

  const setPrivileges = (
    iUserId: number,
    listPrivilege: readonly Grant[],
    iRoleId: number | null = null,
    token = admin,
    lang?: 'en',
  ) =>
    api.post<UserPrivilegeList>(
      'userprivilege/update',
      { iUserId, iRoleId, listPrivilege },
      { token, lang },
    );

  /** A hospital administrator at `hospitalId` holding exactly `grants` (directly). */
  async function hospitalAdmin(hospitalId: number, grants: readonly Grant[] = DEFAULTS) {
    const a = await account(2, hospitalId);
    if (grants !== DEFAULTS) {
      const set = await setPrivileges(a.id, grants);
      expect(set.body.iCode).toBe(0);
    }
    return a;
  }

  const privilegesOf = (iUserId?: number, token = admin) =>
    api.get<UserPrivilegeList>(
      'userprivilege/getUserPrivilegeList',
      iUserId == null ? {} : { iUserId },
      { token },
    );
  /** What the administrator effectively holds, read by the superadmin. */
  async function effectiveOf(userId: number) {
    const a = await privilegesOf(userId);
    expect(a.body.iCode).toBe(0);
    return sorted(a.body.objData.listEffective);
  }
  async function directOf(userId: number) {
    const a = await privilegesOf(userId);
    expect(a.body.iCode).toBe(0);
    return sorted(a.body.objData.listPrivilege);
  }
  const grantRows = async (userId: number) =>
    sorted(
      (
        await db()
          .select({ strCode: userPrivileges.code, scope: userPrivileges.scope })
          .from(userPrivileges)
          .where(eq(userPrivileges.userId, userId))
      ).map((r) => g(r.strCode, r.scope === 2 ? 2 : 1)),
    );
  const userRow = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0];

  const addRole = (
    strRoleName: string,
    type: number,
    listPrivilege: readonly Grant[],
    token = admin,
    lang?: 'en',
  ) =>
    api.post<AdminRoleDto>(
      'adminRole/add',
      { strRoleName, ddRoleType: { iNumber: type }, listPrivilege },
      { token, lang },
    );
  const updateRole = (
    iRoleId: number,
    strRoleName: string,
    type: number,
    listPrivilege: readonly Grant[],
    token = admin,
  ) =>
    api.post<AdminRoleDto>(
      'adminRole/update',
      { iRoleId, strRoleName, ddRoleType: { iNumber: type }, listPrivilege },
      { token },
    );
  const deleteRole = (iRoleId: number, token = admin) =>
    api.post('adminRole/delete', { iRoleId }, { token });
  const selectRoles = (strRoleName: string, token = admin) =>
    api.get<Page<AdminRoleDto>>('adminRole/select', { strRoleName }, { token });
  /** A role as the list shows it (undefined when gone). */
  const readRole = async (iRoleId: number, name: string) =>
    (await selectRoles(name)).body.objData.listPage.find((r) => r.iRoleId === iRoleId);
  async function newRole(type: 1 | 2, list: readonly Grant[], name = unique('角色')) {
    const a = await addRole(name, type, list);
    expect(a.body.iCode).toBe(0);
    return a.body.objData;
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    const [sa] = await db().select().from(users).where(eq(users.userName, 'admin'));
    superadminId = sa?.id ?? 0;
    hospitalA = (await createHospital(db(), { name: unique('A 医院'), isDiagnosis: 2 })).id;
    hospitalB = (await createHospital(db(), { name: unique('B 医院'), isDiagnosis: 2 })).id;
    platform = await account(1, null);
  });
  afterAll(() => t.close());

  describe('administrator roles (adminRole/*)', () => {
    it('a platform administrator defines a role, listed with its privileges and no holder', async () => {
      const name = unique('报告审核');
      const list = [g('reportView', 2), g('statistics'), g('menu.auditLogs')];
      const a = await addRole(name, 2, list);
      expect(a.status).toBe(200);
      expect(a.body.iCode).toBe(0);
      expect(a.body.objData).toMatchObject({
        strRoleName: name,
        ddRoleType: { iNumber: 2 },
        iUserCount: 0,
      });
      expect(sorted(a.body.objData.listPrivilege)).toEqual(sorted(list));
      expect(await readRole(a.body.objData.iRoleId, name)).toEqual(a.body.objData);
      // A non-superadmin platform administrator may define roles too.
      const b = await addRole(unique('平台角色'), 1, [g('permissionManage')], platform.token);
      expect(b.body.iCode).toBe(0);
    });

    it('refuses add, update and delete to everybody but platform administrators, even with permission manage', async () => {
      const role = await newRole(2, [g('statistics')]);
      const manager = await hospitalAdmin(hospitalA, defaultsWith(g('permissionManage')));
      for (const token of [manager.token, hadmin, doctor, expert]) {
        expectForbidden(await addRole(unique('越权'), 2, [g('statistics')], token));
        expectForbidden(await updateRole(role.iRoleId, unique('越权'), 2, [], token));
        expectForbidden(await deleteRole(role.iRoleId, token));
      }
      // Nothing changed.
      expect(await readRole(role.iRoleId, role.strRoleName)).toEqual(role);
    });

    it('lists roles for platform administrators and hospital administrators holding permission manage only', async () => {
      const role = await newRole(2, [g('statistics')]);
      const manager = await hospitalAdmin(hospitalA, defaultsWith(g('permissionManage')));
      for (const token of [admin, platform.token, manager.token]) {
        const a = await selectRoles(role.strRoleName, token);
        expect(a.status).toBe(200);
        expect(a.body.objData.listPage.map((r) => r.iRoleId)).toEqual([role.iRoleId]);
      }
      for (const token of [hadmin, doctor, expert]) {
        expectForbidden(await selectRoles(role.strRoleName, token));
      }
    });

    it('refuses a name another role has in any case, and changes nothing', async () => {
      const name = unique('Auditors');
      const first = await newRole(2, [g('statistics')], name);
      const a = await addRole(name.toUpperCase(), 2, [g('reportView')], admin, 'en');
      expectRefused(a, 'ADMIN_ROLE_NAME_EXISTS');
      expect(a.body.strMessage).toMatch(/\S/);
      expect((await selectRoles(name)).body.objData.iTotalCount).toBe(1);

      const other = await newRole(2, [g('reportView')]);
      const b = await updateRole(other.iRoleId, name.toLowerCase(), 2, [g('clearSlide')]);
      expectRefused(b, 'ADMIN_ROLE_NAME_EXISTS');
      expect(await readRole(other.iRoleId, other.strRoleName)).toEqual(other);
      expect(await readRole(first.iRoleId, name)).toEqual(first);

      // Its own name in another case is no conflict.
      const c = await updateRole(first.iRoleId, name.toUpperCase(), 2, [g('statistics')]);
      expect(c.body.iCode).toBe(0);
      expect(c.body.objData.strRoleName).toBe(name.toUpperCase());
    });

    it('refuses unknown codes, "all hospitals" on an unscoped privilege and a code twice with field errors', async () => {
      const cases: { list: unknown[]; field: string }[] = [
        { list: [g('noSuchPrivilege')], field: 'listPrivilege.0.strCode' },
        // The grouping node of the tree cannot be granted.
        { list: [g('statistics'), g('menuPermission')], field: 'listPrivilege.1.strCode' },
        {
          list: [{ strCode: 'statistics', iPrivilegeType: 3 }],
          field: 'listPrivilege.0.iPrivilegeType',
        },
        { list: [g('permissionManage', 2)], field: 'listPrivilege' },
        { list: [g('statistics'), g('statistics', 2)], field: 'listPrivilege' },
      ];
      for (const { list, field } of cases) {
        const name = unique('坏角色');
        const a = await api.post(
          'adminRole/add',
          { strRoleName: name, ddRoleType: { iNumber: 2 }, listPrivilege: list },
          { token: admin, lang: 'en' },
        );
        expect(a.status, JSON.stringify(list)).toBe(400);
        expect(a.body.strErrorCode).toBe('VALIDATION_FAILED');
        expect(a.body.objData).toEqual([{ strField: field, strMessage: 'Invalid format' }]);
        expect((await selectRoles(name)).body.objData.iTotalCount).toBe(0);
      }
      // The same rules on update and on userprivilege/update.
      const role = await newRole(2, [g('statistics')]);
      const u = await updateRole(role.iRoleId, role.strRoleName, 2, [g('hospitalGroup', 2)]);
      expect(u.status).toBe(400);
      expect(await readRole(role.iRoleId, role.strRoleName)).toEqual(role);
      const target = await hospitalAdmin(hospitalA);
      for (const list of [
        [g('nope')],
        [g('permissionManage', 2)],
        [g('statistics'), g('statistics')],
      ]) {
        expect((await setPrivileges(target.id, list)).status).toBe(400);
      }
      expect(await grantRows(target.id)).toEqual(sorted(DEFAULTS));
      // A role type other than 1 or 2, and an empty name.
      expect((await addRole(unique('x'), 3, [])).status).toBe(400);
      const empty = await addRole('   ', 2, [], admin, 'en');
      expect(empty.status).toBe(400);
      expect(empty.body.objData).toEqual([
        { strField: 'strRoleName', strMessage: 'This field cannot be empty' },
      ]);
    });

    it('counts holders, refuses to delete a role in use or change its type, and lets it go once free', async () => {
      const role = await newRole(2, [g('clearSlide')]);
      const first = await hospitalAdmin(hospitalA);
      const second = await hospitalAdmin(hospitalB);
      expect((await setPrivileges(first.id, DEFAULTS, role.iRoleId)).body.iCode).toBe(0);
      expect((await readRole(role.iRoleId, role.strRoleName))?.iUserCount).toBe(1);
      expect((await setPrivileges(second.id, DEFAULTS, role.iRoleId)).body.iCode).toBe(0);
      expect((await readRole(role.iRoleId, role.strRoleName))?.iUserCount).toBe(2);

      expectRefused(await deleteRole(role.iRoleId), 'ADMIN_ROLE_IN_USE');
      expectRefused(
        await updateRole(role.iRoleId, role.strRoleName, 1, [g('clearSlide')]),
        'ADMIN_ROLE_IN_USE',
      );
      const still = await readRole(role.iRoleId, role.strRoleName);
      expect(still).toMatchObject({ ddRoleType: { iNumber: 2 }, iUserCount: 2 });

      // Same type: renamed and its privileges changed; holders get them on their next call.
      const renamed = unique('改名角色');
      const u = await updateRole(role.iRoleId, renamed, 2, [
        g('hospitalGroup'),
        g('clearSlide', 2),
      ]);
      expect(u.body.iCode).toBe(0);
      expect(u.body.objData).toMatchObject({ strRoleName: renamed, iUserCount: 2 });
      expect(await effectiveOf(first.id)).toEqual(
        sorted(defaultsWith(g('hospitalGroup'), g('clearSlide', 2))),
      );

      expect((await setPrivileges(first.id, DEFAULTS, null)).body.iCode).toBe(0);
      expect((await setPrivileges(second.id, DEFAULTS, null)).body.iCode).toBe(0);
      expect((await readRole(role.iRoleId, renamed))?.iUserCount).toBe(0);
      expect(await effectiveOf(first.id)).toEqual(sorted(DEFAULTS));

      // Free: its type may change, and it may be deleted.
      expect((await updateRole(role.iRoleId, renamed, 1, [g('clearSlide')])).body.iCode).toBe(0);
      const d = await deleteRole(role.iRoleId);
      expect(d.status).toBe(200);
      expect(d.body.iCode).toBe(0);
      expect(await readRole(role.iRoleId, renamed)).toBeUndefined();
      expectNotFound(await deleteRole(role.iRoleId));
    });

    it('answers 404 for a role id that does not exist', async () => {
      expectNotFound(await updateRole(MISSING_ID, unique('无'), 2, []));
      expectNotFound(await deleteRole(MISSING_ID));
      const target = await hospitalAdmin(hospitalA);
      expectNotFound(await setPrivileges(target.id, DEFAULTS, MISSING_ID));
      expect((await userRow(target.id))?.adminRoleId).toBeNull();
    });
  });

  describe('reading privileges (userprivilege/getUserPrivilegeList)', () => {
    /** A hospital administrator of hospital A created through userManage/addUser by `token`. */
    const addHospitalAdmin = (strUserName: string, strRealName: string, token: string) =>
      api.post<UserDto>(
        'userManage/addUser',
        {
          strUserName,
          strUserPassword: 'Good#Pass1',
          strRealName,
          strMobile: mobile(),
          ddRoleType: { iNumber: 2 },
          hospital: { iHospitalId: hospitalA },
        },
        { token },
      );

    it('gives platform administrators every privilege', async () => {
      for (const [token, id] of [
        [admin, superadminId],
        [platform.token, platform.id],
      ] as const) {
        const a = await privilegesOf(undefined, token);
        expect(a.status).toBe(200);
        expect(a.body.objData).toMatchObject({
          iUserId: id,
          ddRoleType: { iNumber: 1 },
          bAllPrivileges: true,
          role: null,
        });
      }
    });

    it('gives a hospital administrator made through userManage/addUser the default privileges', async () => {
      const userName = unique('new_hadmin');
      const added = await addHospitalAdmin(userName, '新管理员', admin);
      expect(added.body.iCode).toBe(0);
      const token = await api.login(userName, 'Good#Pass1');
      const a = await privilegesOf(undefined, token);
      expect(a.status).toBe(200);
      expect(a.body.objData).toMatchObject({
        iUserId: added.body.objData.iUserId,
        ddRoleType: { iNumber: 2 },
        bAllPrivileges: false,
        role: null,
      });
      expect(sorted(a.body.objData.listEffective)).toEqual(sorted(DEFAULTS));
      expect(sorted(a.body.objData.listPrivilege)).toEqual(sorted(DEFAULTS));
      // Its own id named explicitly is its own list too.
      expect((await privilegesOf(added.body.objData.iUserId, token)).body.objData).toEqual(
        a.body.objData,
      );
    });

    it('gives an administrator made by a hospital administrator only the defaults its creator holds', async () => {
      const creator = await hospitalAdmin(hospitalA, defaultsWithout('statistics', 'reportView'));
      const added = await addHospitalAdmin(unique('sub_hadmin'), '下级管理员', creator.token);
      expect(added.body.iCode).toBe(0);
      expect(await grantRows(added.body.objData.iUserId)).toEqual(
        sorted(defaultsWithout('statistics', 'reportView')),
      );
    });

    it('refuses doctors and experts', async () => {
      for (const token of [doctor, expert]) {
        expectForbidden(await privilegesOf(undefined, token));
        expectForbidden(await privilegesOf(superadminId, token));
      }
    });

    it("shows another administrator's list only with permission manage, inside the caller's scope", async () => {
      const colleague = await hospitalAdmin(hospitalA);
      const plain = await hospitalAdmin(hospitalA);
      expectForbidden(await privilegesOf(colleague.id, plain.token));

      const manager = await hospitalAdmin(hospitalA, defaultsWith(g('permissionManage')));
      const own = await privilegesOf(colleague.id, manager.token);
      expect(own.status).toBe(200);
      expect(sorted(own.body.objData.listEffective)).toEqual(sorted(DEFAULTS));

      // Another hospital's administrator answers exactly like a missing id.
      const elsewhere = await hospitalAdmin(hospitalB);
      const foreign = await privilegesOf(elsewhere.id, manager.token);
      const missing = await privilegesOf(MISSING_ID, manager.token);
      expectNotFound(foreign);
      expect(foreign.body).toEqual(missing.body);
      // The superadmin belongs to no hospital: outside a hospital administrator's scope.
      expectNotFound(await privilegesOf(superadminId, manager.token));
      // Platform administrators see every hospital's administrators.
      expect((await privilegesOf(elsewhere.id, platform.token)).status).toBe(200);
    });

    it('refuses a target who is no administrator', async () => {
      const doc = await account(3, hospitalA);
      const manager = await hospitalAdmin(hospitalA, defaultsWith(g('permissionManage')));
      expectRefused(await privilegesOf(doc.id), 'NOT_AN_ADMINISTRATOR');
      expectRefused(await privilegesOf(doc.id, manager.token), 'NOT_AN_ADMINISTRATOR');
    });
  });

  describe('changing privileges (userprivilege/update)', () => {
    it('sets the role and direct grants; the effective list is their union, the wider scope winning', async () => {
      const role = await newRole(2, [g('statistics', 2), g('clearSlide'), g('userManage')]);
      const target = await hospitalAdmin(hospitalA);
      const direct = [g('userManage', 2), g('statistics'), g('assignCases')];
      const a = await setPrivileges(target.id, direct, role.iRoleId);
      expect(a.status).toBe(200);
      expect(a.body.iCode).toBe(0);
      const expected = {
        iUserId: target.id,
        ddRoleType: { iNumber: 2 },
        bAllPrivileges: false,
        role: { iRoleId: role.iRoleId, strRoleName: role.strRoleName },
      };
      expect(a.body.objData).toMatchObject(expected);
      expect(sorted(a.body.objData.listPrivilege)).toEqual(sorted(direct));
      const effective = sorted([
        g('userManage', 2),
        g('statistics', 2),
        g('clearSlide'),
        g('assignCases'),
      ]);
      expect(sorted(a.body.objData.listEffective)).toEqual(effective);
      // The target reads the same about itself, and the rows hold the direct grants only.
      const own = await privilegesOf(undefined, target.token);
      expect(own.body.objData).toMatchObject(expected);
      expect(sorted(own.body.objData.listEffective)).toEqual(effective);
      expect(await grantRows(target.id)).toEqual(sorted(direct));
      expect((await userRow(target.id))?.adminRoleId).toBe(role.iRoleId);
    });

    it("takes effect on the target's very next request, with the token it already has", async () => {
      const target = await hospitalAdmin(hospitalA);
      const list = () => api.get('userManage/selectUser', {}, { token: target.token });
      expect((await list()).status).toBe(200);
      expectForbidden(await selectRoles('x', target.token));

      expect((await setPrivileges(target.id, defaultsWithout('userManage'))).body.iCode).toBe(0);
      expectForbidden(await list());
      expect((await api.get('log/GetAuditLogs', {}, { token: target.token })).status).toBe(200);

      expect((await setPrivileges(target.id, defaultsWith(g('permissionManage')))).body.iCode).toBe(
        0,
      );
      expect((await list()).status).toBe(200);
      expect((await selectRoles('x', target.token)).status).toBe(200);

      // Through a role as well: a privilege added to the role reaches its holder at once.
      const role = await newRole(2, [g('statistics')]);
      expect(
        (await setPrivileges(target.id, defaultsWithout('hospitalGroup'), role.iRoleId)).body.iCode,
      ).toBe(0);
      const groups = () => api.get('hospitalGroup/getHospitalGroup', {}, { token: target.token });
      expectForbidden(await groups());
      expect(
        (await updateRole(role.iRoleId, role.strRoleName, 2, [g('hospitalGroup')])).body.iCode,
      ).toBe(0);
      expect((await groups()).status).toBe(200);
    });

    it('lets concurrent changes of one administrator wait for each other: each answers, one wins whole', async () => {
      const target = await hospitalAdmin(hospitalA);
      const lists = [
        defaultsWith(g('statistics', 2)),
        defaultsWith(g('assignCases')),
        defaultsWithout('statistics'),
        [g('userManage', 2), g('clearSlide')],
        [g('statistics')],
        defaultsWith(g('permissionManage'), g('reportView', 2)),
      ];
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(lists.map((list) => setPrivileges(target.id, list)));
        expect(answers.map((a) => `${a.status}:${a.body.iCode}`)).toEqual(lists.map(() => '200:0'));
        const rows = await grantRows(target.id);
        expect(lists.map(sorted)).toContainEqual(rows);
      }
    });

    it('refuses the caller itself, the superadmin, platform administrators and non-administrators', async () => {
      const manager = await hospitalAdmin(hospitalA, defaultsWith(g('permissionManage')));
      expectRefused(
        await setPrivileges(manager.id, DEFAULTS, null, manager.token),
        'CANNOT_OPERATE_SELF',
      );
      expectRefused(await setPrivileges(superadminId, DEFAULTS), 'CANNOT_OPERATE_SELF');
      expectRefused(
        await setPrivileges(superadminId, DEFAULTS, null, platform.token),
        'SUPERADMIN_PROTECTED',
      );
      expectRefused(await setPrivileges(platform.id, DEFAULTS), 'NOT_AN_ADMINISTRATOR');
      const doc = await account(3, hospitalA);
      expectRefused(await setPrivileges(doc.id, DEFAULTS), 'NOT_AN_ADMINISTRATOR');
      expect(await grantRows(doc.id)).toEqual([]);
      expect(await grantRows(platform.id)).toEqual([]);
      expectNotFound(await setPrivileges(MISSING_ID, DEFAULTS));
      // Without permission manage the call itself is refused.
      const target = await hospitalAdmin(hospitalA);
      expectForbidden(await setPrivileges(target.id, [], null, hadmin));
      expect(await grantRows(target.id)).toEqual(sorted(DEFAULTS));
    });

    it("refuses a platform administrators' role for a hospital administrator", async () => {
      const role = await newRole(1, [g('statistics')]);
      const target = await hospitalAdmin(hospitalA);
      expectRefused(
        await setPrivileges(target.id, [g('assignCases')], role.iRoleId),
        'ROLE_NOT_ALLOWED',
      );
      expect((await userRow(target.id))?.adminRoleId).toBeNull();
      expect(await grantRows(target.id)).toEqual(sorted(DEFAULTS));
      expect((await readRole(role.iRoleId, role.strRoleName))?.iUserCount).toBe(0);
    });

    describe('by a hospital administrator holding permission manage', () => {
      let granter: { id: number; token: string };
      beforeAll(async () => {
        // Own-hospital user management and statistics, no assignCases / clearSlide.
        granter = await hospitalAdmin(hospitalA, defaultsWith(g('permissionManage')));
      });
      const give = (userId: number, list: readonly Grant[], roleId: number | null = null) =>
        setPrivileges(userId, list, roleId, granter.token);
      /** The refusal leaves the target's list exactly as it was. */
      async function expectNotHeld(
        userId: number,
        list: readonly Grant[],
        roleId: number | null = null,
      ) {
        const before = (await privilegesOf(userId)).body.objData;
        expectRefused(await give(userId, list, roleId), 'PRIVILEGE_NOT_HELD');
        expect((await privilegesOf(userId)).body.objData).toEqual(before);
      }

      it('gives and takes what it holds, within its scope', async () => {
        const target = await hospitalAdmin(hospitalA);
        const list = [...defaultsWithout('statistics'), g('permissionManage')];
        const a = await give(target.id, list);
        expect(a.body.iCode).toBe(0);
        expect(await directOf(target.id)).toEqual(sorted(list));
      });

      it('cannot give a privilege it does not hold, nor a wider scope than its own', async () => {
        const target = await hospitalAdmin(hospitalA);
        await expectNotHeld(target.id, defaultsWith(g('assignCases')));
        await expectNotHeld(target.id, defaultsWith(g('statistics', 2)));
        await expectNotHeld(target.id, defaultsWith(g('userManage', 2)));
        expect(await grantRows(target.id)).toEqual(sorted(DEFAULTS));
      });

      it('cannot take away what it does not hold, nor narrow a scope wider than its own', async () => {
        const target = await hospitalAdmin(
          hospitalA,
          defaultsWith(g('clearSlide', 2), g('userManage', 2)),
        );
        // Dropping clearSlide, which the granter lacks.
        await expectNotHeld(target.id, defaultsWith(g('userManage', 2)));
        // Narrowing userManage from all hospitals to the own one.
        await expectNotHeld(target.id, defaultsWith(g('clearSlide', 2)));
        // Keeping what it cannot touch, it may change the rest.
        const keep = [
          ...defaultsWithout('statistics', 'userManage'),
          g('userManage', 2),
          g('clearSlide', 2),
        ];
        expect((await give(target.id, keep)).body.iCode).toBe(0);
        expect(await directOf(target.id)).toEqual(sorted(keep));
      });

      it("gives or removes a role only when it holds all the role's privileges", async () => {
        const target = await hospitalAdmin(hospitalA);
        const wide = await newRole(2, [g('statistics'), g('assignCases')]);
        await expectNotHeld(target.id, DEFAULTS, wide.iRoleId);
        const scoped = await newRole(2, [g('reportView', 2)]);
        await expectNotHeld(target.id, DEFAULTS, scoped.iRoleId);
        const fits = await newRole(2, [g('statistics'), g('hospitalGroup')]);
        const a = await give(target.id, DEFAULTS, fits.iRoleId);
        expect(a.body.iCode).toBe(0);
        expect(a.body.objData.role?.iRoleId).toBe(fits.iRoleId);

        // A role set by the platform administrator with privileges the granter lacks stays.
        expect((await setPrivileges(target.id, DEFAULTS, wide.iRoleId)).body.iCode).toBe(0);
        await expectNotHeld(target.id, DEFAULTS, null);
        await expectNotHeld(target.id, DEFAULTS, fits.iRoleId);
        expect((await userRow(target.id))?.adminRoleId).toBe(wide.iRoleId);
      });

      it("answers another hospital's administrator exactly like a missing one, and refuses non-administrators", async () => {
        const elsewhere = await hospitalAdmin(hospitalB);
        const foreign = await give(elsewhere.id, DEFAULTS);
        expectNotFound(foreign);
        expect(foreign.body).toEqual((await give(MISSING_ID, DEFAULTS)).body);
        expect(await grantRows(elsewhere.id)).toEqual(sorted(DEFAULTS));
        const doc = await account(3, hospitalA);
        expectRefused(await give(doc.id, DEFAULTS), 'NOT_AN_ADMINISTRATOR');
      });

      it('reaches administrators of other hospitals once it manages users of all hospitals', async () => {
        const wide = await hospitalAdmin(
          hospitalA,
          defaultsWith(g('permissionManage'), g('userManage', 2)),
        );
        const elsewhere = await hospitalAdmin(hospitalB);
        expect((await privilegesOf(elsewhere.id, wide.token)).status).toBe(200);
        const list = defaultsWithout('statistics');
        const a = await setPrivileges(elsewhere.id, list, null, wide.token);
        expect(a.body.iCode).toBe(0);
        expect(await grantRows(elsewhere.id)).toEqual(sorted(list));
      });
    });
  });

  describe("'all hospitals' widens the scope of its domain", () => {
    const findUsers = (token: string, strUserName: string) =>
      api.get<Page<UserDto>>('userManage/selectUser', { strUserName }, { token });
    const freeze = (token: string, iUserId: number, state: 1 | 2 = 2) =>
      api.post<UserDto>(
        'userManage/updateUserState',
        { iUserId, ddUserState: { iNumber: state } },
        { token },
      );
    const hospitalOptions = async (token: string) =>
      (await api.get<HospitalOption[]>('hospitalManage/selectAllHospital', {}, { token })).body
        .objData;
    const hospitalNamed = async (id: number) =>
      (
        await api.post<HospitalDto>(
          'hospitalManage/getHospitalInfo',
          { iHospitalId: id },
          { token: admin },
        )
      ).body.objData.strHospitalName;

    it('user management: own hospital only with scope 1, every hospital with scope 2', async () => {
      const manager = await hospitalAdmin(hospitalA);
      const near = await account(3, hospitalA);
      const far = await account(3, hospitalB);

      expect((await findUsers(manager.token, near.userName)).body.objData.iTotalCount).toBe(1);
      expect((await findUsers(manager.token, far.userName)).body.objData.iTotalCount).toBe(0);
      const page = await api.get<Page<UserDto>>(
        'userManage/selectUser',
        { iPageSize: 100 },
        { token: manager.token },
      );
      expect(page.body.objData.listPage.length).toBeGreaterThan(0);
      expect(page.body.objData.listPage.every((u) => u.hospital?.iHospitalId === hospitalA)).toBe(
        true,
      );
      const info = await api.get(
        'userManage/getUserInfo',
        { iUserId: far.id },
        { token: manager.token },
      );
      expectNotFound(info);
      expectNotFound(await freeze(manager.token, far.id));
      expect((await userRow(far.id))?.state).toBe(1);
      // The user form lists only the own hospital (spec §6).
      expect((await hospitalOptions(manager.token)).map((h) => h.iHospitalId)).toEqual([hospitalA]);

      expect((await setPrivileges(manager.id, defaultsWith(g('userManage', 2)))).body.iCode).toBe(
        0,
      );
      expect((await findUsers(manager.token, far.userName)).body.objData.listPage).toMatchObject([
        { iUserId: far.id, hospital: { iHospitalId: hospitalB } },
      ]);
      const frozen = await freeze(manager.token, far.id);
      expect(frozen.status).toBe(200);
      expect(frozen.body.objData.ddUserState.iNumber).toBe(2);
      expect((await userRow(far.id))?.state).toBe(2);
      expect((await freeze(manager.token, far.id, 1)).body.iCode).toBe(0);
      const options = (await hospitalOptions(manager.token)).map((h) => h.iHospitalId);
      expect(options).toEqual(expect.arrayContaining([hospitalA, hospitalB]));

      // The wider scope of user management does not widen the hospitals' own domain.
      expectNotFound(
        await api.post(
          'hospitalManage/getHospitalInfo',
          { iHospitalId: hospitalB },
          { token: manager.token },
        ),
      );
    });

    // The user list offers such users, so their edit form (getUserInfo) must open them too.
    it('user management scope 2 also opens the details of a user of another hospital', async () => {
      const manager = await hospitalAdmin(hospitalA, defaultsWith(g('userManage', 2)));
      const far = await account(3, hospitalB);
      const info = await api.get<UserDto>(
        'userManage/getUserInfo',
        { iUserId: far.id },
        { token: manager.token },
      );
      expect(info.status).toBe(200);
      expect(info.body.objData.iUserId).toBe(far.id);
    });

    it('scope 2 held through a role widens the scope as well', async () => {
      const manager = await hospitalAdmin(hospitalA);
      const far = await account(4, hospitalB);
      const role = await newRole(2, [g('userManage', 2)]);
      expect((await findUsers(manager.token, far.userName)).body.objData.iTotalCount).toBe(0);
      expect((await setPrivileges(manager.id, DEFAULTS, role.iRoleId)).body.iCode).toBe(0);
      expect((await findUsers(manager.token, far.userName)).body.objData.iTotalCount).toBe(1);
      // The other way round: a narrower role does not narrow a wider direct grant.
      const narrow = await newRole(2, [g('userManage')]);
      expect(
        (await setPrivileges(manager.id, defaultsWith(g('userManage', 2)), narrow.iRoleId)).body
          .iCode,
      ).toBe(0);
      expect((await findUsers(manager.token, far.userName)).body.objData.iTotalCount).toBe(1);
    });

    it('medical consortia: own hospital only with scope 1, every hospital with scope 2', async () => {
      const manager = await hospitalAdmin(hospitalA);
      const nameB = await hospitalNamed(hospitalB);
      const nameA = await hospitalNamed(hospitalA);
      const search = (strHospitalName: string) =>
        api.get<Page<HospitalDto>>(
          'hospitalManage/selectHospital',
          { strHospitalName },
          { token: manager.token },
        );
      const info = (iHospitalId: number) =>
        api.post<HospitalDto>(
          'hospitalManage/getHospitalInfo',
          { iHospitalId },
          { token: manager.token },
        );
      expect((await search(nameA)).body.objData.iTotalCount).toBe(1);
      expect((await search(nameB)).body.objData.iTotalCount).toBe(0);
      expect((await info(hospitalA)).status).toBe(200);
      const foreign = await info(hospitalB);
      expectNotFound(foreign);
      expect(foreign.body).toEqual((await info(MISSING_ID)).body);
      expectNotFound(
        await api.post(
          'hospitalManage/calibrateMemory',
          { iHospitalId: hospitalB },
          { token: manager.token },
        ),
      );

      expect(
        (await setPrivileges(manager.id, defaultsWith(g('medicalConsortia', 2)))).body.iCode,
      ).toBe(0);
      expect((await search(nameB)).body.objData.listPage).toMatchObject([
        { iHospitalId: hospitalB },
      ]);
      const b = await info(hospitalB);
      expect(b.status).toBe(200);
      expect(b.body.objData.iHospitalId).toBe(hospitalB);
      expect(
        (
          await api.post(
            'hospitalManage/calibrateMemory',
            { iHospitalId: hospitalB },
            { token: manager.token },
          )
        ).status,
      ).toBe(200);
      // ... which does not widen user management.
      expect((await hospitalOptions(manager.token)).map((h) => h.iHospitalId)).toEqual([hospitalA]);
    });
  });

  describe('menu privileges refuse the calls behind the menu', () => {
    const calls: { privilege: string; call: (token: string) => Promise<Answer> }[] = [
      { privilege: 'menu.auditLogs', call: (token) => api.get('log/GetAuditLogs', {}, { token }) },
      {
        privilege: 'hospitalGroup',
        call: (token) => api.get('hospitalGroup/getHospitalGroup', {}, { token }),
      },
      {
        privilege: 'medicalConsortia',
        call: (token) => api.get('hospitalManage/selectHospital', {}, { token }),
      },
      {
        privilege: 'medicalConsortia',
        call: (token) =>
          api.post('hospitalManage/getHospitalInfo', { iHospitalId: hospitalA }, { token }),
      },
      { privilege: 'userManage', call: (token) => api.get('userManage/selectUser', {}, { token }) },
      {
        privilege: 'permissionManage',
        call: (token) => api.get('adminRole/select', {}, { token }),
      },
    ];

    it('refuses a hospital administrator without the privilege, allows one with it and platform administrators always', async () => {
      for (const { privilege, call } of calls) {
        const without = await hospitalAdmin(
          hospitalA,
          defaultsWithout(privilege).filter((x) => x.strCode !== 'permissionManage'),
        );
        expectForbidden(await call(without.token));
        const holder = await hospitalAdmin(hospitalA, defaultsWith(g(privilege)));
        expect((await call(holder.token)).status, privilege).toBe(200);
        for (const token of [admin, platform.token]) {
          expect((await call(token)).status, privilege).toBe(200);
        }
        for (const token of [doctor, expert]) {
          expectForbidden(await call(token));
        }
      }
    });

    it('counts a privilege held only through a role', async () => {
      const role = await newRole(2, [g('menu.auditLogs')]);
      const a = await hospitalAdmin(hospitalA, []);
      expectForbidden(await api.get('log/GetAuditLogs', {}, { token: a.token }));
      expect((await setPrivileges(a.id, [], role.iRoleId)).body.iCode).toBe(0);
      expect((await api.get('log/GetAuditLogs', {}, { token: a.token })).status).toBe(200);
    });

    it('refuses user management calls without userManage, and leaves the accounts alone', async () => {
      const a = await hospitalAdmin(hospitalA, defaultsWithout('userManage'));
      const doc = await account(3, hospitalA);
      expectForbidden(
        await api.post(
          'userManage/updateUserState',
          { iUserId: doc.id, ddUserState: { iNumber: 2 } },
          { token: a.token },
        ),
      );
      expectForbidden(
        await api.post('userManage/deleteUser', { iUserId: doc.id }, { token: a.token }),
      );
      expectForbidden(
        await api.post(
          'userManage/updateUser',
          { iUserId: doc.id, strRealName: '改名', strMobile: mobile(), ddRoleType: { iNumber: 3 } },
          { token: a.token },
        ),
      );
      expectForbidden(
        await api.post(
          'userManage/addUser',
          {
            strUserName: unique('nope'),
            strUserPassword: 'Good#Pass1',
            strRealName: '不该有',
            strMobile: mobile(),
            ddRoleType: { iNumber: 3 },
            hospital: { iHospitalId: hospitalA },
          },
          { token: a.token },
        ),
      );
      const row = await userRow(doc.id);
      expect(row).toMatchObject({ state: 1 });
      expect(row?.realName).not.toBe('改名');
    });
  });

  describe('role changes through userManage/updateUser', () => {
    const changeRole = (iUserId: number, role: number, token = admin) =>
      api.post<UserDto>(
        'userManage/updateUser',
        { iUserId, strRealName: '换角色', strMobile: mobile(), ddRoleType: { iNumber: role } },
        { token },
      );

    it('a doctor made hospital administrator gets the default privileges', async () => {
      const doc = await account(3, hospitalA);
      expect(await grantRows(doc.id)).toEqual([]);
      const a = await changeRole(doc.id, 2);
      expect(a.body.iCode).toBe(0);
      expect(await grantRows(doc.id)).toEqual(sorted(DEFAULTS));
      const token = await api.login(doc.userName, TEST_PASSWORD);
      expect(sorted((await privilegesOf(undefined, token)).body.objData.listEffective)).toEqual(
        sorted(DEFAULTS),
      );
    });

    it('a hospital administrator made doctor loses its grants and its role', async () => {
      const role = await newRole(2, [g('statistics')]);
      const target = await hospitalAdmin(hospitalA);
      expect(
        (await setPrivileges(target.id, defaultsWith(g('assignCases')), role.iRoleId)).body.iCode,
      ).toBe(0);
      expect((await readRole(role.iRoleId, role.strRoleName))?.iUserCount).toBe(1);

      const a = await changeRole(target.id, 3);
      expect(a.body.iCode).toBe(0);
      expect(await grantRows(target.id)).toEqual([]);
      expect((await userRow(target.id))?.adminRoleId).toBeNull();
      expect((await readRole(role.iRoleId, role.strRoleName))?.iUserCount).toBe(0);
      // The role is free again.
      expect((await deleteRole(role.iRoleId)).body.iCode).toBe(0);
      // Back to administrator: it starts over from the defaults, not from the old grants.
      expect((await changeRole(target.id, 2)).body.iCode).toBe(0);
      expect(await grantRows(target.id)).toEqual(sorted(DEFAULTS));
    });
  });

  describe('audit trail', () => {
    it('records userprivilege/update with the target user, success or refusal', async () => {
      const target = await hospitalAdmin(hospitalA);
      const list = defaultsWith(g('reportView', 2));
      expect((await setPrivileges(target.id, list)).body.iCode).toBe(0);
      const logs = await api.get<AuditLogPage>(
        'log/GetAuditLogs',
        { strAction: 'userprivilege/update', strUserName: 'admin', iPageSize: 5 },
        { token: admin },
      );
      expect(logs.status).toBe(200);
      const [last] = logs.body.objData.listPage;
      expect(last).toMatchObject({
        strAction: 'userprivilege/update',
        strTargetType: 'user',
        strTargetId: String(target.id),
        strOutcome: 'success',
        iUserId: superadminId,
      });
      expect(sorted((last?.objDetail?.listPrivilege ?? []) as Grant[])).toEqual(sorted(list));

      // A refused change is on the trail too, as a failure.
      const granter = await hospitalAdmin(hospitalA, defaultsWith(g('permissionManage')));
      expectRefused(
        await setPrivileges(target.id, defaultsWith(g('assignCases')), null, granter.token),
        'PRIVILEGE_NOT_HELD',
      );
      const refused = await api.get<AuditLogPage>(
        'log/GetAuditLogs',
        { strAction: 'userprivilege/update', strUserName: granter.userName },
        { token: admin },
      );
      expect(refused.body.objData.listPage).toMatchObject([
        { strTargetType: 'user', strTargetId: String(target.id), strOutcome: 'failure' },
      ]);
    });
  });
});
