import { and, asc, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankAccounts,
  contractTemplates,
  invoices,
  organizers,
  requests,
  requestTourists,
  tourDates,
  tourPenalties,
  tourProgramDays,
  tours,
} from '../../db/schema/index';
import { INVOICE_STATUS } from '@tourdesk/contract';

export type ContractRequestRow = typeof requests.$inferSelect;
export type ContractTouristRow = typeof requestTourists.$inferSelect;
export type ContractInvoiceRow = typeof invoices.$inferSelect;
export type ContractTemplateRow = typeof contractTemplates.$inferSelect;

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

/** What the contract PDF reads: the request and its tourists, tour, departure, invoices, organizer and template. */
export const createRequestContractRepository = (db: Db) => ({
  request: async (id: number): Promise<ContractRequestRow | null> =>
    first(await db.select().from(requests).where(eq(requests.id, id)).limit(1)),
  tourists: (requestId: number): Promise<ContractTouristRow[]> =>
    db
      .select()
      .from(requestTourists)
      .where(eq(requestTourists.request_id, requestId))
      .orderBy(asc(requestTourists.position), asc(requestTourists.id)),
  tour: async (id: number) =>
    first(
      await db
        .select({
          id: tours.id,
          name: tours.name,
          type: tours.type,
          duration: tours.duration,
          gathering_place: tours.gathering_place,
          in_price: tours.in_price,
          not_in_price: tours.not_in_price,
          use_standard_cancellation_terms: tours.use_standard_cancellation_terms,
        })
        .from(tours)
        .where(eq(tours.id, id))
        .limit(1),
    ),
  programDays: (tourId: number) =>
    db
      .select({ day: tourProgramDays.day, title: tourProgramDays.title, description: tourProgramDays.description })
      .from(tourProgramDays)
      .where(eq(tourProgramDays.tour_id, tourId))
      .orderBy(asc(tourProgramDays.day)),
  /** The tour's own cancellation penalties (used unless it keeps the organizer's standard terms). */
  tourPenalties: (tourId: number) =>
    db
      .select({ days_before: tourPenalties.days_before, percent: tourPenalties.percent })
      .from(tourPenalties)
      .where(eq(tourPenalties.tour_id, tourId)),
  departure: async (id: number) => first(await db.select().from(tourDates).where(eq(tourDates.id, id)).limit(1)),
  /** The request's invoices but canceled ones, oldest first. */
  invoices: (requestId: number): Promise<ContractInvoiceRow[]> =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.request_id, requestId), ne(invoices.status, INVOICE_STATUS.canceled)))
      .orderBy(asc(invoices.id)),
  /** The contract template the newest live invoice of the request names, if it is the organizer's own. */
  invoiceTemplate: async (requestId: number, organizerId: number): Promise<ContractTemplateRow | null> =>
    first(
      await db
        .select({ t: contractTemplates })
        .from(invoices)
        .innerJoin(contractTemplates, eq(contractTemplates.id, invoices.contract_id))
        .where(
          and(
            eq(invoices.request_id, requestId),
            ne(invoices.status, INVOICE_STATUS.canceled),
            isNotNull(invoices.contract_id),
            eq(contractTemplates.organizer_id, organizerId),
          ),
        )
        .orderBy(desc(invoices.id))
        .limit(1),
    )?.t ?? null,
  /** The organizer's default template of type contract. */
  defaultTemplate: async (organizerId: number): Promise<ContractTemplateRow | null> =>
    first(
      await db
        .select()
        .from(contractTemplates)
        .where(
          and(
            eq(contractTemplates.organizer_id, organizerId),
            eq(contractTemplates.type, 'contract'),
            eq(contractTemplates.is_default, true),
          ),
        )
        .orderBy(desc(contractTemplates.updated_at), desc(contractTemplates.id))
        .limit(1),
    ),
  organizer: async (id: number) =>
    first(
      await db
        .select({
          id: organizers.id,
          name: organizers.name,
          profile: organizers.profile,
          own_request_bank_account_id: organizers.own_request_bank_account_id,
        })
        .from(organizers)
        .where(eq(organizers.id, id))
        .limit(1),
    ),
  /** The account own requests are paid to, else the default one, else the first; null without any. */
  bankAccount: async (organizerId: number, preferredId: number | null) =>
    first(
      await db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.organizer_id, organizerId))
        .orderBy(
          desc(preferredId === null ? bankAccounts.is_default : eq(bankAccounts.id, preferredId)),
          desc(bankAccounts.is_default),
          asc(bankAccounts.id),
        )
        .limit(1),
    ),
});
export type RequestContractRepository = ReturnType<typeof createRequestContractRepository>;
