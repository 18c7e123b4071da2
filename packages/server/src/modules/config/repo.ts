import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configuration } from '../../db/schema';

export async function readAllSettings(db: Db): Promise<Record<string, unknown>> {
  // Drizzle parses a jsonb value a second time when the driver hands over a string, so a stored
  // "654321" would come back as the number 654321: read the JSON text and parse it once here.
  const rows = await db
    .select({ key: configuration.key, json: sql<string>`${configuration.value}::text` })
    .from(configuration);
  return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.json) as unknown]));
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
