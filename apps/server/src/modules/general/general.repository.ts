import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages, partnerSites } from '../../db/schema/index';

export type PartnerSiteRow = typeof partnerSites.$inferSelect;

export const createGeneralRepository = (db: Db) => ({
  listPartnerSites: (): Promise<PartnerSiteRow[]> => db.select().from(partnerSites),
  findPartnerSiteByDomain: async (domain: string): Promise<PartnerSiteRow | undefined> =>
    (await db.select().from(partnerSites).where(eq(partnerSites.domain, domain)).limit(1))[0],
  listOutbox: (limit: number) => db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit),
});
export type GeneralRepository = ReturnType<typeof createGeneralRepository>;
