import { expectOk } from './assertions';
import type { ApiClient } from './http';

/** The configured number of hospitals per group of a fresh test app (configinfo default). */
const USUAL_CAP = 50;

/**
 * Runs `fn` with at most `cap` hospitals per group (configinfo/update by the platform
 * administrator's `token`), and puts the usual cap back whatever happens, so that later tests of
 * the file are not limited.
 */
export async function withGroupCap<T>(
  api: ApiClient,
  token: string,
  cap: number,
  fn: () => Promise<T>,
): Promise<T> {
  expectOk(await api.post('configinfo/update', { hospitalsPerGroup: cap }, { token }));
  try {
    return await fn();
  } finally {
    await api.post('configinfo/update', { hospitalsPerGroup: USUAL_CAP }, { token });
  }
}
