import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HospitalDto, HospitalGroupDto, HospitalOption } from '@pathconsult/shared';
import { hospitals } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { withGroupCap } from './helpers/group-cap';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type Answer, type ApiClient } from './helpers/http';
import { demoCallers, logInDemoAccounts, NOT_LOGGED_IN } from './helpers/demo-accounts';
import {
  tenancyMatrixFailures,
  type HospitalKind,
  type MatrixRoute,
} from './helpers/tenancy-matrix';
import { MISSING_ID, unique, type Page } from './helpers/test-values';

describe.each(await testDatabases())('hospital groups on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let { admin, hadmin, doctor, expert } = NOT_LOGGED_IN;
  let demoGroupId: number;

  /** A new ungrouped institution: a diagnosis center (2) or an ordinary hospital (0). */
  async function hospital(ddIsDiagnosis: 0 | 2 = 0, name = unique('机构')): Promise<HospitalDto> {
    const a = await api.post<HospitalDto>(
      'hospitalManage/addHospital',
      {
        strHospitalName: name,
        strContactName: '联系人',
        strContactMobile: '13800000009',
        ddIsDiagnosis: { iNumber: ddIsDiagnosis },
        dtValidUntil: '2030-12-31',
        dTotalMemory: 100,
      },
      { token: admin },
    );
    expect(a.body.iCode).toBe(0);
    return a.body.objData;
  }
  const addGroup = (listHospitalId: number[], strGroupName = unique('分组'), lang?: 'en') =>
    api.post<HospitalGroupDto>(
      'hospitalGroup/addHospitalGroup',
      { strGroupName, listHospitalId },
      { token: admin, lang },
    );
  const updateGroup = (
    iGroupId: number,
    strGroupName: string,
    listHospitalId: number[],
    lang?: 'en',
  ) =>
    api.post<HospitalGroupDto>(
      'hospitalGroup/updateHospitalGroup',
      { iGroupId, strGroupName, listHospitalId },
      { token: admin, lang },
    );
  const groupOf = async (id: number) =>
    (
      await api.post<HospitalDto>(
        'hospitalManage/getHospitalInfo',
        { iHospitalId: id },
        { token: admin },
      )
    ).body.objData.iGroupId;
  const findGroups = (strGroupName: string, token = admin) =>
    api.get<Page<HospitalGroupDto>>('hospitalGroup/getHospitalGroup', { strGroupName }, { token });
  /** The group as the list shows it (the one place that answers a group by id). */
  const readGroup = async (group: HospitalGroupDto) =>
    (await findGroups(group.strGroupName)).body.objData.listPage.find(
      (g) => g.iGroupId === group.iGroupId,
    );
  const withCap = <T>(cap: number, fn: () => Promise<T>) => withGroupCap(api, admin, cap, fn);

  /** A group of a new center and `others` new ordinary hospitals. */
  async function newGroup(others = 0) {
    const center = await hospital(2);
    const members = [];
    for (let i = 0; i < others; i++) {
      members.push(await hospital());
    }
    const a = await addGroup([center.iHospitalId, ...members.map((m) => m.iHospitalId)]);
    expect(a.body.iCode).toBe(0);
    return { group: a.body.objData, center, members };
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    const [demo] = await t.database.db.select().from(hospitals);
    if (demo?.groupId == null) {
      throw new Error('demo group missing');
    }
    demoGroupId = demo.groupId;
  });
  afterAll(() => t.close());

  describe('creating a group', () => {
    it('groups a diagnosis center and a hospital, listed by name', async () => {
      const center = await hospital(2, unique('B 诊断中心'));
      const member = await hospital(0, unique('A 申请医院'));
      const name = unique('华东医联体');
      const a = await addGroup([center.iHospitalId, member.iHospitalId], name);
      expect(a.status).toBe(200);
      expect(a.body.iCode).toBe(0);
      expect(a.body.objData).toMatchObject({
        strGroupName: name,
        listHospital: [
          {
            iHospitalId: member.iHospitalId,
            strHospitalName: member.strHospitalName,
            ddIsDiagnosis: { iNumber: 0 },
          },
          {
            iHospitalId: center.iHospitalId,
            strHospitalName: center.strHospitalName,
            ddIsDiagnosis: { iNumber: 2 },
          },
        ],
      });
      expect(new Date(a.body.objData.dtCreateTime).toISOString()).toBe(a.body.objData.dtCreateTime);
      expect(await groupOf(member.iHospitalId)).toBe(a.body.objData.iGroupId);
      expect(await readGroup(a.body.objData)).toEqual(a.body.objData);
    });

    it('refuses a group without a diagnosis center, and creates nothing', async () => {
      const member = await hospital();
      const name = unique('无中心');
      const a = await addGroup([member.iHospitalId], name, 'en');
      expect(a.body).toMatchObject({
        iCode: 1000,
        strErrorCode: 'GROUP_NEEDS_CENTER',
        strMessage: 'Each group needs at least one diagnostic center',
      });
      expect((await findGroups(name)).body.objData.iTotalCount).toBe(0);
      expect(await groupOf(member.iHospitalId)).toBeNull();
    });

    it('refuses a name taken by another group in another case, and changes nothing', async () => {
      const { group } = await newGroup();
      const center = await hospital(2);
      const a = await addGroup([center.iHospitalId], group.strGroupName.toUpperCase());
      expect(a.body).toMatchObject({ iCode: 1000, strErrorCode: 'GROUP_NAME_EXISTS' });
      expect(await groupOf(center.iHospitalId)).toBeNull();
    });

    it('refuses an institution of another group, naming it, and changes nothing', async () => {
      const taken = await newGroup();
      const center = await hospital(2);
      const name = unique('抢人');
      const a = await addGroup([center.iHospitalId, taken.center.iHospitalId], name, 'en');
      expect(a.body).toMatchObject({ iCode: 1000, strErrorCode: 'HOSPITAL_IN_OTHER_GROUP' });
      expect(a.body.strMessage).toBe(
        `Institution "${taken.center.strHospitalName}" already belongs to another group`,
      );
      expect(await groupOf(taken.center.iHospitalId)).toBe(taken.group.iGroupId);
      expect(await groupOf(center.iHospitalId)).toBeNull();
      expect((await findGroups(name)).body.objData.iTotalCount).toBe(0);
    });

    it('answers 404 for an institution that does not exist, and creates nothing', async () => {
      const center = await hospital(2);
      const name = unique('幽灵');
      const a = await addGroup([center.iHospitalId, MISSING_ID], name);
      expect(a.status).toBe(404);
      expect((await findGroups(name)).body.objData.iTotalCount).toBe(0);
      expect(await groupOf(center.iHospitalId)).toBeNull();
    });

    it('refuses more institutions than the configured cap', async () => {
      const center = await hospital(2);
      const others = [await hospital(), await hospital()];
      await withCap(2, async () => {
        const a = await addGroup(
          [center.iHospitalId, ...others.map((h) => h.iHospitalId)],
          unique('超员'),
          'en',
        );
        expect(a.body).toMatchObject({
          iCode: 1000,
          strErrorCode: 'GROUP_HOSPITAL_LIMIT',
          strMessage: 'Hospital limit reached (2 per group), contact administrator',
        });
        expect(await groupOf(center.iHospitalId)).toBeNull();
        const fits = await addGroup([center.iHospitalId, others[0]?.iHospitalId ?? 0]);
        expect(fits.body.iCode).toBe(0);
      });
    });

    it('refuses an empty or repeated list of institutions (400)', async () => {
      const center = await hospital(2);
      expect((await addGroup([])).status).toBe(400);
      expect((await addGroup([center.iHospitalId, center.iHospitalId])).status).toBe(400);
    });
  });

  describe('changing a group', () => {
    it('renames it and sets its members: institutions left out leave the group', async () => {
      const { group, center, members } = await newGroup(2);
      const [stays, leaves] = members as [HospitalDto, HospitalDto];
      const joins = await hospital();
      const name = unique('改名');
      const a = await updateGroup(group.iGroupId, name, [
        center.iHospitalId,
        stays.iHospitalId,
        joins.iHospitalId,
      ]);
      expect(a.body.iCode).toBe(0);
      expect(a.body.objData.strGroupName).toBe(name);
      expect(a.body.objData.listHospital.map((h) => h.iHospitalId).sort()).toEqual(
        [center.iHospitalId, stays.iHospitalId, joins.iHospitalId].sort(),
      );
      expect(await groupOf(leaves.iHospitalId)).toBeNull();
      expect(await groupOf(joins.iHospitalId)).toBe(group.iGroupId);
    });

    it('refuses each rule’s violation and leaves the group as it was', async () => {
      const { group, center, members } = await newGroup(1);
      const member = members[0] as HospitalDto;
      const before = await readGroup(group);
      const elsewhere = await newGroup();
      const ungrouped = await hospital();
      const keep = [center.iHospitalId, member.iHospitalId];
      const refusals: [string, () => Promise<Answer>][] = [
        [
          'GROUP_NEEDS_CENTER',
          () => updateGroup(group.iGroupId, unique('x'), [member.iHospitalId]),
        ],
        [
          'GROUP_NAME_EXISTS',
          () => updateGroup(group.iGroupId, elsewhere.group.strGroupName.toLowerCase(), keep),
        ],
        [
          'HOSPITAL_IN_OTHER_GROUP',
          () => updateGroup(group.iGroupId, unique('x'), [...keep, elsewhere.center.iHospitalId]),
        ],
      ];
      for (const [code, call] of refusals) {
        const a = await call();
        expect(a.body, code).toMatchObject({ iCode: 1000, strErrorCode: code });
      }
      await withCap(2, async () => {
        const full = await updateGroup(group.iGroupId, unique('x'), [
          ...keep,
          ungrouped.iHospitalId,
        ]);
        expect(full.body).toMatchObject({ iCode: 1000, strErrorCode: 'GROUP_HOSPITAL_LIMIT' });
      });
      const missing = await updateGroup(group.iGroupId, unique('x'), [...keep, MISSING_ID]);
      expect(missing.status).toBe(404);
      expect(await readGroup(group)).toEqual(before);
      expect(await groupOf(ungrouped.iHospitalId)).toBeNull();
      expect(await groupOf(elsewhere.center.iHospitalId)).toBe(elsewhere.group.iGroupId);
    });

    it('answers 404 for a group that does not exist', async () => {
      const center = await hospital(2);
      const a = await updateGroup(MISSING_ID, unique('x'), [center.iHospitalId]);
      expect(a.status).toBe(404);
      expect(await groupOf(center.iHospitalId)).toBeNull();
    });

    /** A group of a center and one member (its base), and two ungrouped hospitals to add to it. */
    async function twoNewcomers() {
      const { group, center, members } = await newGroup(1);
      const base = [center.iHospitalId, (members[0] as HospitalDto).iHospitalId];
      const [x, y] = [await hospital(), await hospital()];
      return { group, base, x, y };
    }
    /** The institutions of a group, as the platform administrator reads them. */
    const membersOf = async (iGroupId: number) =>
      (
        await api.get<HospitalOption[]>(
          'hospitalGroup/getHospitalByGroup',
          { iGroupId },
          { token: admin },
        )
      ).body.objData;

    it('keeps the cap when two changes add institutions to the same group at once', async () => {
      await withCap(3, async () => {
        for (let round = 0; round < 3; round++) {
          const { group, base, x, y } = await twoNewcomers();
          const answers = await Promise.all([
            updateGroup(group.iGroupId, group.strGroupName, [...base, x.iHospitalId]),
            updateGroup(group.iGroupId, group.strGroupName, [...base, y.iHospitalId]),
          ]);
          expect(answers.map((a) => a.body.iCode)).toEqual([0, 0]);
          const ids = (await membersOf(group.iGroupId)).map((h) => h.iHospitalId).sort();
          // One change wins whole: never both newcomers (4 > cap).
          expect([
            [...base, x.iHospitalId].sort().join(),
            [...base, y.iHospitalId].sort().join(),
          ]).toContain(ids.join());
        }
      });
    });

    it('keeps the cap when a group change and a hospital move add to the same group at once', async () => {
      await withCap(3, async () => {
        for (let round = 0; round < 3; round++) {
          const { group, base, x, y } = await twoNewcomers();
          const answers = await Promise.all([
            updateGroup(group.iGroupId, group.strGroupName, [...base, x.iHospitalId]),
            api.post<HospitalDto>(
              'hospitalManage/updateHospital',
              { ...y, iGroupId: group.iGroupId },
              { token: admin },
            ),
          ]);
          expect(answers.map((a) => a.status)).toEqual([200, 200]);
          const [change, move] = answers;
          // The group form's list is the whole membership and always applies. The move either
          // came second and was refused (4 > cap), or came first and was then undone by the
          // form, which does not list y: either way the group ends as the form says.
          expect(change?.body.iCode).toBe(0);
          expect([0, 1000]).toContain(move?.body.iCode);
          if (move?.body.iCode !== 0) {
            expect(move?.body).toMatchObject({ strErrorCode: 'GROUP_HOSPITAL_LIMIT' });
          }
          const ids = (await membersOf(group.iGroupId)).map((h) => h.iHospitalId).sort();
          expect(ids).toEqual([...base, x.iHospitalId].sort());
        }
      });
    });

    it('runs two changes of one group that swap its members one after the other', async () => {
      for (let round = 0; round < 3; round++) {
        const { group, center } = await newGroup();
        const second = await hospital(2);
        const both = await updateGroup(group.iGroupId, group.strGroupName, [
          center.iHospitalId,
          second.iHospitalId,
        ]);
        expect(both.body.iCode).toBe(0);
        const [x, y] = [await hospital(), await hospital()];
        const answers = await Promise.all([
          updateGroup(group.iGroupId, group.strGroupName, [center.iHospitalId, x.iHospitalId]),
          updateGroup(group.iGroupId, group.strGroupName, [second.iHospitalId, y.iHospitalId]),
        ]);
        expect(answers.map((a) => [a.status, a.body.iCode])).toEqual([
          [200, 0],
          [200, 0],
        ]);
      }
    });

    it('lets only one of two new groups take the same institution', async () => {
      const contested = await hospital(2);
      const answers = await Promise.all([
        addGroup([contested.iHospitalId]),
        addGroup([contested.iHospitalId]),
      ]);
      expect(answers.map((a) => a.body.strErrorCode ?? 'OK').sort()).toEqual([
        'HOSPITAL_IN_OTHER_GROUP',
        'OK',
      ]);
      const winner = answers.find((a) => a.body.iCode === 0)?.body.objData;
      expect(await groupOf(contested.iHospitalId)).toBe(winner?.iGroupId);
    });
  });

  describe('deleting a group', () => {
    it('deletes it and releases its institutions', async () => {
      const { group, center, members } = await newGroup(1);
      const a = await api.post(
        'hospitalGroup/deleteHospitalGroup',
        { iGroupId: group.iGroupId },
        { token: admin },
      );
      expect(a.body).toMatchObject({ iCode: 0, objData: {} });
      expect(await groupOf(center.iHospitalId)).toBeNull();
      expect(await groupOf((members[0] as HospitalDto).iHospitalId)).toBeNull();
      expect((await findGroups(group.strGroupName)).body.objData.iTotalCount).toBe(0);
      const again = await api.post(
        'hospitalGroup/deleteHospitalGroup',
        { iGroupId: group.iGroupId },
        { token: admin },
      );
      expect(again.status).toBe(404);
    });
  });

  describe('reading groups', () => {
    it('finds groups by part of the name in any case, by name, a page at a time', async () => {
      const tag = `Gq${Date.now()}`;
      for (const suffix of ['beta', 'Alpha', 'Gamma']) {
        const center = await hospital(2);
        expect((await addGroup([center.iHospitalId], `${tag} ${suffix}`)).body.iCode).toBe(0);
      }
      const all = await findGroups(tag.toLowerCase());
      expect(all.body.objData.listPage.map((g) => g.strGroupName)).toEqual([
        `${tag} Alpha`,
        `${tag} beta`,
        `${tag} Gamma`,
      ]);
      const page = await api.get<Page<HospitalGroupDto>>(
        'hospitalGroup/getHospitalGroup',
        { strGroupName: tag, iPageSize: 2, iCurPage: 2 },
        { token: admin },
      );
      expect(page.body.objData).toMatchObject({ iTotalCount: 3 });
      expect(page.body.objData.listPage.map((g) => g.strGroupName)).toEqual([`${tag} Gamma`]);
    });

    it('shows a hospital administrator only the own hospital’s group, with all its members', async () => {
      await newGroup();
      const a = await api.get<Page<HospitalGroupDto>>(
        'hospitalGroup/getHospitalGroup',
        {},
        { token: hadmin },
      );
      expect(a.body.objData.iTotalCount).toBe(1);
      expect(a.body.objData.listPage[0]).toMatchObject({ iGroupId: demoGroupId });
      expect(a.body.objData.listPage[0]?.listHospital).toHaveLength(2);
    });

    it('lists the members of the own group to anyone in it, and answers another group like a missing one', async () => {
      const own = await api.get<HospitalOption[]>(
        'hospitalGroup/getHospitalByGroup',
        { iGroupId: demoGroupId },
        { token: doctor },
      );
      expect(own.body.objData.map((h) => h.ddIsDiagnosis.iNumber).sort()).toEqual([1, 2]);
      const { group } = await newGroup();
      const other = await api.get(
        'hospitalGroup/getHospitalByGroup',
        { iGroupId: group.iGroupId },
        { token: expert },
      );
      const missing = await api.get(
        'hospitalGroup/getHospitalByGroup',
        { iGroupId: MISSING_ID },
        { token: expert },
      );
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
    });
  });

  /*
   * Every hospitalGroup route, for each role, against the caller's own group (the superadmin has
   * none: the demo group stands in), another group, and a missing id.
   */
  describe('cross-tenant matrix', () => {
    const routes: MatrixRoute<HospitalGroupDto>[] = [
      {
        name: 'addHospitalGroup',
        roles: [1],
        // Lists the target group's center: refused as "in another group" when allowed.
        refusedWhenReached: true,
        call: (token, g) =>
          api.post(
            'hospitalGroup/addHospitalGroup',
            {
              strGroupName: unique('矩阵'),
              listHospitalId: [g.listHospital[0]?.iHospitalId ?? MISSING_ID],
            },
            { token },
          ),
      },
      {
        name: 'updateHospitalGroup',
        roles: [1],
        // The group unchanged: its name and members.
        call: (token, g) =>
          api.post(
            'hospitalGroup/updateHospitalGroup',
            {
              iGroupId: g.iGroupId,
              strGroupName: g.strGroupName,
              listHospitalId: g.listHospital.map((h) => h.iHospitalId),
            },
            { token },
          ),
      },
      {
        name: 'deleteHospitalGroup',
        roles: [1],
        // The platform administrator really deletes: a disposable group stands in for the target.
        call: async (token, g, { role }) => {
          const id =
            role === 1 && g.iGroupId !== MISSING_ID
              ? (await newGroup()).group.iGroupId
              : g.iGroupId;
          return api.post('hospitalGroup/deleteHospitalGroup', { iGroupId: id }, { token });
        },
      },
      {
        name: 'getHospitalGroup',
        roles: [1, 2],
        listed: (a, target) =>
          (a.body.objData as Page<HospitalGroupDto>).listPage.some(
            (g) => g.iGroupId === target.iGroupId,
          ),
        call: (token, g) =>
          api.get('hospitalGroup/getHospitalGroup', { strGroupName: g.strGroupName }, { token }),
      },
      {
        name: 'getHospitalByGroup',
        roles: [1, 2, 3, 4],
        call: (token, g) =>
          api.get('hospitalGroup/getHospitalByGroup', { iGroupId: g.iGroupId }, { token }),
      },
    ];

    it('answers 403 to a wrong role, 404 for another group or a missing id, else 200', async () => {
      const demoName = '演示医联体 (Demo group)';
      const demo = (await findGroups(demoName)).body.objData.listPage[0] as HospitalGroupDto;
      const other = (await newGroup(1)).group;
      const targets: Record<HospitalKind, HospitalGroupDto> = {
        own: demo,
        other,
        missing: {
          iGroupId: MISSING_ID,
          strGroupName: 'no such group',
          listHospital: [
            { iHospitalId: MISSING_ID, strHospitalName: '-', ddIsDiagnosis: { iNumber: 2 } },
          ],
          dtCreateTime: '',
        },
      };
      const failures = await tenancyMatrixFailures({
        routes,
        callers: demoCallers({ admin, hadmin, doctor, expert }),
        target: (kind) => targets[kind],
      });
      expect(failures).toEqual([]);
      // Nothing the matrix allowed changed the groups it was pointed at.
      expect(await readGroup(demo)).toEqual(demo);
      expect(await readGroup(other)).toEqual(other);
    });
  });
});
