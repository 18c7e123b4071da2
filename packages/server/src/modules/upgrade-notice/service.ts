import {
  translate,
  type CurrentUpgradeNotice,
  type Lang,
  type UpgradeNoticeAddInput,
  type UpgradeNoticeDto,
  type UpgradeNoticeQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { toCurrentNotice, toUpgradeNoticeDto } from './dto';
import * as repo from './repo';

/**
 * Publishes an upgrade notice. The schema has checked the range (end after start); whether the
 * end is still ahead depends on the clock, so it is checked here and answered as the same kind of
 * field error (400 on strEndTime): a notice that is already over would never be shown.
 */
export async function publishNotice(
  db: Db,
  input: UpgradeNoticeAddInput,
  publisher: { userId: number; userName: string },
  now: Date,
  lang: Lang,
): Promise<UpgradeNoticeDto> {
  const endAt = new Date(input.strEndTime);
  if (endAt.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', {}, [
      { strField: 'strEndTime', strMessage: translate('validation.endInFuture', lang) },
    ]);
  }
  const notice = await repo.insertNotice(db, {
    platformName: input.strPlatformName,
    startAt: new Date(input.strStartTime),
    endAt,
    content: input.strContent || null,
    createdBy: publisher.userId,
    createdAt: now,
  });
  return toUpgradeNoticeDto({ notice, createdByName: publisher.userName });
}

export async function listNotices(
  db: Db,
  q: UpgradeNoticeQuery,
): Promise<{ listPage: UpgradeNoticeDto[]; iTotalCount: number }> {
  const { rows, total } = await repo.listNotices(db, q);
  return { listPage: rows.map(toUpgradeNoticeDto), iTotalCount: total };
}

export async function currentNotices(db: Db, now: Date): Promise<CurrentUpgradeNotice[]> {
  return (await repo.currentNotices(db, now)).map((n) => toCurrentNotice(n, now));
}

export async function deleteNotice(db: Db, id: number): Promise<void> {
  if (!(await repo.deleteNotice(db, id))) {
    throw notFound();
  }
}
