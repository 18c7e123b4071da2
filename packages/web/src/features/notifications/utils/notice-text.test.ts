import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NoticeDto } from '@pathconsult/shared';
import en from '@/locales/en/notices.json';
import zh from '@/locales/zh-CN/notices.json';
import { noticeHref, noticeText } from './notice-text';

const base: NoticeDto = {
  iNoticeId: 1,
  strKind: 'return',
  objParams: { reason: 'Slides out of focus' },
  iPatientId: 42,
  strDiagnosistNum: 'P-001',
  strPatientName: 'Zhang San',
  actor: { iUserId: 7, strRealName: 'Dr Wang' },
  bRead: false,
  dtCreateTime: '2026-11-24T08:00:00.000Z',
};

describe('workflow message texts', () => {
  const t = (lang: string) => i18next.getFixedT(lang, 'notices');
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      resources: { en: { notices: en }, 'zh-CN': { notices: zh } },
    });
  });

  it('words each kind in both languages with who, which case and why', () => {
    expect(noticeText(base, t('en'))).toBe('Dr Wang returned case P-001: Slides out of focus');
    expect(noticeText(base, t('zh-CN'))).toBe('Dr Wang 退回了病例 P-001：Slides out of focus');
    expect(noticeText({ ...base, strKind: 'submit', objParams: {} }, t('en'))).toBe(
      'Dr Wang sent you case P-001 (Zhang San) for diagnosis',
    );
  });

  it('has a text for every kind the server writes, in both languages', () => {
    expect(Object.keys(zh.kind).sort()).toEqual(Object.keys(en.kind).sort());
    expect(noticeText({ ...base, strKind: 'somethingNew' }, t('en'))).toBe(
      'Dr Wang: case P-001 changed',
    );
  });

  it('leads to the waiting list, the bookings, the case, or nowhere for a withdrawn case', () => {
    expect(noticeHref({ ...base, strKind: 'submit' })).toBe('/waitdiagnosis');
    expect(noticeHref({ ...base, strKind: 'appointmentBooked' })).toBe('/subscribeList');
    expect(noticeHref(base)).toBe('/case/result-info?iPatientId=42');
    expect(noticeHref({ ...base, strKind: 'withdraw' })).toBeNull();
    expect(noticeHref({ ...base, iPatientId: null })).toBeNull();
  });

  it('words the review messages and sends a report waiting for review to the review list', () => {
    expect(noticeText({ ...base, strKind: 'signForReview', objParams: {} }, t('en'))).toBe(
      'Dr Wang signed the report of case P-001; it waits for your review',
    );
    expect(noticeText({ ...base, strKind: 'reviewRejected' }, t('zh-CN'))).toBe(
      'Dr Wang 驳回了病例 P-001 的报告：Slides out of focus',
    );
    expect(noticeHref({ ...base, strKind: 'signForReview' })).toBe('/reportReview');
    expect(noticeHref({ ...base, strKind: 'reviewRejected' })).toBe(
      '/case/result-info?iPatientId=42',
    );
  });
});
