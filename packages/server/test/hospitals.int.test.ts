import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RoleType,
  type HospitalDto,
  type HospitalGroupDto,
  type HospitalOption,
} from '@pathconsult/shared';
import { hospitals } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { withGroupCap } from './helpers/group-cap';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type Answer, type ApiClient } from './helpers/http';
import { createUser } from './helpers/factories';
import { demoCallers, logInDemoAccounts, NOT_LOGGED_IN } from './helpers/demo-accounts';
import {
  tenancyMatrixFailures,
  type HospitalKind,
  type MatrixRoute,
} from './helpers/tenancy-matrix';
import { MISSING_ID, unique, type Page } from './helpers/test-values';

/** A complete, valid hospital form with a unique name. */
function hospitalForm(over: Record<string, unknown> = {}) {
  return {
    strHospitalName: unique('测试机构'),
    strContactName: '陈主任',
    strContactMobile: '13800000009',
    ddIsDiagnosis: { iNumber: 0 },
    strProvince: '浙江省',
    strCity: '杭州市',
    strAddress: '文三路 1 号',
    strTypeLabel: '三甲医院',
    strInternalAddress: '10.0.0.5:8080',
    strExternalAddress: 'pacs.example.org:443',
    dtValidUntil: '2030-12-31',
    dTotalMemory: 100,
    strSmsSignature: '测试医院',
    bIsConsultation: true,
    iGroupId: null,
    strAllowedLoginIps: '',
    ...over,
  };
}

/** A file of `size` bytes that takes no disk space. */
function sparseFile(file: string, size: number) {
  fs.writeFileSync(file, '');
  fs.truncateSync(file, size);
}

/** The update form of a hospital as its screen would send it back unchanged. */
function formOf(h: HospitalDto) {
  return {
    iHospitalId: h.iHospitalId,
    strHospitalName: h.strHospitalName,
    strContactName: h.strContactName,
    strContactMobile: h.strContactMobile,
    ddIsDiagnosis: h.ddIsDiagnosis,
    strProvince: h.strProvince,
    strCity: h.strCity,
    strAddress: h.strAddress,
    strTypeLabel: h.strTypeLabel,
    strInternalAddress: h.strInternalAddress,
    strExternalAddress: h.strExternalAddress,
    dtValidUntil: h.dtValidUntil,
    dTotalMemory: h.dTotalMemory,
    strSmsSignature: h.strSmsSignature,
    bIsConsultation: h.bIsConsultation,
    iGroupId: h.iGroupId,
    strAllowedLoginIps: h.strAllowedLoginIps,
  };
}

