import { COMMON_WORD_SCOPES, type CommonWordScopeCode } from '@pathconsult/shared';

/** Tag colour of each scope: private grey, shared green, institution shared blue. */
export const SCOPE_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'blue' };

/**
 * The scope choices of a select, labelled in the current language (`t` of the `commonWords`
 * namespace), with what each means when `withHint`.
 */
export function scopeOptions(
  t: (key: string) => string,
  withHint = false,
): { value: CommonWordScopeCode; label: string }[] {
  return COMMON_WORD_SCOPES.map((value) => ({
    value,
    label: withHint ? `${t(`scope.${value}`)} — ${t(`scopeHint.${value}`)}` : t(`scope.${value}`),
  }));
}
