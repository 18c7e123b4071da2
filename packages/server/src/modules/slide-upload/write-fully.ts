import type { FileHandle } from 'node:fs/promises';

/**
 * Writes all of `bytes` at `offset`, going on after short writes while `accept(bytesWritten)`
 * says a short write may be continued. False when it stopped early: a write of nothing (which
 * would otherwise loop for ever) or one `accept` refuses.
 */
export async function writeFully(
  handle: FileHandle,
  bytes: Uint8Array,
  offset: number,
  accept: (bytesWritten: number) => boolean = () => true,
): Promise<boolean> {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(
      bytes,
      written,
      bytes.length - written,
      offset + written,
    );
    if (bytesWritten === 0 || !accept(bytesWritten)) {
      return false;
    }
    written += bytesWritten;
  }
  return true;
}
