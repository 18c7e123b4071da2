import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ReceiveState,
  RoleType,
  type AnnotationDto,
  type AnnotationList,
  type SlideTokenDto,
} from '@pathconsult/shared';
import { patientReceives, slideDocuments, slideFiles } from '../src/db/schema';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
import { openTiffSlide } from '../src/slides/tiff';
import { storedFilePath } from '../src/storage/slide-paths';
import { tokenExpiry } from '../src/modules/tiles/token';
import { buildTiff, long, rgbTileTags } from '../src/slides/tiff/testing/build-tiff';
import { expectNotFound, expectOk } from './helpers/assertions';
import { addCase, doctorElsewhere, loggedInUser, userHospital } from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { apiClient, type ApiClient } from './helpers/http';
import { uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';

const { file: CMU_PATH, truth } = openSlideTruth('CMU-1-Small-Region.svs');
const CMU = fs.readFileSync(CMU_PATH);
/** CMU-1-Small-Region: 2220 × 2967, one level of 240² JPEG tiles; Deep Zoom levels 0..12. */
const FULL = 12;

/**
 * A large slide without a pyramid: 8448² px (more than one region may decode) of uncompressed
 * 256² tiles, all of them the one orange tile stored once.
 */
function largeWithoutPyramid(): Buffer {
  const tile = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < tile.length; i += 3) {
    tile[i] = 200;
    tile[i + 1] = 100;
    tile[i + 2] = 50;
  }
  const tiles = 33 * 33;
  return buildTiff({
    blobs: [tile],
    ifds: ([at]) => [
      {
        tags: rgbTileTags(
          long(8448),
          long(8448),
          256,
          long(...Array<number>(tiles).fill(at!)),
          long(...Array<number>(tiles).fill(tile.length)),
        ),
      },
    ],
  });
}

async function decoded(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const mean = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) {
    for (let c = 0; c < 3; c++) {
      mean[c]! += data[i + c]!;
    }
  }
  const pixels = info.width * info.height;
  return { width: info.width, height: info.height, mean: mean.map((v) => v / pixels) };
}

