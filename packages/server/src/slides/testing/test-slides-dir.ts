import path from 'node:path';

/**
 * Tests only: the shared whole-slide test files (read-only), `../shared/testdata/slides` beside the
 * project's folder (as on the development machines and CI), or TEST_SLIDES_DIR.
 */
export const TEST_SLIDES_DIR =
  process.env.TEST_SLIDES_DIR ??
  path.resolve(import.meta.dirname, '../../../../../../shared/testdata/slides');
