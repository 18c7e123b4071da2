import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { ensureSuperadmin } from '../src/bootstrap/superadmin';
import { testDatabases } from './helpers/databases';

const postgres = (await testDatabases()).filter((d) => d.name === 'postgres');

describe.each(postgres)('several instances starting together on $name', (testDb) => {
  it('migrate one after another and create a single superadmin', async () => {
    const { target, drop } = await testDb.create();
    try {
      const instances = await Promise.all([
        openDatabase(target),
        openDatabase(target),
        openDatabase(target),
      ]);
      const created = await Promise.all(
        instances.map((d) => d.exclusive(() => ensureSuperadmin(d.db, undefined))),
      );
      const winners = created.filter((c) => c !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]?.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      const [row] = await instances[0]!.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(1);
      await Promise.all(instances.map((d) => d.close()));
    } finally {
      await drop();
    }
  });
});
