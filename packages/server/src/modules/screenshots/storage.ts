import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Where screenshots live: `<DATA_DIR>/screenshots/<hospital>/<case>/<uuid>.<png|jpg>`, beside the
 * hospital's slides. Names are generated here and only ever read back from the database; nothing
 * the client sends becomes part of a path.
 */

const STORED_NAME = /^[0-9a-f-]{36}\.(png|jpg)$/;

export interface ScreenshotPlace {
  hospitalId: number;
  patientId: number;
}

export function caseFolder(dataDir: string, place: ScreenshotPlace): string {
  return path.join(dataDir, 'screenshots', String(place.hospitalId), String(place.patientId));
}

function filePath(dataDir: string, place: ScreenshotPlace, storedName: string): string {
  if (!STORED_NAME.test(storedName)) {
    throw new Error(`not a generated screenshot name: ${storedName}`);
  }
  return path.join(caseFolder(dataDir, place), storedName);
}

export function newStoredName(extension: 'png' | 'jpg'): string {
  return `${randomUUID()}.${extension}`;
}

export async function writeScreenshot(
  dataDir: string,
  place: ScreenshotPlace,
  storedName: string,
  bytes: Buffer,
): Promise<void> {
  await mkdir(caseFolder(dataDir, place), { recursive: true });
  await writeFile(filePath(dataDir, place, storedName), bytes, { flag: 'wx' });
}

export function readScreenshot(
  dataDir: string,
  place: ScreenshotPlace,
  storedName: string,
): Promise<Buffer> {
  return readFile(filePath(dataDir, place, storedName));
}

export async function removeScreenshot(
  dataDir: string,
  place: ScreenshotPlace,
  storedName: string,
): Promise<void> {
  await rm(filePath(dataDir, place, storedName), { force: true });
}

/** A deleted case's screenshots (its rows went with it). */
export async function removeCaseScreenshots(
  dataDir: string,
  place: ScreenshotPlace,
): Promise<void> {
  await rm(caseFolder(dataDir, place), { recursive: true, force: true });
}
