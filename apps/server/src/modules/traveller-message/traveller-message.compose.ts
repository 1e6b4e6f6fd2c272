import type { FastifyBaseLogger } from 'fastify';
import { isBookingCanceled, type BookingStatus, type Language, type TravellerMessageKind } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { createBackgroundRuns } from '../../lib/background-runs';
import { calendarDayIn } from '../../lib/calendar-day';
import type { Delivery, MessageAttachment, OutgoingMessage } from '../../lib/transports/index';
import { formatAmount, payUrl } from '../payment';
import { contractFormat, fillPlaceholders, requestPlaceholderValues } from '../request';
import { AFTER_CANCEL } from './traveller-message.plan';
import { renderEmail, plainTextOf, type MessageView } from './traveller-message.render';
import {
  travellerMessageQueries,
  type SettingsRow,
  type TravellerMessageQueries,
  type TravellerMessageRow,
} from './traveller-message.repository';
import { CANCEL_REASONS, LAYOUT, REFUND_METHODS, SHIPPED_TEXTS, type KindText } from './traveller-message.texts';

/** How long a node has to render a claimed message before another may. */
const LEASE_MS = 2 * 60_000;
const BATCH = 10;
const MAX_BATCHES = 20;

/** The organizer's text of a kind in a language, else the shipped one. */
export const kindText = (settings: SettingsRow | null, kind: TravellerMessageKind, lang: Language): KindText =>
  settings?.kinds[kind]?.texts?.[lang] ?? SHIPPED_TEXTS[kind][lang];

/** A kind's text with its placeholders filled: the subject, and the body's paragraphs. */
export const filledText = (
  own: KindText,
  values: Record<string, string>,
): { subject: string; paragraphs: string[] } => ({
  // a subject never ends on the dash of a value not given ("Meeting details: Altai, —")
  subject: fillPlaceholders(own.subject, values)
    .replace(/[,:]\s*—\s*$/u, '')
    .trim(),
  // a value that ends a sentence ("8 января 2027 г.") does not double its full stop
  paragraphs: fillPlaceholders(own.body, values)
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean),
});

/** What a kind adds to the common placeholders and layout; a string: why it is not sent after all. */
interface KindParts {
  values: Record<string, string>;
  button: MessageView['button'];
  meet: MessageView['meet'];
  attachContract: boolean;
  link?: MessageView['link'];
}

const NONE = '—';
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface ComposerDeps {
  db: Db;
  delivery: Delivery;
  publicUrl: string;
  brand: { name: string; accent: string };
  /** the prepayment is due this long after the confirmation (the system cancels it then) */
  deadlineHours: number;
  /** the request's contract PDF (with the stamp), as its organizer's owner would download it */
  contractPdf?: (request: { id: number; organizer_id: number }, lang: Language) => Promise<MessageAttachment | null>;
  /**
   * The review request's secret link for a message's recipient (the review module makes it, valid 30
   * days); a string: why it is not sent (the traveller has reviewed already).
   */
  reviewLink?: (
    row: TravellerMessageRow,
    request: { id: number; organizer_id: number },
  ) => Promise<{ url: string } | string>;
  /** a new secret link to the traveller's booking page (the booking-page module) */
  bookingLink?: (request: { id: number; organizer_id: number }, lang: Language) => Promise<string>;
  /** the Reply-To that brings a traveller's answer into the request's chat (the chat module), null without one */
  replyAddress?: (requestId: number) => string | null;
  log: FastifyBaseLogger;
}

type RequestRow = NonNullable<Awaited<ReturnType<TravellerMessageQueries['request']>>>;

/**
 * The composer: renders each planned message (the request as it is now, the organizer's text or the
 * shipped one, the brand's layout) and hands it to the outbox in the same transaction that marks it
 * composed; the delivery sends it with its retries. Runs after each delivery of events, and on a timer.
 */
