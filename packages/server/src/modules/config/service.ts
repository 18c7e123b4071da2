import { configDtoSchema, type ConfigDto, type ConfigUpdate } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { readAllSettings, writeSettings } from './repo';

/** What a new installation shows until an administrator changes it. */
export const DEFAULT_CONFIG: Required<ConfigDto> = {
  // Empty: the platform's own name, in each reader's language (the web app's common.appName).
  siteTitle: '',
  loginDesc: '',
  forget: false,
  pwdRules: '',
  // Human pathology unless the platform switches the deployment to veterinary cases.
  caseVariant: 1,
  defaultPassword: '123456',
  hospitalsPerGroup: 50,
};

/** The configuration with defaults for unset keys; stored values that no longer parse are ignored. */
export async function getConfig(db: Db): Promise<Required<ConfigDto>> {
  const stored = await readAllSettings(db);
  const merged = { ...DEFAULT_CONFIG };
  for (const key of Object.keys(DEFAULT_CONFIG) as (keyof ConfigDto)[]) {
    // Optional keys parse `undefined` successfully: an unset key must keep its default.
    if (!(key in stored)) {
      continue;
    }
    const parsed = configDtoSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) {
      Object.assign(merged, { [key]: parsed.data });
    }
  }
  return merged;
}

/** What anyone may read, before login too: no administrators' settings. */
export function publicConfig(config: Required<ConfigDto>): ConfigDto {
  const { defaultPassword: _password, hospitalsPerGroup: _cap, ...rest } = config;
  return rest;
}

export async function updateConfig(db: Db, update: ConfigUpdate, userId: number, now: Date) {
  await writeSettings(db, update, userId, now);
  return getConfig(db);
}
