type PathPart = string | number;

/**
 * Where a value holds U+0000 (in a string or an object key). PostgreSQL cannot store it in text
 * or jsonb, nor look it up: a name sent with one failed its query — and the audit record of that
 * failure too — as a server error, where it is simply a value no field accepts.
 */
export function nulPaths(value: unknown, path: PathPart[] = [], found: PathPart[][] = []) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      found.push(path);
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, [...path, index], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) {
        found.push(path);
      } else {
        nulPaths(item, [...path, key], found);
      }
    }
  }
  return found;
}
