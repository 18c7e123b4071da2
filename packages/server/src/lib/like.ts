/**
 * `text` as literal characters inside a LIKE / ILIKE pattern: searches take what the user typed
 * as text, so its wildcards (% and _) and the escape character itself are escaped (PostgreSQL's
 * default escape character is the backslash).
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
