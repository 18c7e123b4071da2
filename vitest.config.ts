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
        resolve: {
          alias: { '@': fileURLToPath(new URL('./packages/web/src', import.meta.url)) },
        },
        // Build-time constant of vite.config.ts; tests run as an unversioned (dev) build.
        define: { __APP_VERSION__: JSON.stringify('') },
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
