import type { FastifyPluginAsync } from 'fastify';
import { etagOf, notModified, slideAnswerer, type TileRoutesOptions } from './answer';
import { deepZoomOf, dziXml, tileRect } from './deep-zoom';
import { passthroughTile, renderTile } from './render';

const TILE_NAME = /^(\d{1,7})_(\d{1,7})\.jpeg$/;

/**
 * Deep Zoom for OpenSeadragon, outside /api: `/tiles/<token>/slide.dzi` and
 * `/tiles/<token>/slide_files/<level>/<col>_<row>.jpeg` (the token in the path keeps
 * OpenSeadragon's URLs plain). Stored tiles go out as stored; others are rendered.
 */
export const tileRoutes: FastifyPluginAsync<TileRoutesOptions> = async (app, options) => {
  const withSlide = slideAnswerer(options);
  // The token is the access check (answer.ts); the session guard only handles /api.
  const policy = { roles: 'public' as const };

  app.get<{ Params: { token: string } }>(
    '/tiles/:token/slide.dzi',
    { config: { policy } },
    (request, reply) =>
      withSlide(request, reply, async (slide) => ({
        etag: etagOf(slide, 'dzi'),
        type: 'application/xml',
        body: async () => dziXml(deepZoomOf(slide.source.properties)),
      })),
  );

  app.get<{ Params: { token: string; level: string; tile: string } }>(
    '/tiles/:token/slide_files/:level/:tile',
    { config: { policy } },
    (request, reply) =>
      withSlide(request, reply, async (slide) => {
        const name = TILE_NAME.exec(request.params.tile);
        const level = Number(request.params.level);
        const dz = deepZoomOf(slide.source.properties);
        const col = Number(name?.[1]);
        const row = Number(name?.[2]);
        const rect = name ? tileRect(dz, level, col, row) : null;
        if (!rect) {
          return 'missing';
        }
        const etag = etagOf(slide, `${level}/${col}_${row}/${dz.tileSize}`);
        if (request.headers['if-none-match'] === etag) {
          return notModified(etag, 'image/jpeg');
        }
        // Produced while the slide is held open (use() keeps it from being closed meanwhile).
        const bytes =
          (await passthroughTile(slide.source, dz, level, col, row)) ??
          (await options.limiter.run(() => renderTile(slide.source, dz, level, rect)));
        return { etag, type: 'image/jpeg', body: async () => bytes };
      }),
  );
};
