import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  coded,
  PAYMENT_FAIL_PATH,
  PAYMENT_SUCCESS_PATH,
  invoiceApi,
  invoiceTokenSchema,
  paymentApi,
  paymentMethodSchema,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ContextOf } from '../../lib/context';
import { attachment } from '../../lib/content-disposition';
import { registerRoute } from '../../lib/route';
import type { InvoiceService } from './invoice.service';
import { PAGE_HEADERS, pageLanguage, renderNotFoundPage, renderPayPage } from './pay-page';
import { decimalToMinor, minorToDecimal, ProviderUnavailableError } from './payment-provider';
import { ATTEMPT_PATTERN, notPayable, PayRefusedError, type PaymentService } from './payment.service';
import type { SandboxProvider } from './sandbox-provider';

/**
 * The pay pages are HTML for people, not API routes: no contract in @tourdesk/contract (the web
 * links to an invoice's payment_url), described here so registerRoute validates their input.
 */
const langSchema = z.enum(['en', 'ru']).optional();
const payPage = {
  method: 'GET',
  path: '/pay/:token',
  isPublic: true,
  query: z.strictObject({ lang: langSchema }),
  response: z.string(),
} as const;
const payPost = {
  method: 'POST',
  path: '/pay/:token',
  isPublic: true,
  body: z.strictObject({
    method: paymentMethodSchema,
    /** sandbox: the payer at the bank pays or fails; a real provider: pay */
    outcome: z.enum(['pay', 'fail']).default('pay'),
    attempt: z.string().regex(ATTEMPT_PATTERN),
    /** the amount the page showed ("6000.00"): an invoice changed since takes no payment and asks again */
    amount: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/),
    lang: langSchema,
  }),
  response: z.string(),
} as const;
const payReturn = {
  method: 'GET',
  path: '/pay/:token/return',
  isPublic: true,
  query: z.strictObject({
    payment: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** the payment page's language, carried on to /org/success or /org/fail */
    lang: langSchema,
  }),
  response: z.string(),
} as const;

const tokenOf = (request: FastifyRequest): string | null => {
  const token = String((request.params as { token?: unknown }).token ?? '');
  return invoiceTokenSchema.safeParse(token).success ? token : null;
};
const wantsHtml = (request: FastifyRequest): boolean => String(request.headers.accept ?? '').includes('text/html');

