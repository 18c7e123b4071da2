import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTurboJpeg } from '../src/slides/codec/turbojpeg-binding';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

// The compose threads need libturbojpeg, installed here and on CI (.ci/run).
describe.runIf(loadTurboJpeg())('closing the compose threads', () => {
  it('never aborts the process, even while a thread is still loading its native modules', async () => {
    const child = spawn(tsx, ['test/fixtures/compose-pool-churn.ts'], { cwd: serverDir });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Ended mid-load, koffi's thread stops the process with "FATAL ERROR … napi_throw" (134).
    expect(code, output).toBe(0);
    expect(output).toContain('closed 41 times');
  }, 60_000);
});
