/**
 * hash-wasm's CRC-32 alone, loaded lazily by the chunk hasher (crc32.ts): `import('hash-wasm')`
 * itself bundles every one of its algorithms, 215 kB, where this is 7 kB (also in the hash
 * worker's bundle, which takes the module in).
 */
export { crc32 } from 'hash-wasm';
