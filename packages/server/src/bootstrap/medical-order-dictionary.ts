import { count, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { medicalOrderItems } from '../db/schema';
import { PLATFORM_ORDER_ITEMS } from './medical-order-items';

/**
 * Gives the platform its starting order dictionary, once: while the platform dictionary is empty.
 * From then on it belongs to the platform administrators — an item they renamed or disabled is
 * not brought back at the next start. Returns how many items were added. Two servers starting
 * together add the list once (the unique name index lets the second one's rows pass).
 */
export async function ensureMedicalOrderDictionary(db: Db): Promise<number> {
  const [existing] = await db
    .select({ n: count() })
    .from(medicalOrderItems)
    .where(isNull(medicalOrderItems.hospitalId));
  if ((existing?.n ?? 0) > 0) {
    return 0;
  }
  const added = await db
    .insert(medicalOrderItems)
    .values(
      PLATFORM_ORDER_ITEMS.map((item, i) => ({
        hospitalId: null,
        category: item.category,
        name: item.name,
        code: item.code,
        // Steps of 10 leave room to slot an item in between without renumbering.
        sortOrder: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: medicalOrderItems.id });
  return added.length;
}