describe.each(await testDatabases())('tile service on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let doctor: { id: number; token: string };
  let slideId: number;
  let tile: SlideTokenDto;

  const db = () => t.database.db;
  const getToken = (id: number, token = doctor.token) =>
    api.get<SlideTokenDto>('slideDocument/getSlideToken', { iSlideDocumentId: id }, { token });
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}${url}`, { headers });
  const tileUrl = (token: string, level: number, col: number, row: number) =>
    `/tiles/${token}/slide_files/${level}/${col}_${row}.jpeg`;
  const storedPathOf = async (id: number) => {
    const [row] = await db()
      .select({ doc: slideDocuments, file: slideFiles })
      .from(slideDocuments)
      .innerJoin(slideFiles, eq(slideFiles.documentId, slideDocuments.id))
      .where(eq(slideDocuments.id, id));
    return storedFilePath(
      t.dataDir,
      row!.doc.hospitalId,
      row!.doc.storageKey,
      row!.file.storedPath,
    );
  };

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    doctor = await loggedInUser(db(), api, await userHospital(db(), 'demo_doctor'));
    const caseId = (await addCase(api, doctor.token)).iPatientId;
    slideId = await uploadSlide(
      api,
      t.baseUrl,
      doctor.token,
      { iPatientId: caseId },
      'CMU-1-Small-Region.svs',
      CMU,
    );
    await t.app.slideIngest.idle();
    tile = expectOk(await getToken(slideId));
  });
  afterAll(() => t.close());

  it('has the slide’s overview built into the tile cache once read, before any tile is asked', async () => {
    // CMU-1-Small-Region has one level: its Deep Zoom levels 0–11 (60 tiles) are built ahead
    // (deep-zoom-build.ts), so the first view of it decodes nothing. No tile was asked yet.
    const cacheDir = path.join(t.dataDir, 'tile-cache');
    const packBytes = () =>
      fs.existsSync(cacheDir)
        ? fs
            .readdirSync(cacheDir, { recursive: true })
            .map((f) => path.join(cacheDir, String(f)))
            .filter((f) => f.endsWith('.pack'))
            .reduce((sum, f) => sum + fs.statSync(f).size, 0)
        : 0;
    // Sixty tiles of a few kilobytes each (the level-11 ones alone are 240² JPEGs).
    await expect.poll(packBytes).toBeGreaterThan(100_000);
  });

  it('issues a two-hour token with the Deep Zoom and IIIF addresses', () => {
    expect(tile.strToken).toMatch(new RegExp(`^${slideId}\\.\\d+\\.\\d+\\.\\d+\\.[\\w-]{43}$`));
    expect(Date.parse(tile.dtExpire) / 1000).toBe(tokenExpiry(t.clock.now()));
    expect(Date.parse(tile.dtExpire) - t.clock.now().getTime()).toBeGreaterThanOrEqual(
      2 * 3600 * 1000,
    );
    expect(tile.strDziUrl).toBe(`/tiles/${tile.strToken}/slide.dzi`);
    expect(tile.strIiifUrl).toBe(`/iiif/${tile.strToken}`);
  });

  it('describes the slide in Deep Zoom XML with the native tile size', async () => {
    const res = await get(tile.strDziUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('TileSize="240"');
    expect(xml).toContain('Overlap="0"');
    expect(xml).toContain('Format="jpeg"');
    expect(xml).toContain(`<Size Width="${truth.dimensions[0]}" Height="${truth.dimensions[1]}"/>`);
  });

  it('sends a stored full-resolution tile byte for byte, and re-encodes padded edge tiles', async () => {
    const source = await openTiffSlide(await storedPathOf(slideId));
    try {
      const res = await get(tileUrl(tile.strToken, FULL, 1, 1));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.equals((await source.readRawTile(0, 1, 1))!.bytes)).toBe(true);
      expect(await decoded(bytes)).toMatchObject({ width: 240, height: 240 });

      // Column 9 holds 2220 - 9 × 240 = 60 image pixels of a padded 240-wide stored tile.
      const edge = Buffer.from(await (await get(tileUrl(tile.strToken, FULL, 9, 0))).arrayBuffer());
      expect(edge.equals((await source.readRawTile(0, 9, 0))!.bytes)).toBe(false);
      expect(await decoded(edge)).toMatchObject({ width: 60, height: 240 });
    } finally {
      await source.close();
    }
  });

  it('renders levels the file lacks, downscaled, with the slide’s colours', async () => {
    const want = truth.pixel_probes.lowest_level_mean_rgb;
    // Level 8: downsample 16 → 139 × 186 in one tile.
    const low = await decoded(
      Buffer.from(await (await get(tileUrl(tile.strToken, 8, 0, 0))).arrayBuffer()),
    );
    expect(low).toMatchObject({ width: 139, height: 186 });
    low.mean.forEach((v, c) => expect(Math.abs(v - want[c]!)).toBeLessThan(6));
    // Level 10: downsample 4 → 555 × 742, tile 2,3 is the 75 × 22 corner.
    const corner = await decoded(
      Buffer.from(await (await get(tileUrl(tile.strToken, 10, 2, 3))).arrayBuffer()),
    );
    expect(corner).toMatchObject({ width: 75, height: 22 });
    expect(
      await decoded(Buffer.from(await (await get(tileUrl(tile.strToken, 0, 0, 0))).arrayBuffer())),
    ).toMatchObject({ width: 1, height: 1 });
    expect((await get(tileUrl(tile.strToken, 8, 1, 0))).status).toBe(404);
    expect((await get(tileUrl(tile.strToken, 13, 0, 0))).status).toBe(404);
  });

  it('marks tiles immutable with an ETag and answers 304 to a revalidation', async () => {
    const url = tileUrl(tile.strToken, 9, 0, 0);
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await get(tileUrl(tile.strToken, 9, 1, 0))).headers.get('etag')).not.toBe(etag);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    // A new token for the same slide keeps the same ETag: the browser's copy stays valid.
    const other = expectOk(await getToken(slideId)).strToken;
    expect((await get(tileUrl(other, 9, 0, 0))).headers.get('etag')).toBe(etag);
  });

  it('answers a tile the same through the hot path and through Fastify (a query string)', async () => {
    for (const url of [tileUrl(tile.strToken, FULL, 3, 4), tileUrl(tile.strToken, 9, 1, 1)]) {
      const fast = await get(url);
      const routed = await get(`${url}?v=1`);
      expect(fast.status).toBe(200);
      expect(routed.status).toBe(200);
      expect(routed.headers.get('etag')).toBe(fast.headers.get('etag'));
      expect(routed.headers.get('cache-control')).toBe(fast.headers.get('cache-control'));
      expect(fast.headers.get('x-content-type-options')).toBe('nosniff');
      const a = Buffer.from(await fast.arrayBuffer());
      expect(Buffer.from(await routed.arrayBuffer()).equals(a)).toBe(true);
      const head = await fetch(`${t.baseUrl}${url}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(a.length));
    }
    expect((await get(`/tiles/${tile.strToken}/slide_files/${FULL}/3_4.png`)).status).toBe(404);
    // One name a tile: "012/00_0.jpeg" is no second address of "12/0_0.jpeg".
    expect((await get(`/tiles/${tile.strToken}/slide_files/${FULL}/0_0.jpeg`)).status).toBe(200);
    for (const name of [`0${FULL}/0_0.jpeg`, `${FULL}/00_0.jpeg`, `${FULL}/0_01.jpeg`]) {
      expect((await get(`/tiles/${tile.strToken}/slide_files/${name}`)).status, name).toBe(404);
    }
  });

  it('answers a tile kept in memory exactly as the first time (stored and rendered tiles)', async () => {
    // The first ask reads or builds the tile; the next ones are answered from memory at once.
    for (const url of [tileUrl(tile.strToken, FULL, 5, 5), tileUrl(tile.strToken, 10, 1, 2)]) {
      const first = await get(url);
      const firstBytes = Buffer.from(await first.arrayBuffer());
      for (let i = 0; i < 2; i++) {
        const again = await get(url);
        expect(again.status).toBe(200);
        for (const name of [
          'etag',
          'cache-control',
          'content-type',
          'content-length',
          'x-content-type-options',
          'cross-origin-resource-policy',
        ]) {
          expect(again.headers.get(name), name).toBe(first.headers.get(name));
        }
        expect(Buffer.from(await again.arrayBuffer()).equals(firstBytes)).toBe(true);
      }
      const revalidated = await get(url, { 'if-none-match': first.headers.get('etag')! });
      expect(revalidated.status).toBe(304);
      const head = await fetch(`${t.baseUrl}${url}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(firstBytes.length));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      // A token of the same slide with a changed signature gets nothing, kept tile or not.
      const tail = tile.strToken.endsWith('xx') ? 'yy' : 'xx';
      const forged = url.replace(tile.strToken, `${tile.strToken.slice(0, -2)}${tail}`);
      expect((await get(forged)).status).toBe(403);
    }
  });

  it('keeps rendered tiles on disk and builds a damaged cache entry again', async () => {
    const cacheDir = path.join(t.dataDir, 'tile-cache');
    const url = tileUrl(tile.strToken, 10, 1, 1);
    const first = Buffer.from(await (await get(url)).arrayBuffer());
    // Pack files (tile-pack-store.ts) in the process's folder, written once the tile is answered.
    const entries = () =>
      fs.existsSync(cacheDir)
        ? fs
            .readdirSync(cacheDir, { recursive: true })
            .map((f) => path.join(cacheDir, String(f)))
            .filter((f) => f.endsWith('.pack') && fs.statSync(f).size > 0)
        : [];
    await expect.poll(() => entries().length).toBeGreaterThan(0);
    for (const file of entries()) {
      fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size, 7));
    }
    await t.restart();
    api = apiClient(t.baseUrl);
    const token = expectOk(await getToken(slideId)).strToken;
    const again = await get(tileUrl(token, 10, 1, 1));
    expect(again.status).toBe(200);
    const bytes = Buffer.from(await again.arrayBuffer());
    expect(bytes.equals(first)).toBe(true);
    expect(await decoded(bytes)).toMatchObject({ width: 240, height: 240 });
    tile = expectOk(await getToken(slideId));
  });

  it('answers IIIF Image API 3: info.json, regions and sizes from the same engine', async () => {
    // The base URI leads to the information (Image API 3 §2).
    const base = await fetch(`${t.baseUrl}${tile.strIiifUrl}`, { redirect: 'manual' });
    expect(base.status).toBe(303);
    expect(base.headers.get('location')).toBe(`${tile.strIiifUrl}/info.json`);
    const info = await get(`${tile.strIiifUrl}/info.json`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      '@context': 'http://iiif.io/api/image/3/context.json',
      id: `${t.baseUrl}${tile.strIiifUrl}`,
      type: 'ImageService3',
      profile: 'level1',
      width: 2220,
      height: 2967,
      tiles: [{ width: 240, scaleFactors: [1, 2, 4, 8, 16] }],
    });
    const image = async (path: string) => {
      const res = await get(`${tile.strIiifUrl}/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      return decoded(Buffer.from(await res.arrayBuffer()));
    };
    const probes = truth.pixel_probes;
    const near = (got: number[], want: number[], within: number) =>
      got.forEach((v, c) => expect(Math.abs(v - want[c]!)).toBeLessThan(within));
    const [cx, cy] = probes.level0_center_region;
    const centre = await image(`${cx},${cy},256,256/max/0/default.jpg`);
    expect(centre).toMatchObject({ width: 256, height: 256 });
    near(centre.mean, probes.level0_center_mean_rgb, 4);
    // The same place at a quarter of the size (read with libjpeg's 1/4 decode).
    near(
      (await image(`${cx},${cy},256,256/64,/0/color.jpg`)).mean,
      probes.level0_center_mean_rgb,
      5,
    );
    const whole = await image('full/!300,300/0/default.jpg');
    expect(whole).toMatchObject({ width: 224, height: 300 });
    near(whole.mean, probes.lowest_level_mean_rgb, 6);
    expect(await image('square/,100/0/default.jpg')).toMatchObject({ width: 100, height: 100 });
    expect(await image('pct:0,0,50,50/pct:10/0/default.jpg')).toMatchObject({
      width: 111,
      height: 148,
    });
    for (const bad of [
      'full/max/45/default.jpg',
      'full/max/!/default.jpg',
      'full/max/0/bitonal.jpg',
      'full/max/0/default.gif',
      'full/max/0/default.toString',
      '0,0,100,100/200,/0/default.jpg',
      '5000,0,10,10/max/0/default.jpg',
      '0,0,100,100/!0,0/0/default.jpg',
    ]) {
      expect((await get(`${tile.strIiifUrl}/${bad}`)).status, bad).toBe(400);
    }
    // `^` asks for upscaling, which this server does not do (501) unless none is needed.
    expect((await get(`${tile.strIiifUrl}/0,0,100,100/^pct:120/0/default.jpg`)).status).toBe(501);
    expect(await image('0,0,100,100/^50,/0/default.jpg')).toMatchObject({ width: 50, height: 50 });
  });

  it('answers the IIIF pictures info.json lists of a large slide without a pyramid', async () => {
    const caseId = (await addCase(api, doctor.token)).iPatientId;
    const id = await uploadSlide(
      api,
      t.baseUrl,
      doctor.token,
      { iPatientId: caseId },
      'flat.tiff',
      largeWithoutPyramid(),
    );
    await t.app.slideIngest.idle();
    const token = expectOk(await getToken(id)).strToken;
    // The whole slide 256 px wide, and a tile at scale factor 32: no stored level gives them
    // (the region is too large to decode), the Deep Zoom levels do. Both were 500.
    for (const url of [
      `/iiif/${token}/full/256,/0/default.jpg`,
      `/iiif/${token}/0,0,8192,8192/256,/0/default.jpg`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      const picture = await decoded(Buffer.from(await res.arrayBuffer()));
      expect(picture.width, url).toBe(256);
      [200, 100, 50].forEach((v, c) => expect(Math.abs(picture.mean[c]! - v), url).toBeLessThan(4));
    }
    // Larger pictures of it are the client's to ask in tiles: 400, not a fault of the server.
    expect((await get(`/iiif/${token}/full/2048,/0/default.jpg`)).status).toBe(400);
  });

  it('turns, mirrors and greys IIIF pictures and encodes PNG and WebP', async () => {
    const info = (await (await get(`${tile.strIiifUrl}/info.json`)).json()) as Record<
      string,
      unknown
    >;
    expect(info.extraQualities).toEqual(['color', 'gray']);
    expect(info.extraFormats).toEqual(['png', 'webp']);
    expect(info.extraFeatures).toEqual(expect.arrayContaining(['mirroring', 'rotationBy90s']));
    const region = `${truth.pixel_probes.level0_center_region[0]},${truth.pixel_probes.level0_center_region[1]},120,60`;
    const raw = async (rotation: string, qualityFormat: string, type: string) => {
      const res = await get(`${tile.strIiifUrl}/${region}/max/${rotation}/${qualityFormat}`);
      expect(res.status, `${rotation}/${qualityFormat}`).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const bytes = Buffer.from(await res.arrayBuffer());
      // Channels as stored (sharp decodes grey to RGB below).
      const { channels } = await sharp(bytes).metadata();
      const { data, info: meta } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) =>
        Array.from(
          data.subarray(
            (y * meta.width + x) * meta.channels,
            (y * meta.width + x + 1) * meta.channels,
          ),
        );
      return { width: meta.width, height: meta.height, channels, at };
    };
    const upright = await raw('0', 'default.png', 'image/png');
    expect(upright).toMatchObject({ width: 120, height: 60, channels: 3 });
    const r90 = await raw('90', 'default.png', 'image/png');
    const r180 = await raw('180', 'color.png', 'image/png');
    const r270 = await raw('270', 'default.png', 'image/png');
    const mirrored = await raw('!0', 'default.png', 'image/png');
    const mirrored90 = await raw('!90', 'default.png', 'image/png');
    expect(r90).toMatchObject({ width: 60, height: 120 });
    expect(r270).toMatchObject({ width: 60, height: 120 });
    expect(r180).toMatchObject({ width: 120, height: 60 });
    for (const [x, y] of [
      [0, 0],
      [119, 0],
      [7, 59],
      [64, 31],
    ] as const) {
      const want = upright.at(x, y);
      expect(r90.at(59 - y, x), `90 ${x},${y}`).toEqual(want);
      expect(r180.at(119 - x, 59 - y), `180 ${x},${y}`).toEqual(want);
      expect(r270.at(y, 119 - x), `270 ${x},${y}`).toEqual(want);
      expect(mirrored.at(119 - x, y), `!0 ${x},${y}`).toEqual(want);
      // Mirrored first, then turned: pixel (119 - x, y) of the mirror lands at (59 - y, 119 - x).
      expect(mirrored90.at(59 - y, 119 - x), `!90 ${x},${y}`).toEqual(want);
    }
    const gray = await raw('0', 'gray.png', 'image/png');
    expect(gray.channels).toBe(1);
    for (const [x, y] of [
      [3, 3],
      [100, 50],
    ] as const) {
      const [r, g, b] = upright.at(x, y) as [number, number, number];
      expect(Math.abs(gray.at(x, y)[0]! - (0.299 * r + 0.587 * g + 0.114 * b))).toBeLessThanOrEqual(
        1,
      );
    }
    const grayJpeg = await raw('0', 'gray.jpg', 'image/jpeg');
    expect(grayJpeg).toMatchObject({ width: 120, height: 60, channels: 1 });
    expect(await raw('180', 'default.webp', 'image/webp')).toMatchObject({
      width: 120,
      height: 60,
    });
    // Each variant is its own cached picture with its own ETag.
    const etags = await Promise.all(
      ['0/default.jpg', '90/default.jpg', '0/gray.jpg', '0/default.png'].map(async (v) =>
        (await get(`${tile.strIiifUrl}/${region}/max/${v}`)).headers.get('etag'),
      ),
    );
    expect(new Set(etags).size).toBe(4);
  });

  it('refuses tampered tokens (403) and another hospital’s callers (404)', async () => {
    const [id, hospital, epoch, expiry, sig] = tile.strToken.split('.') as [
      string,
      string,
      string,
      string,
      string,
    ];
    const flipped = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    for (const bad of [
      `${id}.${hospital}.${epoch}.${expiry}.${flipped}`,
      `${Number(id) + 1}.${hospital}.${epoch}.${expiry}.${sig}`,
      `${id}.${hospital}.${Number(epoch) + 1}.${expiry}.${sig}`,
      `${id}.${hospital}.${epoch}.${Number(expiry) + 3600}.${sig}`,
      'garbage',
    ]) {
      expect((await get(`/tiles/${bad}/slide.dzi`)).status, bad).toBe(403);
      expect((await get(tileUrl(bad, FULL, 0, 0))).status, bad).toBe(403);
      expect((await get(`/iiif/${bad}/info.json`)).status, bad).toBe(403);
    }
    const stranger = await doctorElsewhere(db(), api);
    expectNotFound(await getToken(slideId, stranger.token));
    expectNotFound(await getToken(slideId + 1000));
  });

  it('answers a damaged or missing file with an error and keeps serving other slides', async () => {
    const target = { strDiagnosistNum: 'TILES-1' };
    const truncated = await uploadSlide(api, t.baseUrl, doctor.token, target, 'a.svs', CMU);
    const removed = await uploadSlide(api, t.baseUrl, doctor.token, target, 'b.svs', CMU);
    await t.app.slideIngest.idle();
    const truncatedToken = expectOk(await getToken(truncated)).strToken;
    const removedToken = expectOk(await getToken(removed)).strToken;
    fs.truncateSync(await storedPathOf(truncated), 200_000);
    fs.rmSync(await storedPathOf(removed));

    const broken = await get(tileUrl(truncatedToken, FULL, 5, 10));
    expect([404, 500]).toContain(broken.status);
    expect((await get(`/tiles/${removedToken}/slide.dzi`)).status).toBe(404);
    expect((await get(tileUrl(removedToken, FULL, 0, 0))).status).toBe(404);
    expect((await get(tileUrl(tile.strToken, FULL, 2, 2))).status).toBe(200);
  });

  it('reads nothing more of a slide deleted after its token was issued, though it was open', async () => {
    const doomed = await uploadSlide(
      api,
      t.baseUrl,
      doctor.token,
      { strDiagnosistNum: 'TILES-2' },
      'deleted.svs',
      CMU,
    );
    await t.app.slideIngest.idle();
    const token = expectOk(await getToken(doomed)).strToken;
    const urls = [
      `/tiles/${token}/slide.dzi`,
      tileUrl(token, FULL, 1, 1),
      // Through Fastify rather than the hot path.
      `${tileUrl(token, FULL - 1, 0, 0)}?x=1`,
      `/iiif/${token}/info.json`,
      `/iiif/${token}/full/max/0/default.jpg`,
    ];
    for (const url of urls) {
      expect((await get(url)).status, url).toBe(200);
    }
    expectOk(
      await api.post(
        'slideDocument/deleteSlideDocument',
        { listSlideDocument: [{ iSlideDocumentId: doomed }] },
        { token: doctor.token },
      ),
    );
    for (const url of urls) {
      expect((await get(url)).status, url).toBe(404);
    }
    // Other slides go on being served.
    expect((await get(tileUrl(tile.strToken, FULL, 1, 1))).status).toBe(200);
  });

  /**
   * A new case of the doctor's with CMU uploaded as each of `names` (read by the slide engine),
   * sent to a new expert of the diagnosis centre.
   */
  async function caseSentToExpert<Names extends readonly string[]>(names: Names) {
    const expert = await loggedInUser(
      db(),
      api,
      await userHospital(db(), 'demo_expert'),
      RoleType.Expert,
    );
    const caseId = (await addCase(api, doctor.token)).iPatientId;
    const slides: number[] = [];
    for (const name of names) {
      slides.push(
        await uploadSlide(api, t.baseUrl, doctor.token, { iPatientId: caseId }, name, CMU),
      );
    }
    await t.app.slideIngest.idle();
    expectOk(
      await api.post(
        'patient/addPatientReceive',
        { listPatient: [{ iPatientId: caseId }], listUser: [{ iUserId: expert.id }] },
        { token: doctor.token },
      ),
    );
    // One slide id for each name.
    return { expert, caseId, slides: slides as { [K in keyof Names]: number } };
  }

  it('turns away the tokens of a case withdrawn from its expert, though open and not expired', async () => {
    const {
      expert,
      caseId,
      slides: [first, second],
    } = await caseSentToExpert(['s1.svs', 's2.svs'] as const);
    const tokenOf = async (id: number, token: string) =>
      expectOk(await getToken(id, token)).strToken;
    const urls = (token: string) => [
      `/tiles/${token}/slide.dzi`,
      tileUrl(token, FULL, 1, 1),
      `${tileUrl(token, FULL - 1, 0, 0)}?x=1`,
      `/iiif/${token}/info.json`,
    ];
    const statuses = async (token: string) =>
      Promise.all(urls(token).map(async (url) => (await get(url)).status));
    const [expertFirst, expertSecond] = [
      await tokenOf(first, expert.token),
      await tokenOf(second, expert.token),
    ];
    expect(await statuses(expertFirst)).toEqual([200, 200, 200, 200]);
    expect(await statuses(expertSecond)).toEqual([200, 200, 200, 200]);
    expectOk(
      await api.post(
        'back/withdrawPatient',
        { iPatientId: caseId, strReason: 'Wrong expert' },
        { token: doctor.token },
      ),
    );
    expectNotFound(await getToken(first, expert.token));
    // The doctor opens the first slide again at once: the new token opens it before any server
    // has read the new epoch, and from then on the expert's is refused.
    const fresh = await tokenOf(first, doctor.token);
    expect(fresh).not.toBe(expertFirst);
    expect(await statuses(fresh)).toEqual([200, 200, 200, 200]);
    expect(await statuses(expertFirst)).toEqual([403, 403, 403, 403]);
    // The second slide: refused once the server reads the epochs (every few seconds; now here).
    await t.app.tileGrantEpochs.refresh();
    expect(await statuses(expertSecond)).toEqual([403, 403, 403, 403]);
    expect(await statuses(await tokenOf(second, doctor.token))).toEqual([200, 200, 200, 200]);
    // Other slides' tokens are untouched.
    expect((await get(tileUrl(tile.strToken, FULL, 1, 1))).status).toBe(200);
  });

  it('keeps a deleted case’s slides for its hospital, without its expert’s tokens or marks', async () => {
    const {
      expert,
      caseId,
      slides: [slide],
    } = await caseSentToExpert(['d.svs'] as const);
    const mark = (token: string) =>
      api.post<AnnotationDto>(
        'viewer/addAnnotation',
        {
          iSlideDocumentId: slide,
          strKind: 'line',
          strColor: '#FF0000',
          listPoint: [
            [10, 20],
            [110, 20],
          ],
        },
        { token },
      );
    const theirs = expectOk(await mark(expert.token)).iAnnotationId;
    const ours = expectOk(await mark(doctor.token)).iAnnotationId;
    // An expert of the case's own hospital (a hospital may diagnose its own cases), who gave it
    // back: their marks are the consultation's too.
    const [receive] = await db()
      .select({ id: patientReceives.id })
      .from(patientReceives)
      .where(eq(patientReceives.patientId, caseId));
    const doctorHospital = await userHospital(db(), 'demo_doctor');
    const inHouse = await loggedInUser(db(), api, doctorHospital, RoleType.Expert);
    const [inHouseReceive] = await db()
      .insert(patientReceives)
      .values({
        patientId: caseId,
        hospitalId: doctorHospital,
        senderId: doctor.id,
        expertId: inHouse.id,
        centerHospitalId: doctorHospital,
        state: ReceiveState.Waiting,
        assigned: true,
      })
      .returning({ id: patientReceives.id });
    const inHouseMark = expectOk(await mark(inHouse.token)).iAnnotationId;
    await db()
      .update(patientReceives)
      .set({ state: ReceiveState.Returned })
      .where(eq(patientReceives.id, inHouseReceive!.id));
    const expertToken = expectOk(await getToken(slide, expert.token)).strToken;
    expect((await get(tileUrl(expertToken, FULL, 1, 1))).status).toBe(200);
    // The expert returns it; reading it still as they left it, their token still opens tiles.
    expectOk(
      await api.post(
        'diagnosis/backPatient',
        { iPatientReceiveId: receive!.id, strReason: 'Outside my field' },
        { token: expert.token },
      ),
    );
    expect((await get(tileUrl(expertToken, FULL, 1, 1))).status).toBe(200);

    expectOk(
      await api.post('patient/deletePatient', { iPatientId: caseId }, { token: doctor.token }),
    );
    await t.app.tileGrantEpochs.refresh();
    // The expert's token opens nothing more, though not expired; the slide is no longer theirs.
    expect((await get(tileUrl(expertToken, FULL, 1, 1))).status).toBe(403);
    expectNotFound(await getToken(slide, expert.token));
    // The hospital keeps the slide, unmatched, with its own marks; the consultation's are gone.
    const [row] = await db()
      .select({ patientId: slideDocuments.patientId, deletedAt: slideDocuments.deletedAt })
      .from(slideDocuments)
      .where(eq(slideDocuments.id, slide));
    expect(row).toEqual({ patientId: null, deletedAt: null });
    const fresh = expectOk(await getToken(slide, doctor.token)).strToken;
    expect((await get(tileUrl(fresh, FULL, 1, 1))).status).toBe(200);
    const marks = expectOk(
      await api.get<AnnotationList>(
        'viewer/selectAnnotation',
        { iSlideDocumentId: slide },
        { token: doctor.token },
      ),
    ).listAnnotation.map((a) => a.iAnnotationId);
    expect(marks).toEqual([ours]);
    expect(marks).not.toContain(theirs);
    expect(marks).not.toContain(inHouseMark);
  });

  it('refuses a token once it has expired, by the server’s clock', async () => {
    const url = tileUrl(tile.strToken, FULL, 1, 1);
    expect((await get(url)).status).toBe(200);
    t.clock.advanceMinutes(121);
    expect((await get(url)).status).toBe(403);
    expect((await get(tile.strDziUrl)).status).toBe(403);
  });
});
