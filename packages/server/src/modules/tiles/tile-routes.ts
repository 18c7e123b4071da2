import type { FastifyPluginAsync } from 'fastify';
import { associatedImage } from './associated-image';
import { etagOf, sendReply, slideAnswerer, type TileRoutesOptions } from './answer';
import { dziXml } from './deep-zoom';
import { deepZoomGeometry, deepZoomTiles } from './deep-zoom-tiles';

/**
 * Deep Zoom for OpenSeadragon, outside /api: `/tiles/<token>/slide.dzi` and
 * `/tiles/<token>/slide_files/<level>/<col>_<row>.jpeg` (the token in the path keeps
 * OpenSeadragon's URLs plain). Plain tile URLs are answered before Fastify by fast-tiles.ts with
 * the same code; the tile route here answers the rest (a query string, an odd spelling) and lists
 * the route in the catalogue. The slide's label and macro images are here too, at
 * `/tiles/<token>/associated/<label|macro>.jpg`: an `<img>` sends no session header, and access
 * ends with the token.
 */
export const tileRoutes: FastifyPluginAsync<TileRoutesOptions> = async (app, options) => {
  const withSlide = slideAnswerer(options);
  const tile = deepZoomTiles(options);
  // The token is the access check (answer.ts); the session guard only handles /api.
  const policy = { roles: 'public' as const };

  app.get<{ Params: { token: string } }>(
    '/tiles/:token/slide.dzi',
    { config: { policy } },
    async (request, reply) =>
      sendReply(
        reply,
        await withSlide(
          request.params.token,
          request.headers['if-none-match'],
          async (slide) => ({
            etag: etagOf(slide, 'dzi'),
            type: 'application/xml',
            body: async () => dziXml(deepZoomGeometry(slide.source)),
          }),
          request.log,
        ),
      ),
  );

  app.get<{ Params: { token: string; level: string; tile: string } }>(
    '/tiles/:token/slide_files/:level/:tile',
    { config: { policy } },
    async (request, reply) => {
      const { token, level, tile: name } = request.params;
      return sendReply(
        reply,
        await tile(token, level, name, request.headers['if-none-match'], request.log),
      );
    },
  );

  app.get<{ Params: { token: string; name: string } }>(
    '/tiles/:token/associated/:name',
    { config: { policy } },
    async (request, reply) => {
      const { token, name } = request.params;
      const ifNoneMatch = request.headers['if-none-match'];
      return sendReply(
        reply,
        await withSlide(
          token,
          ifNoneMatch,
          (slide) => associatedImage(slide, name, ifNoneMatch),
          request.log,
        ),
      );
    },
  );
};
