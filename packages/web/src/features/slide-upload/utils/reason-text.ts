import type { TFunction } from 'i18next';
import type { ItemReason } from './queue';

/** An item's reason as text: the server's own message, or the upload screen's for its keys. */
export function reasonText(reason: ItemReason, t: TFunction<'upload'>): string {
  return 'text' in reason
    ? reason.text
    : t(`reason.${reason.key}`, { detail: reason.detail ?? '' });
}
