import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for every package: shared rules, server units and integration tests (over real
 * HTTP, against PGlite and PostgreSQL), and the web app's pure logic.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'packages/web',
          resolve: {
            alias: { '@': fileURLToPath(new URL('./packages/web/src', import.meta.url)) },
          },
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
