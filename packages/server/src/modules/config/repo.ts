import type { Db } from '../../db/client';
import { configuration } from '../../db/schema';

export async function readAllSettings(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.select().from(configuration);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function writeSettings(
  db: Db,
  values: Record<string, unknown>,
  userId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(values)) {
      await tx
        .insert(configuration)
        .values({ key, value, updatedAt: now, updatedBy: userId })
        .onConflictDoUpdate({
          target: configuration.key,
          set: { value, updatedAt: now, updatedBy: userId },
        });
    }
  });
}