export const paymentRoutes = (
  app: FastifyInstance,
  deps: {
    invoices: InvoiceService;
    payments: PaymentService;
    sandbox: SandboxProvider;
    contextOf: ContextOf;
    /** the brand's name: who collects when the organizer has no account of its own */
    platformName: string;
  },
): void => {
  const { invoices: s, payments, sandbox, contextOf, platformName } = deps;

  registerRoute(app, invoiceApi.createPayment, ({ request, body }) => {
    const { request_id, ...fields } = body;
    return s.create(contextOf(request), request_id, fields);
  });
  registerRoute(app, invoiceApi.updateInvoice, ({ request, body }) => {
    const { id, request_id, ...fields } = body;
    return s.update(contextOf(request), id, request_id, fields);
  });
  registerRoute(app, invoiceApi.cancelInvoice, ({ request, body }) => s.cancel(contextOf(request), body.id));
  registerRoute(app, invoiceApi.calculatePrepayment, ({ request, body }) =>
    s.calculatePrepayment(contextOf(request), body),
  );
  registerRoute(app, invoiceApi.byRequest, ({ request, query }) => s.byRequest(contextOf(request), query.request_id));
  registerRoute(app, invoiceApi.list, ({ request, query }) => s.list(contextOf(request), query));
  registerRoute(app, invoiceApi.exportCsv, async ({ request, query, reply }) => {
    const { csv, fileName } = await s.exportCsv(contextOf(request), query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'private, no-store')
      .send(csv) as unknown as string;
  });
  registerRoute(app, invoiceApi.refund, ({ request, body }) =>
    s.refund(contextOf(request), body.payment_id, body.amount),
  );
  registerRoute(app, invoiceApi.pollPayment, ({ request, body }) => s.pollPayment(contextOf(request), body.payment_id));

  registerRoute(app, paymentApi.paymentResult, ({ query }) => payments.result(query.token));
  registerRoute(app, paymentApi.yookassaNotification, async ({ body, request }) => {
    const shopId = body.object.recipient?.account_id || undefined;
    try {
      // a shop nobody here connected (nor the platform's) is answered 200 too: nothing to do, and
      // YooKassa would only send it again
      const outcome = await payments.handleNotification('yookassa', body.event, body.object.id, shopId);
      const info = { event: body.event, provider_payment_id: body.object.id, shop_id: shopId ?? null, outcome };
      if (outcome === 'unknown_shop')
        request.log.warn(info, 'a YooKassa notification of a shop not connected: ignored');
      else request.log.info(info, 'YooKassa notification');
    } catch (err) {
      // YooKassa sends it again until it gets a 200: so it does once the API answers
      if (err instanceof ProviderUnavailableError) {
        request.log.error({ err }, 'a YooKassa notification could not be verified');
        throw new AppError('unavailable', { message: 'payment_provider_unavailable' });
      }
      throw err;
    }
    return { success: true };
  });

  // ─── The invoice's payment page ───
  // Its form posts application/x-www-form-urlencoded: parsed in this scope only (the API takes JSON).
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, raw, done) => {
      const params = new URLSearchParams(typeof raw === 'string' ? raw : raw.toString('utf8'));
      const body: Record<string, string | string[]> = {};
      for (const [k, v] of params) {
        const prev = body[k];
        body[k] = prev === undefined ? v : [...[prev].flat(), v];
      }
      done(null, body);
    });

    const notFound = (request: FastifyRequest, reply: FastifyReply, lang?: string): string => {
      if (!wantsHtml(request)) throw AppError.notFound('invoice_not_found');
      return reply
        .status(404)
        .headers(PAGE_HEADERS)
        .send(renderNotFoundPage(pageLanguage(lang, request.headers['accept-language']))) as unknown as string;
    };
    const page = async (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
      opts: { lang?: string; error?: 'unavailable' | 'amount_changed'; method?: 'card' | 'sbp'; status?: number },
    ): Promise<string> => {
      const found = await payments.byToken(token);
      if (!found) return notFound(request, reply, opts.lang);
      const collector = await payments.collectorOf(found.invoice.id, found.invoice.organizer_id);
      const html = renderPayPage({
        found,
        lang: pageLanguage(opts.lang, request.headers['accept-language']),
        provider: collector.provider,
        toOrganizer: collector.organizer,
        platformName,
        notPayable: notPayable(found),
        attempt: crypto.randomBytes(16).toString('base64url'),
        error: opts.error,
        method: opts.method,
      });
      return reply
        .status(opts.status ?? 200)
        .headers(PAGE_HEADERS)
        .send(html) as unknown as string;
    };

    registerRoute(scope, payPage, ({ request, reply, query }) => {
      const token = tokenOf(request);
      return token ? page(request, reply, token, { lang: query.lang }) : notFound(request, reply, query.lang);
    });

    registerRoute(scope, payPost, async ({ request, reply, body }) => {
      const token = tokenOf(request);
      if (!token) return notFound(request, reply, body.lang);
      const found = await payments.byToken(token);
      if (!found) return notFound(request, reply, body.lang);
      const langQuery = body.lang ? `?lang=${body.lang}` : '';
      if (notPayable(found)) return reply.redirect(`/pay/${token}${langQuery}`, 303) as unknown as string;
      // the payer goes on reading the language the page was in
      const lang = pageLanguage(body.lang, request.headers['accept-language']);
      const done = (paid: boolean) =>
        reply.redirect(
          `${paid ? PAYMENT_SUCCESS_PATH : PAYMENT_FAIL_PATH}?invoice=${token}&lang=${lang}`,
          303,
        ) as unknown as string;
      try {
        const { row, payment } = await payments.start(
          found,
          body.method,
          body.attempt,
          decimalToMinor(body.amount)!,
          lang,
        );
        if (row.provider === 'sandbox') {
          // the payer at the sandbox's bank; what it decided reaches the server as any provider's notification
          const decided = sandbox.decide(payment.id, body.outcome);
          if (decided)
            await payments.handleNotification(
              'sandbox',
              decided.status === 'canceled' ? 'payment.canceled' : 'payment.succeeded',
              decided.id,
            );
          const after = await payments.payment(row.id);
          return done(after?.status === 'succeeded');
        }
        if (payment.confirmation?.type === 'redirect')
          return reply.redirect(payment.confirmation.url, 303) as unknown as string;
        return done(payment.status === 'succeeded');
      } catch (err) {
        if (err instanceof PayRefusedError) {
          if (err.reason === 'not_payable')
            return reply.redirect(`/pay/${token}${langQuery}`, 303) as unknown as string;
          // the page was opened before the invoice's amount changed: nothing charged, the new amount asked again
          const now = err.found.invoice;
          if (!wantsHtml(request)) {
            const changed = coded('invoice_amount_changed', {
              amount: `${minorToDecimal(now.amount_minor)} ${now.currency}`,
            });
            throw AppError.validation({ amount: [changed] }, changed);
          }
          return page(request, reply, token, {
            lang: body.lang,
            error: 'amount_changed',
            method: body.method,
            status: 422,
          });
        }
        if (!(err instanceof ProviderUnavailableError)) throw err;
        request.log.error({ err }, 'the payment provider did not answer');
        return page(request, reply, token, { lang: body.lang, error: 'unavailable', method: body.method, status: 503 });
      }
    });

    // Where a provider's page sends the payer back: the payment is asked about (its notification
    // may be late), then the payer goes on to /org/success or /org/fail.
    registerRoute(scope, payReturn, async ({ request, reply, query }) => {
      const token = tokenOf(request);
      const found = token ? await payments.byToken(token) : null;
      if (!token || !found) return notFound(request, reply);
      const rows = await payments.paymentsOfInvoice(found.invoice.id);
      const row = (query.payment ? rows.find((r) => r.id === query.payment) : undefined) ?? rows.at(-1);
      if (row?.status === 'pending') {
        try {
          await payments.poll(row);
        } catch (err) {
          request.log.warn({ err, payment_id: row.id }, 'polling a returning payment failed');
        }
      }
      const after = row ? await payments.payment(row.id) : null;
      const failed = after?.status === 'failed';
      return reply.redirect(
        `${failed ? PAYMENT_FAIL_PATH : PAYMENT_SUCCESS_PATH}?invoice=${token}${query.lang ? `&lang=${query.lang}` : ''}`,
        303,
      ) as unknown as string;
    });
  });
};
