import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The lease on a tile-pack folder (tile-pack-store.ts): a `lease` file holding the host and pid of
 * the process that writes there, renewed every 30 s and removed when it closes. A folder whose
 * lease is stale belongs to no running process and may be taken over.
 */
export const LEASE_RENEW_MS = 30_000;
const LEASE_STALE_MS = 180_000;

const leaseFile = (folder: string) => path.join(folder, 'lease');

/** Takes the lease of a new folder of this process. */
export async function takeLease(folder: string): Promise<void> {
  await fs.writeFile(leaseFile(folder), `${os.hostname()} ${process.pid}`);
}

/** Gives the lease up (at close): the next start takes the folder over at once. */
export async function giveUpLease(folder: string): Promise<void> {
  await fs.rm(leaseFile(folder), { force: true });
}

/** Renews the lease; throws when the folder is gone. */
export async function renewLeaseOf(folder: string): Promise<void> {
  const now = new Date();
  await fs.utimes(leaseFile(folder), now, now);
}

/**
 * Whether `folder` belongs to a running process: renewed within 3 minutes and, on
 * this host, by a process that still exists (not this one: a restarted container reuses pids).
 */
export async function leaseIsLive(folder: string): Promise<boolean> {
  const lease = leaseFile(folder);
  const [info, text] = await Promise.all([
    fs.stat(lease).catch(() => null),
    fs.readFile(lease, 'utf8').catch(() => ''),
  ]);
  if (!info || Date.now() - info.mtimeMs >= LEASE_STALE_MS) {
    return false;
  }
  const [host, pidText] = text.split(' ');
  if (host !== os.hostname()) {
    return true;
  }
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) {
    return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
