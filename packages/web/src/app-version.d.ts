/**
 * The version this bundle was built as, the same value as dist/version.json (vite.config.ts
 * `define`); an empty string under `vite serve`.
 */
declare const __APP_VERSION__: string;
