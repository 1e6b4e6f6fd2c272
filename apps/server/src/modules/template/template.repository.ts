import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractTemplates, meetDataTemplates } from '../../db/schema/index';

export type ContractTemplateRow = typeof contractTemplates.$inferSelect;
export type MeetDataTemplateRow = typeof meetDataTemplates.$inferSelect;
type ContractValues = Pick<ContractTemplateRow, 'name' | 'type' | 'content' | 'is_default'>;
type MeetDataValues = Pick<MeetDataTemplateRow, 'name' | 'text' | 'place' | 'contact_phone' | 'is_default'>;

const queries = (db: Db) => ({
  listContracts: (organizerId: number) =>
    db
      .select()
      .from(contractTemplates)
      .where(eq(contractTemplates.organizer_id, organizerId))
      .orderBy(asc(contractTemplates.id)),
  findContract: async (id: number): Promise<ContractTemplateRow | null> =>
    (await db.select().from(contractTemplates).where(eq(contractTemplates.id, id)).limit(1))[0] ?? null,
  insertContract: async (organizerId: number, v: ContractValues): Promise<ContractTemplateRow> =>
    (
      await db
        .insert(contractTemplates)
        .values({ ...v, organizer_id: organizerId })
        .returning()
    )[0]!,
  updateContract: async (id: number, v: ContractValues): Promise<ContractTemplateRow> =>
    (
      await db
        .update(contractTemplates)
        .set({ ...v, updated_at: new Date() })
        .where(eq(contractTemplates.id, id))
        .returning()
    )[0]!,
  deleteContract: async (id: number): Promise<void> => {
    await db.delete(contractTemplates).where(eq(contractTemplates.id, id));
  },
  /** One default template per organizer and type. */
  clearContractDefaults: async (organizerId: number, type: string, keepId: number): Promise<void> => {
    await db
      .update(contractTemplates)
      .set({ is_default: false })
      .where(
        and(
          eq(contractTemplates.organizer_id, organizerId),
          eq(contractTemplates.type, type),
          ne(contractTemplates.id, keepId),
        ),
      );
  },
  listMeetData: (organizerId: number) =>
    db
      .select()
      .from(meetDataTemplates)
      .where(eq(meetDataTemplates.organizer_id, organizerId))
      .orderBy(asc(meetDataTemplates.id)),
  findMeetData: async (id: number): Promise<MeetDataTemplateRow | null> =>
    (await db.select().from(meetDataTemplates).where(eq(meetDataTemplates.id, id)).limit(1))[0] ?? null,
  insertMeetData: async (organizerId: number, v: MeetDataValues): Promise<MeetDataTemplateRow> =>
    (
      await db
        .insert(meetDataTemplates)
        .values({ ...v, organizer_id: organizerId })
        .returning()
    )[0]!,
  updateMeetData: async (id: number, v: MeetDataValues): Promise<MeetDataTemplateRow> =>
    (
      await db
        .update(meetDataTemplates)
        .set({ ...v, updated_at: new Date() })
        .where(eq(meetDataTemplates.id, id))
        .returning()
    )[0]!,
  deleteMeetData: async (id: number): Promise<void> => {
    await db.delete(meetDataTemplates).where(eq(meetDataTemplates.id, id));
  },
  clearMeetDataDefaults: async (organizerId: number, keepId: number): Promise<void> => {
    await db
      .update(meetDataTemplates)
      .set({ is_default: false })
      .where(and(eq(meetDataTemplates.organizer_id, organizerId), ne(meetDataTemplates.id, keepId)));
  },
});
export type TemplateQueries = ReturnType<typeof queries>;

export const createTemplateRepository = (db: Db) => ({
  ...queries(db),
  transaction: <T>(fn: (repo: TemplateQueries) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db))),
});
export type TemplateRepository = ReturnType<typeof createTemplateRepository>;
