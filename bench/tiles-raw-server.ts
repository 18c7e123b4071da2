/**
 * The tile benchmark's upper bound: a minimal node:http server that only sends stored tile bytes.
 * It loads the bytes of every tile of the benchmark's list once (the slide readers' raw tiles, the
 * very bytes PathConsult sends), then answers each URL with them from memory: no token, no
 * lookup beyond one Map, no file read. Prints `READY <port>`; ends when its stdin closes.
 *
 *   node --import tsx tiles-raw-server.ts PORT LIST.json
 *   LIST.json: [{ "url": "/big_files/16/3_4.jpeg", "file": "/tmp/big.tif", "level": 0, "col": 3, "row": 4 }]
 */
import fs from 'node:fs';
import http from 'node:http';
import { openTiffSlide } from '../packages/server/src/slides/tiff';
import type { SlideSource } from '../packages/server/src/slides/slide-source';

interface Entry {
  url: string;
  file: string;
  level: number;
  col: number;
  row: number;
}

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const list = JSON.parse(fs.readFileSync(process.argv[3]!, 'utf8')) as Entry[];
  const slides = new Map<string, SlideSource>();
  const tiles = new Map<string, Buffer>();
  for (const e of list) {
    if (tiles.has(e.url)) {
      continue;
    }
    let slide = slides.get(e.file);
    if (!slide) {
      slide = await openTiffSlide(e.file);
      slides.set(e.file, slide);
    }
    const raw = await slide.readRawTile(e.level, e.col, e.row);
    if (!raw) {
      throw new Error(`${e.url}: no stored JPEG tile`);
    }
    tiles.set(e.url, raw.bytes);
  }
  http
    .createServer((req, res) => {
      const body = tiles.get(req.url ?? '');
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
      res.end(body);
    })
    .listen(port, '127.0.0.1', () => console.log(`READY ${port}`));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