describe.each(await testDatabases())('hospitals on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let { admin, hadmin, doctor, expert } = NOT_LOGGED_IN;
  let applicantId: number;
  let centerId: number;
  let demoGroupId: number;

  const add = (over: Record<string, unknown> = {}) =>
    api.post<HospitalDto>('hospitalManage/addHospital', hospitalForm(over), { token: admin });
  const info = (id: number, token = admin) =>
    api.post<HospitalDto>('hospitalManage/getHospitalInfo', { iHospitalId: id }, { token });
  const update = (h: HospitalDto, over: Record<string, unknown>, token = admin) =>
    api.post<HospitalDto>('hospitalManage/updateHospital', { ...formOf(h), ...over }, { token });
  const addGroup = (listHospitalId: number[]) =>
    api.post<HospitalGroupDto>(
      'hospitalGroup/addHospitalGroup',
      { strGroupName: unique('分组'), listHospitalId },
      { token: admin },
    );
  const withCap = <T>(cap: number, fn: () => Promise<T>) => withGroupCap(api, admin, cap, fn);
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(hospitals).where(eq(hospitals.id, id)))[0];

  /** A group of a new center (and `others` new ordinary hospitals), made through the API. */
  async function newGroup(others = 0) {
    const center = (await add({ ddIsDiagnosis: { iNumber: 2 } })).body.objData;
    const members: HospitalDto[] = [];
    for (let i = 0; i < others; i++) {
      members.push((await add()).body.objData);
    }
    const group = await addGroup([center.iHospitalId, ...members.map((m) => m.iHospitalId)]);
    expect(group.body.iCode).toBe(0);
    // As read after joining the group.
    return {
      groupId: group.body.objData.iGroupId,
      center: (await info(center.iHospitalId)).body.objData,
      members: await Promise.all(
        members.map(async (m) => (await info(m.iHospitalId)).body.objData),
      ),
    };
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    const rows = await t.database.db.select().from(hospitals);
    const applicant = rows.find((h) => h.name.includes('Applicant'));
    const center = rows.find((h) => h.name.includes('Center'));
    if (!applicant || !center || applicant.groupId == null) {
      throw new Error('demo hospitals missing');
    }
    [applicantId, centerId, demoGroupId] = [applicant.id, center.id, applicant.groupId];
    // The demonstration hospitals have no validity date; a complete form needs one.
    for (const id of [applicantId, centerId]) {
      const h = (await info(id)).body.objData;
      expect((await update(h, { dtValidUntil: '2099-12-31' })).body.iCode).toBe(0);
    }
  });
  afterAll(() => t.close());

  describe('creating and reading institutions', () => {
    it('creates an institution with every field of the form and reads it back the same', async () => {
      const form = hospitalForm({ dTotalMemory: 250.5, strAllowedLoginIps: '10.0.0.0/8' });
      const a = await api.post<HospitalDto>('hospitalManage/addHospital', form, { token: admin });
      expect(a.status).toBe(200);
      expect(a.body.iCode).toBe(0);
      const { iGroupId: _group, ...fields } = form;
      expect(a.body.objData).toMatchObject({
        ...fields,
        dTotalMemory: 250.5,
        dUsedMemory: 0,
        lUsedBytes: 0,
        iGroupId: null,
        strGroupName: null,
        iUserCount: 0,
      });
      expect(new Date(a.body.objData.dtCreateTime).toISOString()).toBe(a.body.objData.dtCreateTime);
      expect((await info(a.body.objData.iHospitalId)).body.objData).toEqual(a.body.objData);
    });

    it('counts the users of an institution', async () => {
      const a = (await info(applicantId)).body.objData;
      expect(a.iUserCount).toBe(2); // demo_doctor and demo_hadmin
      expect(a).toMatchObject({ iGroupId: demoGroupId, strGroupName: '演示医联体 (Demo group)' });
    });

    it('refuses a name that differs only in case from another, and creates nothing', async () => {
      const name = `Unique Clinic ${Date.now()}`;
      expect((await add({ strHospitalName: name })).body.iCode).toBe(0);
      const again = await add({ strHospitalName: name.toUpperCase() });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ iCode: 1000, strErrorCode: 'HOSPITAL_NAME_EXISTS' });
      const found = await api.get<Page<HospitalDto>>(
        'hospitalManage/selectHospital',
        { strHospitalName: name },
        { token: admin },
      );
      expect(found.body.objData.iTotalCount).toBe(1);
    });

    it('refuses a form without a name or with an address that is not host:port', async () => {
      const a = await api.post(
        'hospitalManage/addHospital',
        hospitalForm({ strHospitalName: ' ', strInternalAddress: '10.0.0.5' }),
        { token: admin, lang: 'en' },
      );
      expect(a.status).toBe(400);
      const fields = (a.body.objData as { strField: string }[]).map((f) => f.strField).sort();
      expect(fields).toEqual(['strHospitalName', 'strInternalAddress']);
    });

    it('puts a new institution into a group, and refuses a group that does not exist', async () => {
      const { groupId } = await newGroup();
      const a = await add({ iGroupId: groupId });
      expect(a.body.objData).toMatchObject({ iGroupId: groupId });
      const name = `无组机构 ${Date.now()}`;
      const missing = await add({ strHospitalName: name, iGroupId: MISSING_ID });
      expect(missing.status).toBe(404);
      const found = await api.get<Page<HospitalDto>>(
        'hospitalManage/selectHospital',
        { strHospitalName: name },
        { token: admin },
      );
      expect(found.body.objData.iTotalCount).toBe(0);
    });
  });

  describe('searching', () => {
    it('finds institutions by part of the name in any case, by group and by diagnosis role, by name', async () => {
      const tag = `Zq${Date.now()}`;
      const { groupId } = await newGroup();
      await add({ strHospitalName: `${tag} Beta`, iGroupId: groupId });
      await add({ strHospitalName: `${tag} alpha`, ddIsDiagnosis: { iNumber: 2 } });
      await add({ strHospitalName: `${tag} Gamma`, ddIsDiagnosis: { iNumber: 1 } });
      const search = (q: Record<string, string | number>) =>
        api.get<Page<HospitalDto>>('hospitalManage/selectHospital', q, { token: admin });

      const byName = await search({ strHospitalName: tag.toLowerCase() });
      expect(byName.body.objData.listPage.map((h) => h.strHospitalName)).toEqual([
        `${tag} alpha`,
        `${tag} Beta`,
        `${tag} Gamma`,
      ]);
      expect(byName.body.objData.iTotalCount).toBe(3);

      const byGroup = await search({ strHospitalName: tag, iGroupId: groupId });
      expect(byGroup.body.objData.listPage.map((h) => h.strHospitalName)).toEqual([`${tag} Beta`]);

      const centers = await search({ strHospitalName: tag, ddIsDiagnosis: 2 });
      expect(centers.body.objData.listPage.map((h) => h.strHospitalName)).toEqual([`${tag} alpha`]);

      const page2 = await search({ strHospitalName: tag, iPageSize: 2, iCurPage: 2 });
      expect(page2.body.objData.listPage.map((h) => h.strHospitalName)).toEqual([`${tag} Gamma`]);
      expect(page2.body.objData.iTotalCount).toBe(3);
    });

    it('takes % and _ in a searched name literally', async () => {
      const a = await api.get<Page<HospitalDto>>(
        'hospitalManage/selectHospital',
        { strHospitalName: '%' },
        { token: admin },
      );
      expect(a.body.objData.iTotalCount).toBe(0);
    });
  });

  describe('a hospital administrator', () => {
    it('sees only the own institution in lists and pickers', async () => {
      const list = await api.get<Page<HospitalDto>>(
        'hospitalManage/selectHospital',
        {},
        { token: hadmin },
      );
      expect(list.body.objData.listPage.map((h) => h.iHospitalId)).toEqual([applicantId]);
      expect(list.body.objData.iTotalCount).toBe(1);
      const all = await api.get<HospitalOption[]>(
        'hospitalManage/selectAllHospital',
        {},
        { token: hadmin },
      );
      expect(all.body.objData.map((h) => h.iHospitalId)).toEqual([applicantId]);
    });

    it('gets another institution answered exactly like a missing one', async () => {
      expect((await info(applicantId, hadmin)).status).toBe(200);
      const other = await info(centerId, hadmin);
      const missing = await info(MISSING_ID, hadmin);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
    });

    it('updates the contacts, addresses, SMS signature and allowed addresses of the own institution', async () => {
      const before = (await info(applicantId, hadmin)).body.objData;
      const changes = {
        strContactName: '新联系人',
        strContactMobile: '13900001111',
        strProvince: '江苏省',
        strCity: '南京市',
        strAddress: '中山路 2 号',
        strInternalAddress: '10.1.1.1:80',
        strExternalAddress: 'demo.example.org:8443',
        strSmsSignature: '演示医院',
        strAllowedLoginIps: '',
      };
      const a = await update(before, changes, hadmin);
      expect(a.body.iCode).toBe(0);
      expect(a.body.objData).toEqual({ ...before, ...changes });
    });

    it('is refused (403) a change of what the platform decides, and nothing changes', async () => {
      const before = (await info(applicantId, hadmin)).body.objData;
      const platformChanges: Record<string, unknown> = {
        strHospitalName: '改名医院',
        strTypeLabel: '二甲医院',
        dtValidUntil: '2100-01-01',
        dTotalMemory: before.dTotalMemory + 1,
        bIsConsultation: !before.bIsConsultation,
        ddIsDiagnosis: { iNumber: 0 },
        iGroupId: null,
      };
      for (const [field, value] of Object.entries(platformChanges)) {
        const a = await update(before, { [field]: value, strContactName: '不应保存' }, hadmin);
        expect(a.status, field).toBe(403);
        expect(a.body).toMatchObject({ strErrorCode: 'FORBIDDEN', objData: [field] });
      }
      expect((await info(applicantId, hadmin)).body.objData).toEqual(before);
    });

    it('cannot update another institution: 404 as for a missing one', async () => {
      const other = (await info(centerId)).body.objData;
      const a = await update(other, { strContactName: 'x' }, hadmin);
      const missing = await update({ ...other, iHospitalId: MISSING_ID }, {}, hadmin);
      expect(a.status).toBe(404);
      expect(a.body).toEqual(missing.body);
      expect((await info(centerId)).body.objData).toEqual(other);
    });
  });

  describe('deleting', () => {
    it('deletes an institution nothing refers to', async () => {
      const h = (await add()).body.objData;
      const a = await api.post(
        'hospitalManage/deleteHospital',
        { iHospitalId: h.iHospitalId },
        { token: admin },
      );
      expect(a.body).toMatchObject({ iCode: 0, objData: {} });
      expect((await info(h.iHospitalId)).status).toBe(404);
    });

    it('refuses to delete an institution with users, and keeps it', async () => {
      const h = (await add()).body.objData;
      await createUser(t.database.db, { hospitalId: h.iHospitalId });
      const a = await api.post(
        'hospitalManage/deleteHospital',
        { iHospitalId: h.iHospitalId },
        { token: admin, lang: 'en' },
      );
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({
        iCode: 1000,
        strErrorCode: 'HOSPITAL_IN_USE',
        strMessage: 'This institution is in use (users or data) and cannot be deleted',
      });
      expect((await info(h.iHospitalId)).body.objData).toMatchObject({ iUserCount: 1 });
    });

    it('answers 404 for an institution that does not exist', async () => {
      const a = await api.post(
        'hospitalManage/deleteHospital',
        { iHospitalId: MISSING_ID },
        { token: admin },
      );
      expect(a.status).toBe(404);
    });

    it('refuses to delete the last diagnosis center of a group', async () => {
      const { center, groupId } = await newGroup(1);
      const a = await api.post(
        'hospitalManage/deleteHospital',
        { iHospitalId: center.iHospitalId },
        { token: admin },
      );
      expect(a.body).toMatchObject({ iCode: 1000, strErrorCode: 'GROUP_NEEDS_CENTER' });
      expect((await info(center.iHospitalId)).body.objData).toMatchObject({ iGroupId: groupId });
    });
  });

  describe('group rules on the hospital form', () => {
    it('refuses to turn the last center of a group into an ordinary hospital', async () => {
      const { center } = await newGroup(1);
      const a = await update(center, { ddIsDiagnosis: { iNumber: 1 } });
      expect(a.body).toMatchObject({ iCode: 1000, strErrorCode: 'GROUP_NEEDS_CENTER' });
      expect((await info(center.iHospitalId)).body.objData).toEqual(center);
    });

    it('refuses to move the last center out of its group, and nothing moves', async () => {
      const from = await newGroup(1);
      const to = await newGroup();
      const a = await update(from.center, { iGroupId: to.groupId, strContactName: '已改' });
      expect(a.body).toMatchObject({ iCode: 1000, strErrorCode: 'GROUP_NEEDS_CENTER' });
      expect((await info(from.center.iHospitalId)).body.objData).toEqual(from.center);
    });

    it('lets a center step down when the group has another one', async () => {
      const { groupId, center } = await newGroup();
      await add({ ddIsDiagnosis: { iNumber: 2 }, iGroupId: groupId });
      const a = await update(center, { ddIsDiagnosis: { iNumber: 0 } });
      expect(a.body.objData).toMatchObject({ ddIsDiagnosis: { iNumber: 0 }, iGroupId: groupId });
    });

    it('moves an ordinary hospital to another group and out of any group', async () => {
      const from = await newGroup(1);
      const to = await newGroup();
      const moved = await update(from.members[0] as HospitalDto, { iGroupId: to.groupId });
      expect(moved.body.objData).toMatchObject({ iGroupId: to.groupId });
      const out = await update(moved.body.objData, { iGroupId: null });
      expect(out.body.objData).toMatchObject({ iGroupId: null, strGroupName: null });
    });

    it('refuses a move into a group that does not exist', async () => {
      const h = (await add()).body.objData;
      const a = await update(h, { iGroupId: MISSING_ID });
      expect(a.status).toBe(404);
      expect((await info(h.iHospitalId)).body.objData).toEqual(h);
    });

    it('keeps a group within the configured number of hospitals', async () => {
      const { groupId } = await newGroup(1);
      await withCap(3, async () => {
        expect((await add({ iGroupId: groupId })).body.iCode).toBe(0);
        const name = `超限机构 ${Date.now()}`;
        const full = await add({ strHospitalName: name, iGroupId: groupId });
        expect(full.body).toMatchObject({ iCode: 1000, strErrorCode: 'GROUP_HOSPITAL_LIMIT' });
        expect(full.body.strMessage).toContain('3');
        const outsider = (await add()).body.objData;
        const move = await update(outsider, { iGroupId: groupId }, admin);
        expect(move.body.strErrorCode).toBe('GROUP_HOSPITAL_LIMIT');
        expect((await info(outsider.iHospitalId)).body.objData).toEqual(outsider);
        const members = await api.get<HospitalOption[]>(
          'hospitalGroup/getHospitalByGroup',
          { iGroupId: groupId },
          { token: admin },
        );
        expect(members.body.objData).toHaveLength(3);
        expect(members.body.objData.map((h) => h.strHospitalName)).not.toContain(name);
      });
    });

    it('lets only one of two simultaneous additions take the last place of a group', async () => {
      const { groupId } = await newGroup(1);
      await withCap(3, async () => {
        const answers = await Promise.all([
          add({ iGroupId: groupId }),
          add({ iGroupId: groupId }),
          add({ iGroupId: groupId }),
        ]);
        expect(answers.filter((a) => a.body.iCode === 0)).toHaveLength(1);
        expect(answers.filter((a) => a.body.strErrorCode === 'GROUP_HOSPITAL_LIMIT')).toHaveLength(
          2,
        );
        const page = await api.get<Page<HospitalDto>>(
          'hospitalManage/selectHospital',
          { iGroupId: groupId },
          { token: admin },
        );
        expect(page.body.objData.iTotalCount).toBe(3);
      });
    });
  });

  describe('slide storage', () => {
    it('recalculates the used storage from the slide files stored for the institution', async () => {
      const h = (await add({ dTotalMemory: 10 })).body.objData;
      const dir = path.join(t.dataDir, 'slides', String(h.iHospitalId));
      fs.mkdirSync(path.join(dir, 'case-1'), { recursive: true });
      // 1.5 GB plus 512 MB in a nested folder, as sparse files (no disk space needed).
      sparseFile(path.join(dir, 'a.svs'), 1.5 * 1024 ** 3);
      sparseFile(path.join(dir, 'case-1', 'b.ndpi'), 512 * 1024 ** 2);
      // Another hospital's slides do not count.
      fs.mkdirSync(path.join(t.dataDir, 'slides', String(applicantId)), { recursive: true });
      fs.writeFileSync(path.join(t.dataDir, 'slides', String(applicantId), 'x.svs'), 'x');

      const a = await api.post<HospitalDto>(
        'hospitalManage/calibrateMemory',
        { iHospitalId: h.iHospitalId },
        { token: admin },
      );
      expect(a.body.objData).toMatchObject({
        dUsedMemory: 2,
        lUsedBytes: 2 * 1024 ** 3,
        dTotalMemory: 10,
      });
      expect((await rowOf(h.iHospitalId))?.storageUsedBytes).toBe(2 * 1024 ** 3);
      const usage = await api.get(
        'hospitalManage/getMemoryUsage',
        { iHospitalId: h.iHospitalId },
        { token: admin },
      );
      expect(usage.body.objData).toEqual({
        dUsedMemory: 2,
        dTotalMemory: 10,
        lUsedBytes: 2 * 1024 ** 3,
        lTotalBytes: 10 * 1024 ** 3,
      });

      fs.rmSync(path.join(dir, 'a.svs'));
      const again = await api.post<HospitalDto>(
        'hospitalManage/calibrateMemory',
        { iHospitalId: h.iHospitalId },
        { token: admin },
      );
      expect(again.body.objData.dUsedMemory).toBe(0.5);
    });

    it('counts an institution without a slide folder as using nothing', async () => {
      await t.database.db
        .update(hospitals)
        .set({ storageUsedBytes: 7.25 * 1024 ** 3 })
        .where(eq(hospitals.id, applicantId));
      const stale = await api.get(
        'hospitalManage/getMemoryUsage',
        { iHospitalId: applicantId },
        { token: doctor },
      );
      expect(stale.body.objData).toMatchObject({ dUsedMemory: 7.25 });
      fs.rmSync(path.join(t.dataDir, 'slides', String(applicantId)), {
        recursive: true,
        force: true,
      });
      const a = await api.post<HospitalDto>(
        'hospitalManage/calibrateMemory',
        { iHospitalId: applicantId },
        { token: hadmin },
      );
      expect(a.body.objData.dUsedMemory).toBe(0);
    });
  });

  describe('diagnosis centers of a group', () => {
    it('lists the centers of the caller’s group, and no other group’s', async () => {
      const a = await api.get<HospitalOption[]>(
        'hospitalManage/getDiagnosticsCenterByGroup',
        { iGroupId: demoGroupId },
        { token: doctor },
      );
      expect(a.body.objData).toEqual([
        {
          iHospitalId: centerId,
          strHospitalName: '演示诊断中心 (Demo Diagnostic Center)',
          ddIsDiagnosis: { iNumber: 2 },
          iGroupId: demoGroupId,
        },
      ]);
      const { groupId } = await newGroup();
      const other = await api.get(
        'hospitalManage/getDiagnosticsCenterByGroup',
        { iGroupId: groupId },
        { token: doctor },
      );
      expect(other.status).toBe(404);
      const forAdmin = await api.get<HospitalOption[]>(
        'hospitalManage/getDiagnosticsCenterByGroup',
        { iGroupId: groupId },
        { token: admin },
      );
      expect(forAdmin.body.objData).toHaveLength(1);
    });
  });

  /*
   * Every hospitalManage route, for each role, against a target in the caller's own hospital (the
   * superadmin has none: the demo applicant stands in), in another hospital, and a missing id.
   */
  describe('cross-tenant matrix', () => {
    interface Target {
      hospital: HospitalDto;
      groupId: number;
    }
    /** List routes: whether the hospital is among those answered. */
    const lists =
      (idsOf: (a: Answer) => number[]) =>
      (a: Answer, t: Target): boolean =>
        idsOf(a).includes(t.hospital.iHospitalId);
    const ALL = [1, 2, 3, 4] as const;
    const ADMINS = [1, 2] as const;
    const routes: MatrixRoute<Target>[] = [
      {
        name: 'addHospital',
        roles: [1],
        call: (token, t) =>
          api.post('hospitalManage/addHospital', hospitalForm({ iGroupId: t.groupId }), { token }),
      },
      {
        name: 'updateHospital',
        roles: ADMINS,
        call: (token, t) =>
          api.post('hospitalManage/updateHospital', formOf(t.hospital), { token }),
      },
      {
        name: 'deleteHospital',
        roles: [1],
        // Every target has users, so an allowed call is refused as "in use" and changes nothing.
        refusedWhenReached: true,
        call: (token, t) =>
          api.post(
            'hospitalManage/deleteHospital',
            { iHospitalId: t.hospital.iHospitalId },
            { token },
          ),
      },
      {
        name: 'getHospitalInfo',
        roles: ADMINS,
        call: (token, t) =>
          api.post(
            'hospitalManage/getHospitalInfo',
            { iHospitalId: t.hospital.iHospitalId },
            { token },
          ),
      },
      {
        name: 'selectHospital',
        roles: ADMINS,
        listed: lists((a) =>
          (a.body.objData as Page<HospitalDto>).listPage.map((h) => h.iHospitalId),
        ),
        call: (token, t) =>
          api.get(
            'hospitalManage/selectHospital',
            { strHospitalName: t.hospital.strHospitalName },
            { token },
          ),
      },
      {
        name: 'selectAllHospital',
        roles: ALL,
        listed: lists((a) => (a.body.objData as HospitalOption[]).map((h) => h.iHospitalId)),
        call: (token) => api.get('hospitalManage/selectAllHospital', {}, { token }),
      },
      {
        name: 'getMemoryUsage',
        roles: ALL,
        call: (token, t) =>
          api.get(
            'hospitalManage/getMemoryUsage',
            { iHospitalId: t.hospital.iHospitalId },
            { token },
          ),
      },
      {
        name: 'calibrateMemory',
        roles: ADMINS,
        call: (token, t) =>
          api.post(
            'hospitalManage/calibrateMemory',
            { iHospitalId: t.hospital.iHospitalId },
            { token },
          ),
      },
      {
        name: 'getDiagnosticsCenterByGroup',
        roles: ALL,
        call: (token, t) =>
          api.get('hospitalManage/getDiagnosticsCenterByGroup', { iGroupId: t.groupId }, { token }),
      },
    ];

    it('answers 403 to a wrong role, 404 for another hospital or a missing id, else 200', async () => {
      // Another hospital, a center with a user, alone in a group of its own.
      const otherGroup = await newGroup();
      await createUser(t.database.db, {
        hospitalId: otherGroup.center.iHospitalId,
        roleType: RoleType.HospitalAdmin,
      });
      /** The caller's own hospital: the expert's center, else (the superadmin too) the applicant. */
      const ownIdOf = (role: number) => (role === RoleType.Expert ? centerId : applicantId);
      const targetOf = async (kind: HospitalKind, ownId: number): Promise<Target> => {
        switch (kind) {
          case 'own':
            return { hospital: (await info(ownId)).body.objData, groupId: demoGroupId };
          case 'other':
            return {
              hospital: (await info(otherGroup.center.iHospitalId)).body.objData,
              groupId: otherGroup.groupId,
            };
          case 'missing':
            return {
              hospital: {
                ...(await info(ownId)).body.objData,
                iHospitalId: MISSING_ID,
                strHospitalName: 'no such institution',
              },
              groupId: MISSING_ID,
            };
        }
      };
      const failures = await tenancyMatrixFailures({
        routes,
        callers: demoCallers({ admin, hadmin, doctor, expert }),
        target: (kind, caller) => targetOf(kind, ownIdOf(caller.role)),
      });
      expect(failures).toEqual([]);
      // Nothing the matrix allowed deleted or took over anything.
      expect((await info(applicantId)).body.objData.iUserCount).toBe(2);
      expect((await info(otherGroup.center.iHospitalId)).body.objData).toMatchObject({
        iGroupId: otherGroup.groupId,
        iUserCount: 1,
      });
    });
  });
});
