import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * Writes dist/version.json. The app fetches it on every navigation and reloads when the version
 * changed (spec §2 "Route guard"), so each build needs a distinct value: package version + build time.
 */
function versionFile(): Plugin {
  return {
    name: 'pathconsult-version-file',
    apply: 'build',
    generateBundle() {
      const builtAt = new Date().toISOString().replace(/[-:.]/g, '');
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: `${pkg.version}+${builtAt}` })}\n`,
      });
    },
  };
}

// The server of `npm start` listens here; `vite dev` forwards API and version calls to it.
const apiTarget = process.env.PATHCONSULT_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), versionFile()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
});
