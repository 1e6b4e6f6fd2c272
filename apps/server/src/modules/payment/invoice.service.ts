import {
  BOOKING_STATUS,
  INVOICE_EXPORT_MAX_ROWS,
  coded,
  isBookingCanceled,
  type BookingStatus,
  type CalculatePrepaymentResponse,
  type Invoice,
  type InvoiceListResponse,
  type PaymentType,
  type PrepaymentType,
  type RequestInvoices,
  userActor,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../../lib/domain-events';
import type { ServiceContext } from '../../lib/context';
import { toMajor, toMinor } from '../../lib/money';
import type { Tenancy } from '../../lib/tenancy';
import { lockRequest } from '../request';
import { invoicesCsv } from './invoice.csv';
import { invoiceOf, invoicesOfRequest, paidOf } from './invoice.mapper';
import { invoiceQueries, type InvoiceFilter, type InvoiceRow, type RequestMoney } from './invoice.repository';
import { startOfDayIn } from './calendar';
import type { PaymentService } from './payment.service';
import { ProviderUnavailableError } from './payment-provider';
import { newPublicToken } from './payment.service';
import { percentOfWhole, prepaymentMinor } from './prepayment';

export interface InvoiceFields {
  amount: number;
  message: string;
  title: string;
  contract_id: number | null;
  prepayment_percent: number | null;
  payment_type: PaymentType;
}

export interface InvoiceFilterInput {
  organizer_id: number;
  date_from?: string;
  date_to?: string;
  tour_id?: number;
  method?: string;
  status?: number;
}

/** A request past taking money: canceled (5–8) or its tour complete (4). */
const isClosed = (status: number): boolean =>
  isBookingCanceled(status as BookingStatus) || status === BOOKING_STATUS.tour_complete;

const formatMoney = (minor: number, currency: string): string => `${toMajor(minor).toFixed(2)} ${currency}`;

/** A provider that cannot be reached is the SPEC's 503 with a code the web translates. */
const unavailable = (err: unknown): never => {
  if (err instanceof ProviderUnavailableError)
    throw new AppError('unavailable', { message: 'payment_provider_unavailable' });
  throw err;
};

/**
 * Invoices of requests (SPEC §7 /crm/api/invoice/), scoped to the request's organizer: another
 * tenant's request, invoice or payment is 404. Amounts are minor units inside, major in the API.
 */
export const createInvoiceService = (deps: {
  db: Db;
  tenancy: Tenancy;
  payments: PaymentService;
  publicUrl: string;
}) => {
  const { db, tenancy, payments, publicUrl } = deps;
  const q = invoiceQueries(db);

  const accessibleRequest = async (ctx: ServiceContext, requestId: number): Promise<RequestMoney> => {
    const row = await q.requestMoney(requestId);
    if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, 'payments')))
      throw AppError.notFound('request_not_found');
    return row;
  };
  const accessibleInvoice = async (ctx: ServiceContext, id: number): Promise<InvoiceRow> => {
    const row = await q.invoice(id);
    if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, 'payments')))
      throw AppError.notFound('invoice_not_found');
    return row;
  };
  const view = async (id: number): Promise<Invoice> => {
    const row = (await q.invoice(id))!;
    return invoiceOf(row, await q.paymentsOf([id]), publicUrl);
  };

  /**
   * The checks of an invoice's fields against its request, inside the transaction holding the
   * request's lock: a live request, a contract of its organizer, one live prepayment invoice, and
   * no more than is left to pay (the price less what is paid and what other new invoices ask).
   */
  const checkFields = async (tx: Db, request: RequestMoney, f: InvoiceFields, exceptId?: number) => {
    const t = invoiceQueries(tx);
    if (isClosed(request.status))
      throw AppError.validation({ request_id: ['invoice_request_closed'] }, 'invoice_request_closed');
    if (f.contract_id !== null && !(await t.contractOfOrganizer(f.contract_id, request.organizer_id)))
      throw AppError.validation({ contract_id: ['incorrect_value'] });
    if (f.payment_type === 'prepayment' && (await t.livePrepaymentInvoice(request.id, exceptId)))
      throw AppError.validation({ payment_type: ['invoice_prepayment_exists'] });
    const fresh = (await t.requestMoney(request.id))!;
    const left = fresh.total_minor - fresh.paid_minor - (await t.openInvoicesMinor(request.id, exceptId));
    const amount = toMinor(f.amount);
    if (left <= 0) throw AppError.validation({ amount: ['request_nothing_to_pay'] });
    if (amount > left)
      throw AppError.validation({
        amount: [coded('invoice_over_balance', { balance: formatMoney(left, fresh.currency) })],
      });
    return {
      amount_minor: amount,
      title: f.title,
      message: f.message,
      contract_id: f.contract_id,
      payment_type: f.payment_type,
      prepayment_percent:
        f.prepayment_percent !== null
          ? f.prepayment_percent.toFixed(2)
          : f.payment_type === 'prepayment'
            ? (percentOfWhole(amount, fresh.total_minor)?.toFixed(2) ?? null)
            : null,
    };
  };

  const filterOf = async (ctx: ServiceContext, f: InvoiceFilterInput): Promise<InvoiceFilter> => {
    await tenancy.assertMember(ctx.userId, f.organizer_id, 'payments');
    if (f.tour_id !== undefined && !(await q.tourOfOrganizer(f.tour_id, f.organizer_id)))
      throw AppError.notFound('tour_not_found');
    const tz = await q.organizerTimezone(f.organizer_id);
    return {
      organizerId: f.organizer_id,
      from: f.date_from ? startOfDayIn(tz, f.date_from, 0) : null,
      to: f.date_to ? startOfDayIn(tz, f.date_to, 1) : null,
      tourId: f.tour_id,
      method: f.method,
      status: f.status,
    };
  };

  return {
    create: async (ctx: ServiceContext, requestId: number, f: InvoiceFields): Promise<Invoice> => {
      const request = await accessibleRequest(ctx, requestId);
      const id = await q.transaction(async (tx) => {
        await lockRequest(tx, request.id);
        const values = await checkFields(tx, request, f);
        const row = await invoiceQueries(tx).insertInvoice({
          ...values,
          request_id: request.id,
          organizer_id: request.organizer_id,
          currency: request.currency,
          public_token: newPublicToken(),
        });
        await recordEvent(tx, {
          type: 'invoice.issued',
          aggregateId: row.id,
          organizerId: request.organizer_id,
          actor: userActor(ctx.userId),
          payload: {
            request_id: request.id,
            invoice_id: row.id,
            amount_minor: row.amount_minor,
            currency: row.currency,
          },
        });
        return row.id;
      });
      return view(id);
    },

    update: async (ctx: ServiceContext, id: number, requestId: number | undefined, f: InvoiceFields) => {
      const invoice = await accessibleInvoice(ctx, id);
      if (requestId !== undefined && requestId !== invoice.request_id) throw AppError.notFound('invoice_not_found');
      const request = (await q.requestMoney(invoice.request_id))!;
      await q.transaction(async (tx) => {
        await lockRequest(tx, request.id);
        const current = (await invoiceQueries(tx).invoice(id))!;
        if (current.status !== 1) throw AppError.validation({ id: ['invoice_not_editable'] }, 'invoice_not_editable');
        const values = await checkFields(tx, request, f, id);
        await invoiceQueries(tx).updateInvoice(id, values);
      });
      return view(id);
    },

    /** A new invoice is withdrawn (3); a paid or canceled one cannot be (invoice_not_editable). */
    cancel: async (ctx: ServiceContext, id: number): Promise<Invoice> => {
      const invoice = await accessibleInvoice(ctx, id);
      await q.transaction(async (tx) => {
        await lockRequest(tx, invoice.request_id);
        const current = (await invoiceQueries(tx).invoice(id))!;
        if (current.status !== 1) throw AppError.validation({ id: ['invoice_not_editable'] }, 'invoice_not_editable');
        await invoiceQueries(tx).updateInvoice(id, { status: 3, canceled_at: new Date() });
      });
      return view(id);
    },

    calculatePrepayment: async (
      ctx: ServiceContext,
      input: {
        request_id: number;
        tourists_count: number;
        price: number;
        prepayment_type: PrepaymentType;
        prepayment_size: number;
      },
    ): Promise<CalculatePrepaymentResponse> => {
      const request = await accessibleRequest(ctx, input.request_id);
      const unit = toMinor(input.price);
      const total = unit * input.tourists_count;
      const prepayment = prepaymentMinor({
        unitPriceMinor: unit,
        touristsCount: input.tourists_count,
        type: input.prepayment_type,
        size: input.prepayment_type === 'percent' ? input.prepayment_size : toMinor(input.prepayment_size),
      });
      return {
        prepayment: toMajor(prepayment),
        total: toMajor(total),
        currency: request.currency as CalculatePrepaymentResponse['currency'],
        prepayment_percent: percentOfWhole(prepayment, total),
      };
    },

    byRequest: async (ctx: ServiceContext, requestId: number): Promise<RequestInvoices> => {
      const request = await accessibleRequest(ctx, requestId);
      return invoicesOfRequest(db, request.id, publicUrl);
    },

    list: async (
      ctx: ServiceContext,
      input: InvoiceFilterInput & { page: number; limit: number },
    ): Promise<InvoiceListResponse> => {
      const filter = await filterOf(ctx, input);
      const { total, rows } = await q.listPage(filter, input.limit, (input.page - 1) * input.limit);
      const payments = await q.paymentsOf(rows.map((r) => r.invoice.id));
      const totals = await q.totals(filter);
      return {
        items: rows.map((r) => {
          const { paid, refunded } = paidOf(r.invoice.id, payments);
          return {
            ...invoiceOf(r.invoice, payments, publicUrl),
            customer_name: r.customer_name,
            request_status: r.request_status as BookingStatus,
            tour: r.tour_id !== null ? { id: r.tour_id, name: r.tour_name ?? '' } : null,
            date_start: r.date_start,
            paid_amount: toMajor(paid),
            refunded_amount: toMajor(refunded),
          };
        }),
        total,
        page: input.page,
        limit: input.limit,
        totals: totals.map((t) => ({
          currency: t.currency as InvoiceListResponse['totals'][number]['currency'],
          invoiced: toMajor(Number(t.invoiced)),
          paid: toMajor(Number(t.paid)),
          refunded: toMajor(Number(t.refunded)),
        })),
      };
    },

    /** The CSV of every invoice the filters match (at most INVOICE_EXPORT_MAX_ROWS, newest first). */
    exportCsv: async (ctx: ServiceContext, input: InvoiceFilterInput): Promise<{ csv: string; fileName: string }> => {
      const filter = await filterOf(ctx, input);
      const rows = await q.listAll(filter, INVOICE_EXPORT_MAX_ROWS);
      const payments = await q.paymentsOf(rows.map((r) => r.invoice.id));
      const tz = await q.organizerTimezone(input.organizer_id);
      const csv = invoicesCsv(rows, payments, { lang: ctx.lang, timeZone: tz, publicUrl });
      const period = [input.date_from, input.date_to].filter(Boolean).join('_');
      return { csv, fileName: `payments-${input.organizer_id}${period ? `-${period}` : ''}.csv` };
    },

    refund: async (ctx: ServiceContext, paymentId: number, amount: number): Promise<Invoice> => {
      const row = await payments.payment(paymentId);
      if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, 'payments')))
        throw AppError.notFound('payment_not_found');
      await payments.refund(row, toMinor(amount)).catch(unavailable);
      return view(row.invoice_id);
    },

    /** Asks the provider about a pending payment (a late notification) and answers its invoice. */
    pollPayment: async (ctx: ServiceContext, paymentId: number): Promise<Invoice> => {
      const row = await payments.payment(paymentId);
      if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, 'payments')))
        throw AppError.notFound('payment_not_found');
      await payments.poll(row).catch(unavailable);
      return view(row.invoice_id);
    },
  };
};
export type InvoiceService = ReturnType<typeof createInvoiceService>;
