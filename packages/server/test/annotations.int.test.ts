import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOTATION_MAX_POINTS,
  ANNOTATIONS_PER_SLIDE_MAX,
  RoleType,
  type AnnotationDto,
  type AnnotationList,
} from '@pathconsult/shared';
import { count, eq } from 'drizzle-orm';
import { slideAnnotations, slideDocuments } from '../src/db/schema';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import {
  addCase,
  caseNumber,
  doctorElsewhere,
  loggedInUser,
  setReportView,
  userHospital,
} from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { apiClient, type ApiClient } from './helpers/http';
import { uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';

/** boxes.tiff: 300 × 250 pixels at level 0, no MPP. */
const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);

type User = { id: number; token: string };

describe.each(await testDatabases())('slide annotations on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let hospital: number;
  let owner: User;
  let colleague: User;
  let reportViewer: User;
  let caseSlide: number;
  let unmatchedSlide: number;

  const db = () => t.database.db;
  const list = (slide: number, token: string) =>
    api.get<AnnotationList>('viewer/selectAnnotation', { iSlideDocumentId: slide }, { token });
  const add = (body: Record<string, unknown>, token: string, lang?: 'en') =>
    api.post<AnnotationDto>('viewer/addAnnotation', body, { token, lang });
  const update = (body: Record<string, unknown>, token: string) =>
    api.post<AnnotationDto>('viewer/updateAnnotation', body, { token });
  const remove = (id: number, token: string) =>
    api.post('viewer/deleteAnnotation', { iAnnotationId: id }, { token });
  const restore = (id: number, token: string) =>
    api.post<AnnotationDto>('viewer/restoreAnnotation', { iAnnotationId: id }, { token });
  const ruler = (slide: number) => ({
    iSlideDocumentId: slide,
    strKind: 'line',
    strColor: '#FF0000',
    listPoint: [
      [10, 20],
      [110, 20],
    ],
  });

  /** boxes.tiff uploaded to a new case of the owner's. */
  const slideOfNewCase = async () => {
    const c = await addCase(api, owner.token);
    return uploadSlide(
      api,
      t.baseUrl,
      owner.token,
      { iPatientId: c.iPatientId },
      'boxes.tiff',
      BOXES,
    );
  };

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    hospital = await userHospital(db(), 'demo_doctor');
    owner = await loggedInUser(db(), api, hospital);
    colleague = await loggedInUser(db(), api, hospital);
    reportViewer = await loggedInUser(db(), api, hospital, RoleType.HospitalAdmin);
    await setReportView(db(), reportViewer.id, 1);
    caseSlide = await slideOfNewCase();
    // A slide of a pathology number without a case: every doctor of the hospital sees it.
    unmatchedSlide = await uploadSlide(
      api,
      t.baseUrl,
      owner.token,
      { strDiagnosistNum: caseNumber('U') },
      'boxes.tiff',
      BOXES,
    );
    await t.app.slideIngest.idle();
  });
  afterAll(() => t.close());

  it('saves each kind in level-0 pixels and lists them with author and times', async () => {
    const shapes = [
      ruler(caseSlide),
      {
        iSlideDocumentId: caseSlide,
        strKind: 'rectangle',
        strColor: '#00ff00',
        strText: 'tumour front',
        listPoint: [
          [30, 40],
          [130, 90],
        ],
      },
      {
        iSlideDocumentId: caseSlide,
        strKind: 'ellipse',
        strColor: '#0000ff',
        listPoint: [
          [0, 0],
          [300, 250],
        ],
      },
      {
        iSlideDocumentId: caseSlide,
        strKind: 'polygon',
        strColor: '#123456',
        listPoint: [
          [1, 1],
          [50.5, 1],
          [50.5, 60.25],
        ],
      },
      {
        iSlideDocumentId: caseSlide,
        strKind: 'freehand',
        strColor: '#123456',
        listPoint: [
          [5, 5],
          [6, 7],
          [8, 9],
        ],
      },
      { ...ruler(caseSlide), strKind: 'arrow' },
      {
        iSlideDocumentId: caseSlide,
        strKind: 'text',
        strColor: '#ffff00',
        strText: '  mitoses here  ',
        listPoint: [[200, 100]],
      },
    ];
    const saved = [];
    for (const s of shapes) {
      saved.push(expectOk(await add(s, owner.token)));
    }
    expect(saved[0]).toMatchObject({
      strKind: 'line',
      strColor: '#ff0000',
      strText: null,
      listPoint: [
        [10, 20],
        [110, 20],
      ],
      bMine: true,
      iSlideDocumentId: caseSlide,
    });
    expect(saved[3]!.listPoint[2]).toEqual([50.5, 60.25]);
    expect(saved[6]!.strText).toBe('mitoses here');
    expect(saved[0]!.author.iUserId).toBe(owner.id);
    expect(saved[0]!.author.strRealName).not.toBe('');
    expect(saved[0]!.dtCreateTime).toBe(t.clock.now().toISOString());

    const got = expectOk(await list(caseSlide, owner.token));
    expect(got.bMayWrite).toBe(true);
    expect(got.listAnnotation.map((a) => a.strKind)).toEqual([
      'line',
      'rectangle',
      'ellipse',
      'polygon',
      'freehand',
      'arrow',
      'text',
    ]);
    const audit = await latestAuditRecord(db(), 'viewer/addAnnotation');
    expect(audit).toMatchObject({
      userId: owner.id,
      targetType: 'slideDocument',
      targetId: String(caseSlide),
      outcome: 'success',
      detail: { strKind: 'text', iAnnotationId: saved[6]!.iAnnotationId },
    });
    // The note's text is patient data: the audit keeps none of it.
    expect(JSON.stringify(audit)).not.toContain('mitoses');
    expect(await latestAuditRecord(db(), 'viewer/selectAnnotation')).toMatchObject({
      userId: owner.id,
      targetType: 'slideDocument',
      targetId: String(caseSlide),
    });
  });

  it('refuses shapes whose points do not fit their kind, bad colours and long texts', async () => {
    const base = ruler(caseSlide);
    expectFieldError(
      await add({ ...base, strKind: 'polygon' }, owner.token, 'en'),
      'listPoint',
      'validation.annotationPoints',
    );
    expectFieldError(
      await add({ ...base, listPoint: [[1, 1]] }, owner.token, 'en'),
      'listPoint',
      'validation.annotationPoints',
    );
    expectFieldError(
      await add({ ...base, strKind: 'text', listPoint: [[1, 1]] }, owner.token, 'en'),
      'strText',
      'validation.required',
    );
    expectFieldError(
      await add({ ...base, strColor: 'red' }, owner.token, 'en'),
      'strColor',
      'validation.invalid',
    );
    expectFieldError(
      await add({ ...base, strText: 'x'.repeat(501) }, owner.token, 'en'),
      'strText',
      'validation.tooLong',
      { max: 500 },
    );
    expectFieldError(
      await add({ ...base, strKind: 'star' }, owner.token, 'en'),
      'strKind',
      'validation.invalid',
    );
    const tooMany = Array.from({ length: ANNOTATION_MAX_POINTS + 1 }, (_, i) => [i % 300, 1]);
    expect(
      (await add({ ...base, strKind: 'freehand', listPoint: tooMany }, owner.token, 'en')).status,
    ).toBe(400);
    expect(
      (
        await add(
          {
            ...base,
            listPoint: [
              [-1, 0],
              [5, 5],
            ],
          },
          owner.token,
        )
      ).status,
    ).toBe(400);
    // Off the 300 × 250 image.
    expectRefused(
      await add(
        {
          ...base,
          listPoint: [
            [0, 0],
            [301, 10],
          ],
        },
        owner.token,
        'en',
      ),
      'ANNOTATION_OUTSIDE_SLIDE',
    );
    expectRefused(
      await add(
        {
          ...base,
          listPoint: [
            [0, 0],
            [10, 251],
          ],
        },
        owner.token,
        'en',
      ),
      'ANNOTATION_OUTSIDE_SLIDE',
    );
  });

  it('lets everyone who views the slide see, and only the author change or delete', async () => {
    const mine = expectOk(await add(ruler(unmatchedSlide), owner.token));
    const theirs = expectOk(
      await add({ ...ruler(unmatchedSlide), strColor: '#00ffff' }, colleague.token),
    );
    const seen = expectOk(await list(unmatchedSlide, colleague.token)).listAnnotation;
    expect(seen.map((a) => [a.iAnnotationId, a.bMine])).toEqual([
      [mine.iAnnotationId, false],
      [theirs.iAnnotationId, true],
    ]);

    const moved = { iAnnotationId: mine.iAnnotationId, ...ruler(unmatchedSlide), strText: 'x' };
    expectRefused(await update(moved, colleague.token), 'ANNOTATION_NOT_OWNED');
    expectRefused(await remove(mine.iAnnotationId, colleague.token), 'ANNOTATION_NOT_OWNED');
    expect((await latestAuditRecord(db(), 'viewer/deleteAnnotation'))?.outcome).toBe('failure');

    t.clock.advanceMinutes(1);
    const changed = expectOk(
      await update(
        {
          ...moved,
          strKind: 'rectangle',
          strColor: '#000000',
          listPoint: [
            [1, 2],
            [3, 4],
          ],
        },
        owner.token,
      ),
    );
    expect(changed).toMatchObject({ strKind: 'rectangle', strColor: '#000000', strText: 'x' });
    expect(changed.dtUpdateTime).not.toBe(changed.dtCreateTime);
    expectRefused(
      await update(
        {
          ...moved,
          listPoint: [
            [0, 0],
            [999, 0],
          ],
        },
        owner.token,
      ),
      'ANNOTATION_OUTSIDE_SLIDE',
    );

    expectOk(await remove(mine.iAnnotationId, owner.token));
    expect(await latestAuditRecord(db(), 'viewer/deleteAnnotation')).toMatchObject({
      userId: owner.id,
      targetType: 'annotation',
      targetId: String(mine.iAnnotationId),
      outcome: 'success',
    });
    expectNotFound(await remove(mine.iAnnotationId, owner.token));
    const left = expectOk(await list(unmatchedSlide, owner.token)).listAnnotation;
    expect(left.map((a) => a.iAnnotationId)).toEqual([theirs.iAnnotationId]);
  });

  it('brings one’s own deleted annotation back in its place, for a day, to its author only', async () => {
    const slide = await slideOfNewCase();
    await t.app.slideIngest.idle();
    const drawn: AnnotationDto[] = [];
    for (const color of ['#111111', '#222222', '#333333']) {
      drawn.push(expectOk(await add({ ...ruler(slide), strColor: color }, owner.token)));
    }
    const [first, middle, last] = drawn.map((a) => a.iAnnotationId) as [number, number, number];
    expectOk(await remove(middle, owner.token));
    const ids = async () =>
      expectOk(await list(slide, owner.token)).listAnnotation.map((a) => a.iAnnotationId);
    expect(await ids()).toEqual([first, last]);
    // A deleted one can be neither changed nor deleted again.
    expectNotFound(await update({ iAnnotationId: middle, ...ruler(slide) }, owner.token));
    expectNotFound(await remove(middle, owner.token));
    // Someone else, of the hospital or not, cannot restore it: to them it is missing.
    const stranger = await doctorElsewhere(db(), api);
    expectNotFound(await restore(middle, colleague.token));
    expectNotFound(await restore(middle, stranger.token));
    expectNotFound(await restore(first, owner.token)); // Not deleted.

    t.clock.advanceMinutes(5);
    const back = expectOk(await restore(middle, owner.token));
    expect(back).toEqual({ ...drawn[1], bMine: true });
    expect(await ids()).toEqual([first, middle, last]);
    expect(await latestAuditRecord(db(), 'viewer/restoreAnnotation')).toMatchObject({
      userId: owner.id,
      targetType: 'annotation',
      targetId: String(middle),
      outcome: 'success',
    });
    expectNotFound(await restore(middle, owner.token)); // Already back.

    // A day after its deletion it is gone for good: the next deletion removes it (the deletion
    // is made a day old here; a day on the test clock would end the sessions too).
    expectOk(await remove(first, owner.token));
    await db()
      .update(slideAnnotations)
      .set({ deletedAt: new Date(t.clock.now().getTime() - (24 * 60 + 1) * 60_000) })
      .where(eq(slideAnnotations.id, first));
    expectOk(await remove(last, owner.token));
    expectNotFound(await restore(first, owner.token));
    expectOk(await restore(last, owner.token));
    const rows = await db()
      .select({ id: slideAnnotations.id })
      .from(slideAnnotations)
      .where(eq(slideAnnotations.slideDocumentId, slide));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([middle, last]);
  });

  it('lets report-view administrators read without drawing', async () => {
    const got = expectOk(await list(caseSlide, reportViewer.token));
    expect(got.bMayWrite).toBe(false);
    expect(got.listAnnotation.length).toBeGreaterThan(0);
    expectForbidden(await add(ruler(caseSlide), reportViewer.token));
    const first = got.listAnnotation[0]!;
    expectForbidden(await remove(first.iAnnotationId, reportViewer.token));
    expectForbidden(await restore(first.iAnnotationId, reportViewer.token));
    expectForbidden(
      await update({ iAnnotationId: first.iAnnotationId, ...ruler(caseSlide) }, reportViewer.token),
    );
  });

  it('answers 404 to whoever may not view the slide, as for a missing one', async () => {
    const stranger = await doctorElsewhere(db(), api);
    const [first] = expectOk(await list(caseSlide, owner.token)).listAnnotation;
    expectNotFound(await list(caseSlide, stranger.token));
    expectNotFound(await add(ruler(caseSlide), stranger.token));
    const change = { iAnnotationId: first!.iAnnotationId, ...ruler(caseSlide) };
    expectNotFound(await update(change, stranger.token));
    expectNotFound(await remove(first!.iAnnotationId, stranger.token));
    // A colleague of the same hospital does not see another doctor's case slide either.
    expectNotFound(await list(caseSlide, colleague.token));
    expectNotFound(await update(change, colleague.token));
    expectNotFound(await list(caseSlide + 10_000, owner.token));
    expectNotFound(await add(ruler(caseSlide + 10_000), owner.token));
    // Nothing changed.
    const still = expectOk(await list(caseSlide, owner.token)).listAnnotation[0];
    expect(still).toEqual(first);
  });

  it('keeps at most 500 annotations on a slide, also when several are added at once', async () => {
    const slide = await slideOfNewCase();
    await t.app.slideIngest.idle();
    const now = t.clock.now();
    await db()
      .insert(slideAnnotations)
      .values(
        Array.from({ length: ANNOTATIONS_PER_SLIDE_MAX - 1 }, () => ({
          slideDocumentId: slide,
          authorId: owner.id,
          kind: 'line',
          color: '#FF0000',
          points: [
            [10, 20],
            [110, 20],
          ] as [number, number][],
          createdAt: now,
          updatedAt: now,
        })),
      );
    // Four at once for the last place: one is kept, the others are told the limit.
    const answers = await Promise.all([1, 2, 3, 4].map(() => add(ruler(slide), owner.token, 'en')));
    expect(answers.filter((a) => a.body.iCode === 0)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.iCode !== 0)) {
      expectRefused(refused, 'ANNOTATION_LIMIT');
    }
    const full = expectOk(await list(slide, owner.token)).listAnnotation;
    expect(full).toHaveLength(ANNOTATIONS_PER_SLIDE_MAX);
    // A deletion taken back counts again: not when its place was taken meanwhile.
    expectOk(await remove(full[0]!.iAnnotationId, owner.token));
    expectOk(await add(ruler(slide), owner.token));
    expectRefused(await restore(full[0]!.iAnnotationId, owner.token), 'ANNOTATION_LIMIT');
  });

  it('refuses a shape on a slide removed while the shape waited to be added', async () => {
    const slide = await slideOfNewCase();
    await t.app.slideIngest.idle();
    let adding: ReturnType<typeof add> | undefined;
    // The slide's removal holds its row; the shape arrives meanwhile and waits for it.
    await db().transaction(async (tx) => {
      await tx
        .update(slideDocuments)
        .set({ deletedAt: t.clock.now(), deletedBy: owner.id })
        .where(eq(slideDocuments.id, slide));
      adding = add(ruler(slide), owner.token);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expectNotFound(await adding!);
    const [row] = await db()
      .select({ n: count() })
      .from(slideAnnotations)
      .where(eq(slideAnnotations.slideDocumentId, slide));
    expect(row?.n).toBe(0);
  });
});
