import type { CurrentUpgradeNotice, UpgradeNoticeDto } from '@pathconsult/shared';
import type { NoticeRow, NoticeView } from './repo';

/** What both answers say of a notice: the platform, the time range (UTC ISO 8601) and the text. */
const noticeFields = (n: NoticeRow) => ({
  iNoticeId: n.id,
  strPlatformName: n.platformName,
  strStartTime: n.startAt.toISOString(),
  strEndTime: n.endAt.toISOString(),
  strContent: n.content ?? '',
});

export function toUpgradeNoticeDto({ notice: n, createdByName }: NoticeView): UpgradeNoticeDto {
  return {
    ...noticeFields(n),
    dtCreateTime: n.createdAt.toISOString(),
    strCreatedBy: createdByName,
  };
}

/** What every visitor reads: no publisher; whether it has begun by the server's clock. */
export function toCurrentNotice(n: NoticeRow, now: Date): CurrentUpgradeNotice {
  return { ...noticeFields(n), bOngoing: n.startAt.getTime() <= now.getTime() };
}
