import { LOGIN_PROVIDERS, type LoginProvider } from '@polymath/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';

/** Login connections of a user, in a fixed order: credential, google, apple. */
export async function providersOf(db: Db, userId: string): Promise<LoginProvider[]> {
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
  const held = new Set(rows.map((r) => r.providerId));
  return LOGIN_PROVIDERS.filter((p) => held.has(p));
}
