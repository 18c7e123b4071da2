import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Browser security headers on every answer. The content security policy allows only this origin
 * (scripts may compile WebAssembly: the slide upload's chunk CRC-32 runs in it);
 * styles may be inline because Ant Design writes its CSS at run time, images may be data or blob
 * URLs (thumbnails, signatures, screenshots).
 */
export const securityHeaders = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may be compiled (not JS eval): the upload queue hashes chunks with hash-wasm.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The report preview shows the PDF the server printed in a frame, from a blob: URL.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Slides and tiles may be embedded by the hospital's own systems later; keep same-origin default.
    crossOriginEmbedderPolicy: false,
    // The platform runs on plain HTTP inside hospital networks as well: no HSTS from here.
    strictTransportSecurity: false,
  });
});
