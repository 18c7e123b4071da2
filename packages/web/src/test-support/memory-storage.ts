/**
 * A Storage kept in a Map, for tests (the web tests run without a DOM); `data` shows what was
 * stored.
 */
export function memoryStorage(
  initial: Record<string, string> = {},
): Storage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}
