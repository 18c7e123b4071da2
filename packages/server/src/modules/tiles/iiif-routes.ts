import type { FastifyPluginAsync } from 'fastify';
import { etagOf, notModified, slideAnswerer, type TileRoutesOptions } from './answer';
import { iiifInfo, parseIiif } from './iiif';
import { renderArea } from './render';

type IiifParams = {
  token: string;
  region: string;
  size: string;
  rotation: string;
  quality: string;
};

/**
 * IIIF Image API 3 (level 1) over the same engine and token as Deep Zoom:
 * `/iiif/<token>/info.json` and `/iiif/<token>/{region}/{size}/{rotation}/{quality}.{format}`.
 */
export const iiifRoutes: FastifyPluginAsync<TileRoutesOptions> = async (app, options) => {
  const withSlide = slideAnswerer(options);
  const policy = { roles: 'public' as const };

  app.get<{ Params: { token: string } }>(
    '/iiif/:token/info.json',
    { config: { policy } },
    (request, reply) =>
      withSlide(request, reply, async (slide) => ({
        // The id is where the client is (behind a proxy: its Host), so the ETag covers it.
        etag: etagOf(slide, `info:${request.protocol}://${request.host}`),
        type: 'application/ld+json;profile="http://iiif.io/api/image/3/context.json"',
        body: async () =>
          JSON.stringify(
            iiifInfo(
              `${request.protocol}://${request.host}/iiif/${request.params.token}`,
              slide.source.properties,
            ),
          ),
      })),
  );

  app.get<{ Params: IiifParams }>(
    '/iiif/:token/:region/:size/:rotation/:quality',
    { config: { policy } },
    (request, reply) =>
      withSlide(request, reply, async (slide) => {
        const { region, size, rotation, quality } = request.params;
        const asked = parseIiif(slide.source.properties, region, size, rotation, quality);
        if (!asked) {
          return 'invalid';
        }
        const r = asked.region;
        const etag = etagOf(
          slide,
          `iiif:${r.x},${r.y},${r.width},${r.height}/${asked.width},${asked.height}`,
        );
        if (request.headers['if-none-match'] === etag) {
          return notModified(etag, 'image/jpeg');
        }
        const bytes = await options.limiter.run(() =>
          renderArea(slide.source, r, asked.width, asked.height),
        );
        return { etag, type: 'image/jpeg', body: async () => bytes };
      }),
  );
};
