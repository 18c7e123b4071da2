import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-start-'));

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      INIT_CWD: serverDir,
      ...env,
    },
  });
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  return { child, output: () => out };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

async function waitFor(output: () => string, text: string, ms = 60_000) {
  const until = Date.now() + ms;
  while (!output().includes(text)) {
    if (Date.now() > until) {
      throw new Error(`timed out waiting for "${text}"; output:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('start-up on the embedded database', () => {
  it('prints a generated superadmin password once, refuses a second process, closes cleanly', async () => {
    const first = start({});
    await waitFor(first.output, 'PathConsult is running');
    expect(first.output()).toMatch(/Superadmin created: user "admin", password "[A-Za-z0-9]{16}"/);
    // tsx runs the server in a child process of its own: the lock names that live process.
    const lockPid = Number(fs.readFileSync(path.join(dataDir, 'pathconsult.lock'), 'utf8'));
    expect(() => process.kill(lockPid, 0)).not.toThrow();

    const second = start({});
    expect(await exitOf(second.child)).toBe(1);
    expect(second.output()).toContain('data folder is in use by another PathConsult process');

    first.child.kill('SIGTERM');
    expect(await exitOf(first.child), first.output()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pathconsult.lock'))).toBe(false);

    // A restart on the same data reopens it and creates no second superadmin (nor prints one).
    const again = start({});
    await waitFor(again.output, 'PathConsult is running');
    expect(again.output()).not.toContain('Superadmin created');
    again.child.kill('SIGINT');
    expect(await exitOf(again.child), again.output()).toBe(0);
  });
});
