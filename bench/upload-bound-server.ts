/**
 * The bound of the upload benchmark: a minimal node:http server that takes the same chunk
 * requests as the real one (multipart, 1 MB of slide per request, from the same client), finds
 * each chunk's bytes in the body and answers, storing nothing — like tiles-raw-server.ts for
 * tiles. No session, database, checksum, quota, running digest or disk: what is left is what
 * loopback HTTP and the client cost on this machine, more than any upload server in Node could
 * reach here. (Writing the bytes as well, buffered, made it no faster than dd's first run: this
 * virtual machine's page cache is slow to grow.) It counts the bytes it was given, and the
 * flagged last chunk's answer says how many (lReceived), so the bench checks nothing was lost.
 *
 *   PORT=0 node --import tsx upload-bound-server.ts   (prints READY <port>)
 */
import http from 'node:http';
import { UPLOAD_CHUNK_BYTES } from '@pathconsult/shared';

const HEAD_SCAN_BYTES = 2048;
const CRLF2 = Buffer.from('\r\n\r\n');
const FILE_PART = Buffer.from('name="file"');
const LAST = Buffer.from('name="iUpdadeState"\r\n\r\n1');

function main(): void {
  let received = 0;
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
      // The fields come first, then the file's part; the body ends "\r\n--<boundary>--\r\n".
      const start = body.indexOf(CRLF2, body.indexOf(FILE_PART)) + CRLF2.length;
      received += at - (boundary.length + 8) - start;
      const last = body.subarray(0, start).includes(LAST);
      idle.push(body);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          iCode: 0,
          strMessage: 'ok',
          objData: { ddUploadState: { iNumber: last ? 1 : 0 }, lReceived: received },
        }),
      );
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
