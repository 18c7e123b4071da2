/**
 * The tile benchmark's other servers, each a child process on its own port, ended with the bench:
 * IIPImage (Debian's iipsrv.fcgi, standalone FastCGI) behind nginx, OpenSlide's Deep Zoom
 * generator (tiles-openslide-dz.py under Debian's Python) and the raw-bytes bound
 * (tiles-raw-server.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DEBIAN_PYTHON, IIPSRV } from './tiles-setup';

const benchDir = import.meta.dirname;
const READY_TIMEOUT_MS = 120_000;

export interface Child {
  pid: number;
  stop(): Promise<void>;
}

function ended(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
    } else {
      child.once('exit', () => resolve());
    }
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts `command` and resolves once `port` accepts connections. */
async function startChild(
  what: string,
  command: string,
  args: string[],
  port: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Child> {
  if (await portOpen(port)) {
    throw new Error(`${what}: port ${port} is already in use`);
  }
  const child = spawn(command, args, { cwd: benchDir, env, stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exit = ended(child);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not start: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/**
 * IIPImage (one iipsrv process, as Debian runs it, with its default 10 MB tile cache and JPEG
 * quality 75) serving `dir`, behind one nginx worker (IIPImage's documented nginx set-up). Deep
 * Zoom URLs: `/fcgi-bin/iipsrv.fcgi?DeepZoom=<file>_files/<level>/<col>_<row>.jpg`.
 */
export async function startIipImage(
  dir: string,
  work: string,
  nginxPort: number,
  fcgiPort: number,
): Promise<Child> {
  fs.mkdirSync(work, { recursive: true });
  const iip = await startChild(
    'iipsrv',
    IIPSRV,
    ['--bind', `127.0.0.1:${fcgiPort}`, '--backlog', '1024'],
    fcgiPort,
    {
      ...process.env,
      LOGFILE: path.join(work, 'iipsrv.log'),
      VERBOSITY: '0',
      FILESYSTEM_PREFIX: `${dir}/`,
    },
  );
  const conf = path.join(work, 'nginx.conf');
  const t = (name: string) => path.join(work, name);
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${t('nginx.pid')};
error_log ${t('nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${t('body')};
  fastcgi_temp_path ${t('fastcgi')};
  proxy_temp_path ${t('proxy')};
  uwsgi_temp_path ${t('uwsgi')};
  scgi_temp_path ${t('scgi')};
  server {
    listen 127.0.0.1:${nginxPort};
    location /fcgi-bin/iipsrv.fcgi {
      fastcgi_pass 127.0.0.1:${fcgiPort};
      fastcgi_param QUERY_STRING $query_string;
      fastcgi_param REQUEST_METHOD $request_method;
      fastcgi_param REQUEST_URI $request_uri;
      fastcgi_param SERVER_PROTOCOL $server_protocol;
      fastcgi_param HTTP_HOST $host;
    }
  }
}
`,
  );
  let nginx: Child;
  try {
    nginx = await startChild('nginx', '/usr/sbin/nginx', ['-c', conf], nginxPort);
  } catch (error) {
    await iip.stop();
    throw error;
  }
  return {
    pid: iip.pid,
    async stop() {
      await nginx.stop();
      await iip.stop();
    },
  };
}

/** OpenSlide's DeepZoomGenerator on `slides` (name → tile size and path). */
export function startOpenSlideDz(
  port: number,
  slides: Record<string, { tileSize: number; file: string }>,
): Promise<Child> {
  const args = Object.entries(slides).map(([n, s]) => `${n}=${s.tileSize}=${s.file}`);
  return startChild(
    'OpenSlide Deep Zoom server',
    DEBIAN_PYTHON,
    [path.join(benchDir, 'tiles-openslide-dz.py'), String(port), ...args],
    port,
  );
}

/** The raw-bytes bound over the tiles listed in `listFile` (tiles-raw-server.ts). */
export function startRawServer(port: number, listFile: string): Promise<Child> {
  return startChild(
    'raw-bytes server',
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'tiles-raw-server.ts'), String(port), listFile],
    port,
  );
}
