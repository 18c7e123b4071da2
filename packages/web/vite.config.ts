import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The version of this build: package version + build time, so that each build differs. Computed
 * once, when the configuration loads, and used twice: written to dist/version.json and built into
 * the bundle as `__APP_VERSION__`. The app fetches /version.json on every navigation and reloads
 * when the deployed version is not the one it was built as (spec §2 "Route guard").
 */
const appVersion = `${pkg.version}+${new Date().toISOString().replace(/[-:.]/g, '')}`;

/** Writes dist/version.json with the version built into the bundle. */
function versionFile(version: string): Plugin {
  return {
    name: 'pathconsult-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version })}\n`,
      });
    },
  };
}

/*
 * Each of @ant-design/icons' icons draws itself with "../components/AntdIconLight", which names it
 * for screen readers in English: they get ours instead (src/lib/quiet-antd-icon.tsx), antd's own
 * icons included. Checked by src/lib/quiet-antd-icon.test.ts.
 */
const ICON_COMPONENT = /^\.\.\/components\/AntdIconLight$/;
const QUIET_ICON = fileURLToPath(new URL('./src/lib/quiet-antd-icon.tsx', import.meta.url));

// The server of `npm start` listens here; `vite dev` forwards API and version calls to it.
const apiTarget = process.env.PATHCONSULT_API ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [react(), versionFile(appVersion), precompress()],
  define: {
    /*
     * `vite serve` has no version.json of its own (the proxy would answer with whatever build the
     * API server holds), so the dev bundle gets no version and never checks.
     */
    __APP_VERSION__: JSON.stringify(command === 'build' ? appVersion : ''),
  },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: ICON_COMPONENT, replacement: QUIET_ICON },
    ],
  },
  optimizeDeps: {
    // `vite dev` pre-bundles antd and its icons without resolve.alias: the same replacement there.
    rolldownOptions: {
      plugins: [
        {
          name: 'pathconsult-quiet-antd-icons',
          resolveId: (source: string) => (ICON_COMPONENT.test(source) ? QUIET_ICON : null),
        },
      ],
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/version.json': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // ECharts' chunk (about 530 kB, 180 kB gzip) loads only with the slide statistics' chart.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      /*
       * @pathconsult/shared is pure (zod schemas, constants, texts) but does not declare so, and its
       * index re-exports every schema: without this the whole of zod would ride in the entry chunk
       * because one screen validates a form with a schema.
       */
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        /*
         * Screens are split by route (React.lazy), so a screen's antd parts (Table, DatePicker...)
         * load with that screen. React and the router, which every screen needs, sit in their own
         * long-cached chunk so that a new build of the app code does not re-download them. antd is
         * deliberately not grouped: one antd chunk would pull every component into the entry.
         */
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
