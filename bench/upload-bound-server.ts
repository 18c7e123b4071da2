/**
 * The bound of the upload benchmark: a minimal node:http server that takes the same chunk
 * requests as the real one (multipart, 1 MB of slide per request, from the same client) and only
 * writes each chunk's bytes at its place in one file, like tiles-raw-server.ts for tiles. No
 * session, database, checksum, quota or running digest: what is left is what loopback HTTP and
 * the client cost on this machine, the most any upload server in Node could reach here. The
 * flagged last chunk flushes the file to disk (fdatasync), as the real completion does.
 *
 *   DATA_DIR=/tmp/x PORT=0 node --import tsx upload-bound-server.ts   (prints READY <port>)
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { UPLOAD_CHUNK_BYTES } from '@pathconsult/shared';

const HEAD_SCAN_BYTES = 2048;
const CRLF2 = Buffer.from('\r\n\r\n');
const FILE_PART = Buffer.from('name="file"');

/** A field's value in the multipart head (the fields come before the file, as the client sends). */
function field(head: string, name: string): string | undefined {
  return new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(head)?.[1];
}

function answer(res: http.ServerResponse, state: number): void {
  res.setHeader('content-type', 'application/json');
  res.end(
    JSON.stringify({ iCode: 0, strMessage: 'ok', objData: { ddUploadState: { iNumber: state } } }),
  );
}

function main(): void {
  const target = path.join(process.env.DATA_DIR ?? '.', 'bound.bin');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const fd = fs.openSync(target, 'w');
  // Request bodies land in reused buffers, as the real server's chunk pool does.
  const idle: Buffer[] = [];
  const server = http.createServer((req, res) => {
    const length = Number(req.headers['content-length']);
    const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1];
    if (!boundary || !(length > 0) || length > UPLOAD_CHUNK_BYTES + HEAD_SCAN_BYTES) {
      res.statusCode = 400;
      res.end();
      return;
    }
    const body = idle.pop() ?? Buffer.allocUnsafe(UPLOAD_CHUNK_BYTES + HEAD_SCAN_BYTES);
    let at = 0;
    req.on('data', (piece: Buffer) => {
      at += piece.copy(body, at);
    });
    req.on('end', () => {
      const headEnd = body.indexOf(CRLF2, body.indexOf(FILE_PART)) + CRLF2.length;
      const head = body.toString('latin1', 0, headEnd);
      const index = Number(field(head, 'iChunk'));
      const last = field(head, 'iUpdadeState') === '1';
      // The body ends with "\r\n--<boundary>--\r\n".
      const end = at - (boundary.length + 8);
      fs.write(fd, body, headEnd, end - headEnd, index * UPLOAD_CHUNK_BYTES, (error) => {
        const done = (e: Error | null) => {
          idle.push(body);
          if (e) {
            res.statusCode = 500;
            res.end(String(e));
          } else {
            answer(res, last ? 1 : 0);
          }
        };
        if (error || !last) {
          done(error);
        } else {
          fs.fdatasync(fd, done);
        }
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
  });
}

main();
