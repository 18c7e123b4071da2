type PathPart = string | number;

/** A value met in the walk, with the way back to the root (built into a path only when needed). */
interface Step {
  value: unknown;
  key: PathPart | null;
  parent: Step | null;
}

/** Stands in the walk for a key holding NUL: reported as its object's path, in its turn. */
const NUL_KEY = Symbol('NUL key');

function pathOf(step: Step): PathPart[] {
  const path: PathPart[] = [];
  for (let at: Step | null = step; at !== null && at.key !== null; at = at.parent) {
    path.unshift(at.key);
  }
  return path;
}

/** Only strings and containers are walked: numbers, booleans and null hold nothing. */
function push(stack: Step[], item: unknown, key: PathPart, parent: Step) {
  if (typeof item === 'string' || (item !== null && typeof item === 'object')) {
    stack.push({ value: item, key, parent });
  }
}

/**
 * Where a value holds U+0000 (in a string or an object key), in document order. PostgreSQL
 * cannot store it in text or jsonb, nor look it up: a name sent with one failed its query as a
 * server error, where it is simply a value no field accepts.
 *
 * Walked with a stack of its own, not by recursion, and a path is made only for what is found:
 * it runs on every request body before any schema, and a crafted body nested 20,000 deep
 * overflowed the call stack (a 500), while copying the path at every step made a 2 MB body
 * nested 2,000 deep take seconds of the event loop.
 */
export function nulPaths(root: unknown): PathPart[][] {
  const found: PathPart[][] = [];
  const stack: Step[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { value } = step;
    if (value === NUL_KEY) {
      found.push(pathOf(step.parent!));
      continue;
    }
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        found.push(pathOf(step));
      }
      continue;
    }
    if (value === null || typeof value !== 'object') {
      continue;
    }
    // Pushed last first, so that they come off the stack in their own order.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        push(stack, value[i], i, step);
      }
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key.includes('\u0000')) {
        stack.push({ value: NUL_KEY, key, parent: step });
      } else {
        push(stack, (value as Record<string, unknown>)[key], key, step);
      }
    }
  }
  return found;
}
