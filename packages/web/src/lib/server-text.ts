import { isMessageKey, translate } from '@pathconsult/shared';
import { currentLang } from './i18n';

/**
 * The text of a server error code or a `validation.*` key of the shared schemas, in the current
 * language. These texts live in @pathconsult/shared so that the server and the forms say the same
 * thing; they are not copied into the locale files.
 */
export function serverText(key: string, params: Record<string, string | number> = {}): string {
  return isMessageKey(key) ? translate(key, currentLang(), params) : key;
}
