import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appSettings } from './schema.ts';

/**
 * Returns a server-wide value shared by every instance on this database, storing `create()`'s
 * value on first use. When two instances start at once, the first insert wins and both read it.
 * @param key the `app_settings` key.
 * @param create makes the value when none is stored yet (called at most once per call).
 * @throws when the row cannot be stored or read back.
 */
export async function loadOrCreateSetting(db: Db, key: string, create: () => Promise<string> | string): Promise<string> {
  const [existing] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (existing) return existing.value;
  await db
    .insert(appSettings)
    .values({ key, value: await create() })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`${key} could not be stored`);
  return row.value;
}
