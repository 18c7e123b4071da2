import type { TFunction } from 'i18next';
import type { Lang } from '@pathconsult/shared';
import { serverMessageIn } from '@/lib/server-message';
import type { ItemReason } from './queue';

/**
 * An item's reason as text in `lang`: the server's message (made again from its parts, so a
 * reason kept across a reload follows a change of language), or the upload screen's for its keys.
 */
export function reasonText(reason: ItemReason, t: TFunction<'upload'>, lang: Lang): string {
  if ('text' in reason) {
    return (reason.message && serverMessageIn(reason.message, lang)) ?? reason.text;
  }
  return t(`reason.${reason.key}`, { detail: reason.detail ?? '' });
}
