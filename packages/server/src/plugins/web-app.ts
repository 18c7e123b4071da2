import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built React app from the same port as the API. Hashed assets are immutable;
 * index.html and version.json are never cached, so a new release reaches browsers on the next
 * navigation (the client compares version.json and reloads).
 */
export const webApp = fp<{ webDist: string }>(async (app, { webDist }) => {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` (npm start does it)');
    app.get('/', { config: { policy: { roles: 'public' } } }, async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('PathConsult API is running; the web app is not built (run `npm run build`).'),
    );
    return;
  }
  // Files are looked up per request (wildcard), so a rebuilt app is served without a restart and a
  // chunk name of an older build answers 404 rather than some other file. The app uses a hash
  // router: the server only ever sees `/`, which serves index.html.
  // The build writes .br and .gz copies of its text files (packages/web/precompress.ts): browsers
  // that accept them get those, a third to a quarter of the bytes over a hospital's link.
  await app.register(fastifyStatic, {
    root: webDist,
    preCompressed: true,
    setHeaders(res, filePath) {
      // A compressed copy (index.html.br) is the file it stands for.
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (name === 'index.html' || name === 'version.json') {
        res.header('Cache-Control', 'no-store');
      } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
});