export const createComposer = (deps: ComposerDeps) => {
  const { db, delivery, publicUrl, log } = deps;
  const base = publicUrl.replace(/\/+$/, '');
  const q = travellerMessageQueries(db);

  const money = (minor: number, currency: string, lang: Language): string => formatAmount(minor, currency, lang);
  const day = (iso: string | null, lang: Language): string => (iso ? contractFormat(lang).day(iso) : NONE);
  const payLink = (token: string, lang: Language): string => `${payUrl(base, token)}?lang=${lang}`;
  const tzOf = (r: RequestRow): string | null =>
    text((r.organizer_profile as Record<string, unknown>).timezone) || null;
  /** The prepayment's last day: the confirmation plus the deadline, in the organizer's calendar. */
  const prepaymentDue = (r: RequestRow, lang: Language): string =>
    r.confirmed_at
      ? day(calendarDayIn(tzOf(r), new Date(r.confirmed_at.getTime() + deps.deadlineHours * 3_600_000)), lang)
      : NONE;
  const balanceDue = (r: RequestRow, lang: Language): string =>
    r.date_start && r.full_payment_days !== null ? day(addDays(r.date_start, -r.full_payment_days), lang) : NONE;

  /** The booking page's link under a checkout booking's message (a new link each message; only hashes are kept). */
  const addBookingLink = async (parts: KindParts, r: RequestRow, lang: Language): Promise<void> => {
    if (!deps.bookingLink || r.source !== 'direct_sales') return;
    parts.link = { label: LAYOUT[lang].buttons.booking, url: await deps.bookingLink(r, lang) };
  };

  /** A kind's own values, link and blocks; a string when it has nothing to say any more. */
  const partsOf = async (
    row: TravellerMessageRow,
    r: RequestRow,
    lang: Language,
    settings: SettingsRow | null,
  ): Promise<KindParts | string> => {
    const t = LAYOUT[lang];
    const data = row.data;
    const parts: KindParts = { values: {}, button: null, meet: null, attachContract: false };
    const left = Math.max(0, r.total_minor - r.paid_minor);
    switch (row.kind as TravellerMessageKind) {
      case 'request_received': {
        if ((await q.namedTourists(r.id)) < r.tourists_count)
          parts.button = { label: t.buttons.questionnaire, url: `${base}/org/questionnaire/${r.uuid}?lang=${lang}` };
        await addBookingLink(parts, r, lang);
        return parts;
      }
      case 'confirmed': {
        parts.values['{message.due_date}'] = prepaymentDue(r, lang);
        const invoice = (await q.openInvoice(r.id, 'prepayment')) ?? (await q.openInvoice(r.id));
        if (invoice)
          parts.button = {
            label: t.buttons.pay(money(invoice.amount_minor, invoice.currency, lang)),
            url: payLink(invoice.public_token, lang),
          };
        await addBookingLink(parts, r, lang);
        return parts;
      }
      case 'invoice_issued':
      case 'balance_reminder': {
        const invoice = typeof data.invoice_id === 'number' ? await q.invoice(data.invoice_id) : null;
        if (!invoice || invoice.request_id !== r.id) return 'invoice_gone';
        if (invoice.status !== 1) return 'invoice_not_open';
        const amount = money(invoice.amount_minor, invoice.currency, lang);
        parts.values['{message.amount}'] = amount;
        parts.values['{message.invoice_title}'] = invoice.title || NONE;
        parts.values['{message.due_date}'] =
          invoice.payment_type === 'prepayment' ? prepaymentDue(r, lang) : balanceDue(r, lang);
        parts.button = { label: t.buttons.pay(amount), url: payLink(invoice.public_token, lang) };
        return parts;
      }
      case 'payment_received': {
        const amount = typeof data.amount_minor === 'number' ? data.amount_minor : 0;
        const currency = text(data.currency) || r.currency;
        parts.values['{message.amount}'] = money(amount, currency, lang);
        parts.values['{message.paid}'] = money(r.paid_minor, r.currency, lang);
        parts.values['{message.left_to_pay}'] = money(left, r.currency, lang);
        const payment = typeof data.payment_id === 'number' ? await q.payment(data.payment_id) : null;
        parts.values['{message.collected_by}'] = payment?.payment_account_id
          ? t.collectedBy.organizer(r.organizer_name)
          : t.collectedBy.platform(deps.brand.name, r.organizer_name);
        parts.attachContract = row.channel === 'email' && (settings?.attach_contract ?? true) && !!deps.contractPdf;
        return parts;
      }
      case 'meet_data':
      case 'departure_reminder': {
        const send =
          typeof data.send_id === 'number' ? await q.meetDataSend(data.send_id) : await q.lastMeetDataSend(r.id);
        parts.meet = send
          ? { text: send.text, place: send.place, phone: send.contact_phone }
          : { text: '', place: r.gathering_place ?? '', phone: '' };
        if (!parts.meet.text && !parts.meet.place && !parts.meet.phone) parts.meet = null;
        return parts;
      }
      case 'canceled': {
        const paid = typeof data.paid_minor === 'number' ? data.paid_minor : r.paid_minor;
        const penalty = Math.min(paid, typeof data.penalty_minor === 'number' ? data.penalty_minor : 0);
        const status = typeof data.status === 'number' ? data.status : r.status;
        const reason = [CANCEL_REASONS[status]?.[lang] ?? '', r.cancel_message?.trim() ?? ''].filter(Boolean).join(' ');
        parts.values['{message.reason}'] = reason;
        parts.values['{message.paid}'] = money(paid, r.currency, lang);
        parts.values['{message.penalty}'] = money(penalty, r.currency, lang);
        parts.values['{message.refund}'] = money(paid - penalty, r.currency, lang);
        return parts;
      }
      case 'refund': {
        const payment = typeof data.payment_id === 'number' ? await q.payment(data.payment_id) : null;
        const amount = typeof data.amount_minor === 'number' ? data.amount_minor : 0;
        parts.values['{message.amount}'] = money(amount, text(data.currency) || r.currency, lang);
        parts.values['{message.method}'] = (REFUND_METHODS[payment?.method ?? 'other'] ?? REFUND_METHODS.other!)[lang];
        return parts;
      }
      case 'departure_message': {
        // the provider's text to the whole departure (issue 29)
        parts.values['{message.text}'] = text(data.text);
        return parts;
      }
      case 'review_request':
      case 'review_reminder': {
        if (!deps.reviewLink) return 'reviews_off';
        const link = await deps.reviewLink(row, r);
        if (typeof link === 'string') return link;
        parts.button = { label: t.buttons.review, url: link.url };
        return parts;
      }
      default:
        return 'unknown_kind';
    }
  };

  /** The message as the traveller gets it, from the request as it is now; a string: why it is not sent. */
  const viewOf = async (
    row: TravellerMessageRow,
    settings: SettingsRow | null,
  ): Promise<{ view: MessageView; attachContract: boolean; request: RequestRow } | string> => {
    const r = await q.request(row.request_id);
    if (!r) return 'request_gone';
    if (isBookingCanceled(r.status as BookingStatus) && !AFTER_CANCEL.includes(row.kind as TravellerMessageKind))
      return 'request_canceled';
    const lang: Language = row.language === 'ru' ? 'ru' : 'en';
    const parts = await partsOf(row, r, lang, settings);
    if (typeof parts === 'string') return parts;
    const values: Record<string, string> = {
      ...((await requestPlaceholderValues(db, r.id, lang)) ?? {}),
      ...parts.values,
      '{recipient.name}': row.recipient_name || (lang === 'ru' ? 'путешественник' : 'traveller'),
    };
    const { subject, paragraphs } = filledText(kindText(settings, row.kind as TravellerMessageKind, lang), values);
    const f = LAYOUT[lang].facts;
    const dates = [values['{tour_date.date_start}'], values['{tour_date.date_end}']].filter((d) => d && d !== NONE);
    const facts: [string, string][] = [
      [f.booking, `${lang === 'ru' ? '№' : 'No.'} ${r.id}`],
      ...(r.tour_name ? [[f.tour, r.tour_name] as [string, string]] : []),
      ...(dates.length ? [[f.dates, [...new Set(dates)].join(' – ')] as [string, string]] : []),
      [f.travellers, String(r.tourists_count)],
      ...(r.total_minor > 0 ? [[f.total, money(r.total_minor, r.currency, lang)] as [string, string]] : []),
    ];
    const contacts = ((r.organizer_profile as Record<string, unknown>).contacts ?? {}) as Record<string, unknown>;
    const replyTo = deps.replyAddress?.(r.id) ?? null;
    return {
      request: r,
      attachContract: parts.attachContract,
      view: {
        lang,
        subject,
        paragraphs,
        facts,
        meet: parts.meet,
        button: parts.button,
        link: parts.link ?? null,
        attachmentNote: false,
        organizer: { name: r.organizer_name, phone: text(contacts.phone), email: text(contacts.email) },
        brand: deps.brand,
        openUrl: row.channel === 'email' ? `${base}/crm/api/traveller-messages/opened?token=${row.open_token}` : null,
        replies: !!(replyTo || text(contacts.email)),
      },
    };
  };

  /** Renders one claimed message and queues it in the outbox; false when it was skipped or taken over. */
  const composeOne = async (row: TravellerMessageRow): Promise<boolean> => {
    const leaseUntil = row.lease_until!;
    const built = await viewOf(row, await q.settings(row.organizer_id));
    if (typeof built === 'string') {
      await q.skip(row.id, built);
      return false;
    }
    const { view, request } = built;
    let attachments: MessageAttachment[] = [];
    if (built.attachContract && deps.contractPdf) {
      const pdf = await deps.contractPdf(request, view.lang).catch((err: unknown) => {
        log.warn({ err, request_id: request.id }, 'traveller message: the contract could not be attached');
        return null;
      });
      if (pdf) {
        attachments = [pdf];
        view.attachmentNote = true;
      }
    }
    const contacts = view.organizer;
    const email = row.channel === 'email';
    const rendered = email ? await renderEmail(view) : { html: '', text: plainTextOf(view, { footer: false }) };
    const message: OutgoingMessage = {
      channel: email ? 'email' : 'telegram',
      recipient: row.recipient,
      subject: email ? view.subject : null,
      body: email ? rendered.text : `${view.subject}\n\n${rendered.text}`,
      html: email ? rendered.html : null,
      replyTo: email ? (deps.replyAddress?.(request.id) ?? (contacts.email || null)) : null,
      fromName: email ? contacts.name : null,
      attachments,
      meta: { kind: 'traveller_message', message_kind: row.kind, traveller_message_id: row.id, request_id: request.id },
    };
    return db
      .transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const { outboxId } = await delivery.enqueue(message, { q: tx });
        const done = await travellerMessageQueries(tx).composed(row.id, leaseUntil, {
          subject: view.subject,
          html: rendered.html,
          text: message.body,
          outbox_id: outboxId,
        });
        // another node took it over after our lease lapsed: its copy goes, ours is not queued
        if (!done) throw new TakenOver();
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof TakenOver) return false;
        throw err;
      });
  };

  /** Renders every planned message (a batch at a time); one that fails is tried again when its lease lapses. */
  const composeDue = async (now = new Date()): Promise<{ composed: number; skipped: number; failed: number }> => {
    const run = { composed: 0, skipped: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const rows = await q.claim(now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const row of rows) {
        try {
          if (await composeOne(row)) run.composed += 1;
          else run.skipped += 1;
        } catch (err) {
          run.failed += 1;
          log.error({ err, traveller_message_id: row.id }, 'traveller message not composed; tried again later');
        }
      }
      if (rows.length < BATCH) break;
    }
    if (run.composed) delivery.kick();
    return run;
  };

  // a run started after an event delivery; another asked for meanwhile runs after it
  const runs = createBackgroundRuns(
    () => composeDue(new Date()),
    (err) => log.error({ err }, 'traveller messages: a compose run failed; the sweep tries again'),
  );

  return {
    composeDue,
    kick: runs.kick,
    /** resolves once no compose run is in flight (tests; shutdown) */
    idle: runs.idle,
    /** starts no more runs and waits for the one in flight (the app's close) */
    close: runs.close,
  };
};
export type Composer = ReturnType<typeof createComposer>;

class TakenOver extends Error {}
