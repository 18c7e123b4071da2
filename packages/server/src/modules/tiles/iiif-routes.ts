import type { FastifyPluginAsync } from 'fastify';
import {
  digestOf,
  etagOf,
  notModified,
  sendReply,
  slideAnswerer,
  type TileRoutesOptions,
} from './answer';
import { iiifInfo, parseIiif } from './iiif';
import { IIIF_FORMATS, presentIiif } from './iiif-picture';
import { deepZoomBuilder } from './deep-zoom-build';
import { TileBusyError } from './limiter';
import { TileTooCostlyError, renderPixels } from './render';
import { renderFromDeepZoom } from './render-from-deep-zoom';

type IiifParams = {
  token: string;
  region: string;
  size: string;
  rotation: string;
  quality: string;
};

/** The limiter's key of IIIF renders (their waiting is bounded on its own). */
const IIIF_WORK = 'iiif';

/**
 * IIIF pictures made from Deep Zoom tiles at once (each composes up to 81 tiles): past these a
 * request is answered busy (503), so that unique regions of a slide without a pyramid cannot
 * crowd the viewers' tiles out.
 */
const FALLBACKS_AT_ONCE = 2;

/**
 * IIIF Image API 3 (iiif.ts says what is supported) over the same engine and token as Deep Zoom:
 * `/iiif/<token>/info.json` and `/iiif/<token>/{region}/{size}/{rotation}/{quality}.{format}`.
 * Rendered pictures go through the tile cache like Deep Zoom's rendered tiles.
 */
export const iiifRoutes: FastifyPluginAsync<TileRoutesOptions> = async (app, options) => {
  const withSlide = slideAnswerer(options);
  const deepZoom = deepZoomBuilder(options, IIIF_WORK);
  let fallbacks = 0;
  /** Pixels from the Deep Zoom levels, FALLBACKS_AT_ONCE at a time. */
  const fromDeepZoom = async (...args: Parameters<typeof renderFromDeepZoom>) => {
    if (fallbacks >= FALLBACKS_AT_ONCE) {
      throw new TileBusyError();
    }
    fallbacks += 1;
    try {
      return await renderFromDeepZoom(...args);
    } finally {
      fallbacks -= 1;
    }
  };
  const policy = { roles: 'public' as const };

  // The image's base URI leads to its information (Image API 3 §2: "SHOULD", by a 303). The
  // token is checked there, not here: this answer says nothing of the slide.
  app.get<{ Params: { token: string } }>(
    '/iiif/:token',
    { config: { policy } },
    async (request, reply) =>
      reply.redirect(`/iiif/${encodeURIComponent(request.params.token)}/info.json`, 303),
  );

  app.get<{ Params: { token: string } }>(
    '/iiif/:token/info.json',
    { config: { policy } },
    async (request, reply) =>
      sendReply(
        reply,
        await withSlide(
          request.params.token,
          request.headers['if-none-match'],
          async (slide) => ({
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
          }),
          request.log,
        ),
      ),
  );

  app.get<{ Params: IiifParams }>(
    '/iiif/:token/:region/:size/:rotation/:quality',
    { config: { policy } },
    async (request, reply) => {
      const { token, region, size, rotation, quality } = request.params;
      const ifNoneMatch = request.headers['if-none-match'];
      const answer = await withSlide(
        token,
        ifNoneMatch,
        async (slide) => {
          const asked = parseIiif(slide.source.properties, region, size, rotation, quality);
          if (typeof asked === 'string') {
            return asked;
          }
          const { region: r, how } = asked;
          const what =
            `iiif:${r.x},${r.y},${r.width},${r.height}/${asked.width},${asked.height}/` +
            `${how.mirror ? '!' : ''}${how.degrees}/${how.gray ? 'gray' : 'color'}.${how.format}`;
          const etag = etagOf(slide, what);
          const type = IIIF_FORMATS[how.format];
          if (ifNoneMatch === etag) {
            return notModified(etag, type);
          }
          const present = (pixels: Parameters<typeof presentIiif>[0]) =>
            options.limiter.run(() => presentIiif(pixels, how), undefined, IIIF_WORK);
          try {
            const bytes = await options.cache.getOrBuild(digestOf(slide, what), async () => {
              try {
                return await present(
                  await renderPixels(slide.source, r, asked.width, asked.height),
                );
              } catch (error) {
                if (!(error instanceof TileTooCostlyError)) {
                  throw error;
                }
                // No stored level gives it at that size (a slide without a pyramid): from the
                // Deep Zoom levels, outside the decode bound (their tiles take slots of their
                // own, counted as IIIF work).
                return present(await fromDeepZoom(deepZoom, slide, r, asked.width, asked.height));
              }
            });
            return { etag, type, body: async () => bytes };
          } catch (error) {
            // Too large even from the Deep Zoom levels: the request's to make smaller (in tiles,
            // as info.json lists them), not a fault of the server.
            if (error instanceof TileTooCostlyError) {
              return 'invalid';
            }
            throw error;
          }
        },
        request.log,
      );
      return sendReply(reply, answer);
    },
  );
};
