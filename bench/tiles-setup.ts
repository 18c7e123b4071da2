/**
 * What the tile benchmark needs on the machine and on disk: Debian's IIPImage server, nginx,
 * python3-openslide, wrk (the load generator) and libvips-tools (installed with apt-get when missing, after one
 * `apt-get update`), and two slides made once in a cache folder (kept between runs, never in
 * the repository):
 *
 * - `big.tif`: 51,200 × 40,960 pyramidal TIFF, 256² JPEG tiles (quality 80), every level half the
 *   one above (down to 200 × 160), made by libvips from the real tissue of the shared
 *   CMU-1-Small-Region slide mirrored over the whole area, so tiles compress as tissue does;
 * - `gaps.svs`: 32,768 × 24,576 Aperio-style BigTIFF with 240² JPEG tiles and only the downsamples
 *   1, 4 and 16 (as scanners write them): a libvips pyramid of which tiles-gap-file.ts keeps
 *   levels 0, 2 and 4 and to which it gives an Aperio ImageDescription.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeGapFile } from './tiles-gap-file';

const PACKAGES: Array<{ pkg: string; check: () => boolean }> = [
  { pkg: 'iipimage-server', check: () => fs.existsSync(IIPSRV) },
  { pkg: 'nginx', check: () => fs.existsSync('/usr/sbin/nginx') },
  { pkg: 'python3-openslide', check: () => pythonHasOpenSlide() },
  { pkg: 'libvips-tools', check: () => onPath('vips') },
  { pkg: 'wrk', check: () => onPath('wrk') },
];

export const IIPSRV = '/usr/lib/iipimage-server/iipsrv.fcgi';
/** Debian's Python (python3-openslide installs for it, not for other Pythons on PATH). */
export const DEBIAN_PYTHON = '/usr/bin/python3';

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function pythonHasOpenSlide(): boolean {
  return (
    fs.existsSync(DEBIAN_PYTHON) &&
    spawnSync(DEBIAN_PYTHON, ['-c', 'import openslide.deepzoom'], { stdio: 'ignore' }).status === 0
  );
}

/** Installs the missing Debian packages (apt-get update once, then one install). */
export function ensureDebianPackages(): void {
  const missing = PACKAGES.filter((p) => !p.check()).map((p) => p.pkg);
  if (missing.length === 0) {
    return;
  }
  console.log(`Installing ${missing.join(', ')} (apt-get)…`);
  const run = (args: string[]) =>
    execFileSync('apt-get', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['update', '-qq']);
  run(['install', '-y', '-qq', ...missing]);
}

export interface BenchSlides {
  big: string;
  gaps: string;
}

const sh = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });

/** The two slides in `dir`, made unless already there (a run takes about a minute on 2 cores). */
export function ensureSlides(dir: string, tissue: string): BenchSlides {
  fs.mkdirSync(dir, { recursive: true });
  const big = path.join(dir, 'big.tif');
  const gaps = path.join(dir, 'gaps.svs');
  const jpeg = (tile: number) =>
    `[tile,compression=jpeg,Q=80,tile-width=${tile},tile-height=${tile}]`;
  if (!fs.existsSync(path.join(dir, 'rgb.v'))) {
    // The tissue as RGB pixels (OpenSlide, inside libvips, reads the SVS as RGBA).
    sh('vips', ['copy', tissue, 'tissue.v'], dir);
    sh('vips', ['extract_band', 'tissue.v', 'rgb.v', '0', '--n', '3'], dir);
    fs.rmSync(path.join(dir, 'tissue.v'));
  }
  if (!fs.existsSync(big)) {
    console.log('Making big.tif (51,200 × 40,960, pyramidal JPEG)…');
    const out = `big.tmp.tif${jpeg(256).replace(']', ',pyramid,bigtiff]')}`;
    sh('vips', ['embed', 'rgb.v', out, '0', '0', '51200', '40960', '--extend', 'mirror'], dir);
    fs.renameSync(path.join(dir, 'big.tmp.tif'), big);
  }
  if (!fs.existsSync(gaps)) {
    console.log('Making gaps.svs (32,768 × 24,576, downsamples 1, 4, 16)…');
    const pyramid = `gaps-pyramid.tif${jpeg(240).replace(']', ',pyramid,bigtiff]')}`;
    sh('vips', ['embed', 'rgb.v', pyramid, '0', '0', '32768', '24576', '--extend', 'mirror'], dir);
    const description =
      'Aperio Image Library v12.0.15\n32768x24576 [0,0 32768x24576] (240x240) JPEG/RGB Q=80' +
      '|AppMag = 20|ScanScope ID = BENCH|MPP = 0.4990';
    writeGapFile(path.join(dir, 'gaps-pyramid.tif'), path.join(dir, 'gaps.tmp.svs'), description);
    fs.rmSync(path.join(dir, 'gaps-pyramid.tif'));
    fs.renameSync(path.join(dir, 'gaps.tmp.svs'), gaps);
  }
  return { big, gaps };
}
