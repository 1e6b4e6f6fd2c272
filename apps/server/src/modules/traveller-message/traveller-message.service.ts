import crypto from 'node:crypto';
import {
  BOOKING_STATUS,
  isBookingCanceled,
  TRAVELLER_MESSAGE_KINDS,
  type BookingStatus,
  type Language,
  type RenderedTravellerMessage,
  type TravellerMessage,
  type TravellerMessageKind,
  type TravellerMessageList,
  type TravellerMessageSettings,
  type TravellerMessageStatus,
  type TravellerMessageView,
  type UpdateTravellerMessageSettingsBody,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { TravellerMessageKindSetting } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { calendarDayIn } from '../../lib/calendar-day';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { PLACEHOLDERS } from '../template';
import { filledText, kindText, type Composer } from './traveller-message.compose';
import { planMessages, requestLanguage, type PlanJob, type TravellerChats } from './traveller-message.plan';
import { renderEmail } from './traveller-message.render';
import { travellerMessageQueries, type TravellerMessageQueries } from './traveller-message.repository';
import { SAMPLE_VALUES, sampleParts } from './traveller-message.samples';
import { MESSAGE_PLACEHOLDERS, SHIPPED_TEXTS } from './traveller-message.texts';

type ListRow = Awaited<ReturnType<TravellerMessageQueries['ofRequest']>>[number];

/** The timeline's status of a message from its outbox row (and whether its e-mail was opened). */
const statusOf = (r: ListRow): TravellerMessageStatus => {
  if (r.message.opened_at) return 'opened';
  switch (r.outbox_status) {
    case 'sent':
      return 'sent';
    case 'stored':
      return 'stored';
    case 'failed':
      return r.next_attempt_at ? 'retrying' : 'failed';
    default:
      return 'queued';
  }
};
const toItem = (r: ListRow): TravellerMessage => ({
  id: r.message.id,
  request_id: r.message.request_id,
  kind: r.message.kind as TravellerMessageKind,
  channel: r.message.channel as TravellerMessage['channel'],
  recipient: r.message.recipient,
  recipient_name: r.message.recipient_name,
  language: r.message.language === 'ru' ? 'ru' : 'en',
  subject: r.message.subject,
  status: statusOf(r),
  error: r.outbox_status === 'failed' ? r.last_error : null,
  sent_by_name: r.message.sent_by_user_id ? (r.sent_by_name ?? '') : null,
  created_at: r.message.created_at.toISOString(),
  sent_at: r.sent_at?.toISOString() ?? null,
  opened_at: r.message.opened_at?.toISOString() ?? null,
});

/** The placeholders an organizer's text takes: the contract templates' (not the bank's) and the messages' own. */
const placeholdersIn = (lang: Language) => [
  ...(['organizer', 'tour', 'tour_date', 'request', 'tourist', 'invoice'] as const).flatMap((type) =>
    Object.entries(PLACEHOLDERS[type])
      .filter(([key]) => key !== '{organizer.sign}' && key !== '{organizer.stamp}')
      .map(([key, d]) => ({ key, label: d[lang] })),
  ),
  ...Object.entries(MESSAGE_PLACEHOLDERS).map(([key, d]) => ({ key, label: d[lang] })),
];

/** The departure reminder goes the day before, from this hour of the organizer's day. */
export const DEPARTURE_REMINDER_HOUR = 9;
const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The traveller messages' API (issue 24): the organizer's settings (each kind on or off, its texts
 * per language, the default language, the contract with the receipt), previews, the request's
 * timeline with each message as it went out, "send again", the request's language, the e-mail's
 * open image, and the departure reminder's sweep. Every organizer-scoped call checks membership:
 * another organizer's request or message is one that does not exist.
 */
export const createTravellerMessageService = (deps: {
  db: Db;
  tenancy: Tenancy;
  composer: Composer;
  travellerChats?: TravellerChats;
  publicUrl: string;
  brand: { name: string; accent: string };
}) => {
  const { db, tenancy, composer } = deps;
  const q = travellerMessageQueries(db);
  const base = deps.publicUrl.replace(/\/+$/, '');

  const ownRequest = async (ctx: ServiceContext, requestId: number) => {
    const request = await q.request(requestId);
    if (!request || !(await tenancy.reaches(ctx.userId, request.organizer_id, 'bookings.write')))
      throw AppError.notFound('request_not_found');
    return request;
  };

  const settingsOf = async (ctx: ServiceContext, organizerId: number): Promise<TravellerMessageSettings> => {
    const row = await q.settings(organizerId);
    const owner = await q.owner(organizerId);
    const fallback: Language = owner?.language === 'ru' ? 'ru' : 'en';
    return {
      organizer_id: organizerId,
      default_language: row?.default_language === 'ru' ? 'ru' : row?.default_language === 'en' ? 'en' : fallback,
      attach_contract: row?.attach_contract ?? true,
      kinds: TRAVELLER_MESSAGE_KINDS.map((kind) => {
        const own = row?.kinds[kind];
        return {
          kind,
          enabled: own?.enabled !== false,
          texts: { en: own?.texts?.en ?? null, ru: own?.texts?.ru ?? null },
          default_texts: SHIPPED_TEXTS[kind],
        };
      }),
      placeholders: placeholdersIn(ctx.lang),
    };
  };

  const listOf = async (
    requestId: number,
    organizerId: number,
    language: string | null,
  ): Promise<TravellerMessageList> => {
    const lang = await requestLanguage(db, { organizer_id: organizerId, language }, await q.settings(organizerId));
    return {
      request_id: requestId,
      language: lang.language,
      language_chosen: lang.chosen,
      items: (await q.ofRequest(requestId)).map(toItem),
    };
  };

  /** What "send again" of a kind answers for a request now (its data), or why there is nothing to send. */
  const manualData = async (
    request: NonNullable<Awaited<ReturnType<TravellerMessageQueries['request']>>>,
    kind: TravellerMessageKind,
  ): Promise<Record<string, unknown> | null> => {
    const status = request.status as BookingStatus;
    switch (kind) {
      case 'request_received':
        return {};
      case 'confirmed':
        return status === BOOKING_STATUS.pending_prepayment || status === BOOKING_STATUS.made_prepayment ? {} : null;
      case 'invoice_issued':
      case 'balance_reminder': {
        const invoice = await q.openInvoice(request.id);
        return invoice ? { invoice_id: invoice.id } : null;
      }
      case 'payment_received': {
        const p = await q.lastPayment(request.id, false);
        return p ? { payment_id: p.id, amount_minor: p.amount_minor, currency: p.currency } : null;
      }
      case 'refund': {
        const p = await q.lastPayment(request.id, true);
        return p ? { payment_id: p.id, amount_minor: p.refunded_minor, currency: p.currency } : null;
      }
      case 'meet_data': {
        const send = await q.lastMeetDataSend(request.id);
        return send ? { send_id: send.id } : null;
      }
      case 'departure_reminder':
        return request.date_start && !isBookingCanceled(status) ? {} : null;
      case 'canceled':
        return isBookingCanceled(status) ? { status } : null;
      default:
        return null;
    }
  };

  return {
    settings: async (ctx: ServiceContext, organizerId: number): Promise<TravellerMessageSettings> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      return settingsOf(ctx, organizerId);
    },

    updateSettings: async (
      ctx: ServiceContext,
      body: UpdateTravellerMessageSettingsBody & { kinds: NonNullable<UpdateTravellerMessageSettingsBody['kinds']> },
    ): Promise<TravellerMessageSettings> => {
      await tenancy.assertMember(ctx.userId, body.organizer_id, 'organizer.write');
      const row = await q.settings(body.organizer_id);
      const kinds: Record<string, TravellerMessageKindSetting> = { ...(row?.kinds ?? {}) };
      for (const k of body.kinds) kinds[k.kind] = { enabled: k.enabled, texts: { en: k.texts.en, ru: k.texts.ru } };
      await q.saveSettings({
        organizer_id: body.organizer_id,
        default_language: body.default_language ?? row?.default_language ?? null,
        attach_contract: body.attach_contract ?? row?.attach_contract ?? true,
        kinds,
      });
      ctx.log.info({ organizer_id: body.organizer_id }, 'traveller message settings changed');
      return settingsOf(ctx, body.organizer_id);
    },

    /** A kind as a traveller gets it (the organizer's text, or the shipped one), with a made-up booking. */
    preview: async (
      ctx: ServiceContext,
      organizerId: number,
      kind: TravellerMessageKind,
      lang: Language,
    ): Promise<RenderedTravellerMessage> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      const settings = await q.settings(organizerId);
      const organizer = await q.organizer(organizerId);
      const contacts = ((organizer?.profile ?? {}) as { contacts?: Record<string, unknown> }).contacts ?? {};
      const text = (v: unknown): string => (typeof v === 'string' ? v : '');
      const values = { ...SAMPLE_VALUES[lang], '{organizer.name}': organizer?.name ?? '' };
      const { subject, paragraphs } = filledText(kindText(settings, kind, lang), values);
      const rendered = await renderEmail({
        lang,
        subject,
        paragraphs,
        ...sampleParts(kind, lang, base),
        organizer: { name: organizer?.name ?? '', phone: text(contacts.phone), email: text(contacts.email) },
        brand: deps.brand,
        openUrl: null,
        replies: true,
      });
      return { subject, ...rendered };
    },

    list: async (ctx: ServiceContext, requestId: number): Promise<TravellerMessageList> => {
      const request = await ownRequest(ctx, requestId);
      return listOf(request.id, request.organizer_id, request.language);
    },

    view: async (ctx: ServiceContext, id: number): Promise<TravellerMessageView> => {
      const row = await q.byId(id);
      if (!row || row.state === 'skipped' || !(await tenancy.reaches(ctx.userId, row.organizer_id, 'bookings.write')))
        throw AppError.notFound('traveller_message_not_found');
      const [item] = await q.ofRequest(row.request_id, [row.id]);
      // the provider looking at it is not the traveller opening it: the open image is left out
      const html = row.html.replace(/<img[^>]*traveller-messages\/opened\?token=[^>]*>/g, '');
      return { ...toItem(item!), rendered: { subject: row.subject, html, text: row.text } };
    },

    /** Plans a kind for every recipient now (the switch aside) and renders it at once; 422 when there is nothing to send. */
    sendAgain: async (
      ctx: ServiceContext,
      body: { request_id: number; kind: TravellerMessageKind },
    ): Promise<{ items: TravellerMessage[] }> => {
      const request = await ownRequest(ctx, body.request_id);
      const data = await manualData(request, body.kind);
      if (!data)
        throw AppError.validation({ kind: ['traveller_message_nothing_to_send'] }, 'traveller_message_nothing_to_send');
      const job: PlanJob = {
        kind: body.kind,
        requestId: request.id,
        dedupeKey: `manual:${crypto.randomUUID()}`,
        data,
        manualBy: ctx.userId,
      };
      const ids = await planMessages(db, job, deps.travellerChats);
      if (ids.length === 0)
        throw AppError.validation({ kind: ['traveller_message_no_recipient'] }, 'traveller_message_no_recipient');
      await composer.composeDue();
      ctx.log.info({ request_id: request.id, kind: body.kind, messages: ids.length }, 'traveller message sent again');
      return { items: (await q.ofRequest(request.id, ids)).map(toItem) };
    },

    /**
     * The provider's text to a request's travellers, from a message to the whole departure (issue
     * 29; the departure module has checked the member): e-mail and linked messenger, sent by hand.
     * Answers how many messages were planned.
     */
    sendDepartureMessage: async (input: { requestId: number; userId: number; text: string; key: string }) => {
      const ids = await planMessages(
        db,
        {
          kind: 'departure_message',
          requestId: input.requestId,
          dedupeKey: `departure:${input.key}`,
          data: { text: input.text },
          manualBy: input.userId,
        },
        deps.travellerChats,
      );
      composer.kick();
      return ids.length;
    },

    setLanguage: async (
      ctx: ServiceContext,
      body: { request_id: number; language: Language },
    ): Promise<TravellerMessageList> => {
      const request = await ownRequest(ctx, body.request_id);
      await q.setLanguage(request.id, body.language);
      return listOf(request.id, request.organizer_id, body.language);
    },

    /** The user whose access opens the organizer's files (its first member), or null. */
    ownerOf: async (organizerId: number): Promise<number | null> => (await q.owner(organizerId))?.id ?? null,

    /** Whether the organizer hands its travellers the contract (attached to messages, on the booking page). */
    contractOffered: async (organizerId: number): Promise<boolean> =>
      (await q.settings(organizerId))?.attach_contract ?? true,

    /** The e-mail's open image was loaded: its message is opened (the first time counts). */
    opened: (token: string): Promise<void> => q.markOpened(token),

    /**
     * The departure reminder: each confirmed request (2, 3) whose departure starts tomorrow in its
     * organizer's calendar gets it once (from DEPARTURE_REMINDER_HOUR of the organizer's day).
     */
    remindDepartures: async (now = new Date()): Promise<number> => {
      const utcToday = now.toISOString().slice(0, 10);
      const candidates = await q.startingOn([addDays(utcToday, 0), addDays(utcToday, 1), addDays(utcToday, 2)]);
      let planned = 0;
      for (const c of candidates) {
        const local = calendarDayIn(c.timezone, now);
        if (c.date_start !== addDays(local, 1)) continue;
        const hour = Number(
          new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: c.timezone || 'UTC' }).format(
            now,
          ),
        );
        if (hour < DEPARTURE_REMINDER_HOUR) continue;
        planned += (
          await planMessages(
            db,
            { kind: 'departure_reminder', requestId: c.id, dedupeKey: `departure:${c.date_start}`, data: {} },
            deps.travellerChats,
          )
        ).length;
      }
      if (planned) composer.kick();
      return planned;
    },
  };
};
export type TravellerMessageService = ReturnType<typeof createTravellerMessageService>;
