import {
  coded,
  MEET_DATA_RESEND_SECONDS,
  MEET_DATA_STATUSES,
  type Language,
  type MeetDataPreview,
  type MeetDataRecipient,
  type MeetDataSend,
  type SendMeetDataBody,
  type SendMeetDataResult,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { DELIVERY_FAILED_MESSAGE, type OutgoingMessage } from '../../lib/transports/index';
import { PLACEHOLDER, type PlaceholderValue } from './request-contract.html';
import type { ContractRequestRow, RequestContractRepository } from './request-contract.repository';
import {
  contractFormat,
  contractPenalties,
  contractValues,
  personName,
  type ContractData,
} from './request-contract.values';
import type { MeetDataSendRow, MeetDataTemplateRow, RequestMeetDataRepository } from './request-meet-data.repository';
import { lockRequest } from './request-seats';

/**
 * The language a text is written in, its placeholders aside: Cyrillic makes it Russian, other
 * letters English; a text of neither (empty, only placeholders and figures) is in `fallback`.
 */
export const textLanguage = (text: string, fallback: Language): Language => {
  const plain = text.replace(PLACEHOLDER, ' ');
  if (/[А-Яа-яЁё]/.test(plain)) return 'ru';
  if (/[A-Za-z]/.test(plain)) return 'en';
  return fallback;
};

/**
 * The placeholders of a text replaced by their values (the contract's, request-contract.values.ts);
 * one it does not know stays as written. The organizer's signature and stamp are images: none in a mail.
 */
export const fillPlaceholders = (text: string, values: Record<string, PlaceholderValue>): string =>
  text.replace(PLACEHOLDER, (whole, doubled?: string, single?: string) => {
    const key = `{${doubled ?? single}}`;
    if (key === '{organizer.sign}' || key === '{organizer.stamp}') return '';
    const value = values[key];
    return typeof value === 'string' ? value : whole;
  });

/** What the mail says around the organizer's text, per language. */
const MAIL = {
  en: {
    subject: (tour: string, day: string) => `Meeting details: ${[tour, day].filter(Boolean).join(', ')}`,
    hello: (name: string) => (name ? `Hello, ${name}!` : 'Hello!'),
    intro: (n: number, tour: string) =>
      tour ? `Your meeting details for “${tour}” (booking No. ${n}):` : `Your meeting details (booking No. ${n}):`,
    place: 'Meeting point',
    phone: 'Contact phone',
  },
  ru: {
    subject: (tour: string, day: string) => `Информация о встрече: ${[tour, day].filter(Boolean).join(', ')}`,
    hello: (name: string) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    intro: (n: number, tour: string) =>
      tour ? `Информация о встрече на туре «${tour}» (заявка № ${n}):` : `Информация о встрече (заявка № ${n}):`,
    place: 'Место встречи',
    phone: 'Контактный телефон',
  },
} as const;

/** What a mail of meet data is made of (the chat of issue 17 will post the same). */
export interface MeetDataMessage {
  lang: Language;
  requestId: number;
  sendId: number;
  organizerName: string;
  tourName: string;
  /** the departure's first day, written out in `lang`; '' without one */
  day: string;
  text: string;
  place: string;
  contactPhone: string;
}

/** The e-mail of meet data to one recipient: a greeting, the organizer's text, the place and phone, the organizer. */
export const meetDataEmail = (m: MeetDataMessage, to: MeetDataRecipient): OutgoingMessage => {
  const w = MAIL[m.lang];
  const details = [m.place && `${w.place}: ${m.place}`, m.contactPhone && `${w.phone}: ${m.contactPhone}`].filter(
    Boolean,
  );
  const body = [
    w.hello(to.name),
    w.intro(m.requestId, m.tourName),
    m.text,
    ...(details.length ? [details.join('\n')] : []),
    m.organizerName,
  ].join('\n\n');
  return {
    channel: 'email',
    recipient: to.email,
    subject: w.subject(m.tourName, m.day),
    body,
    meta: { kind: 'meet_data', request_id: m.requestId, send_id: m.sendId },
  };
};

const toSend = (r: MeetDataSendRow): MeetDataSend => ({
  id: r.id,
  request_id: r.request_id,
  template_id: r.template_id,
  template_name: r.template_name,
  text: r.text,
  place: r.place,
  contact_phone: r.contact_phone,
  emails: r.emails,
  sent_by: r.sent_by,
  sent_by_name: r.sent_by_name,
  sent_at: r.sent_at.toISOString(),
});

const notConfirmed = (): AppError =>
  AppError.validation({ request_id: ['meet_data_not_confirmed'] }, 'meet_data_not_confirmed');
const canSend = (status: number): boolean => MEET_DATA_STATUSES.includes(status);

/**
 * Meet data (issue 16, the request page): one of the organizer's meet-data templates, its text
 * filled with the request's values (the contract's placeholders and values), edited by the sender,
 * sent to the people the request names and recorded (request_meet_data_sends).
 *
 * Sending goes by e-mail through the app's delivery (the outbox, and SMTP when configured), in the
 * language the text is written in. Channels are separate from what is sent (MeetDataMessage): the
 * request's chat (issue 17) becomes one more deliverer of the same message.
 *
 * One send per request in MEET_DATA_RESEND_SECONDS: the send is recorded under the request's row
 * lock before any mail goes, so a second click waits for the first and is refused (422).
 */
export const createRequestMeetDataService = (deps: {
  repo: RequestMeetDataRepository;
  /** the request and what its placeholders are filled from (shared with the contract PDF) */
  contracts: RequestContractRepository;
  tenancy: Tenancy;
  /** hands a message to the delivery (lib/transports): rejects when a real transport refuses it */
  send: (message: OutgoingMessage) => Promise<unknown>;
}) => {
  const { repo, contracts, tenancy } = deps;

  /** The request, when the caller is a member of its organizer (404 otherwise, as for any tenant's record). */
  const ownRequest = async (ctx: ServiceContext, id: number): Promise<ContractRequestRow> => {
    const request = await contracts.request(id);
    if (!request || !(await tenancy.isMember(ctx.userId, request.organizer_id)))
      throw AppError.notFound('request_not_found');
    return request;
  };

  /** Everything the placeholders are filled from (no images: a mail has none). */
  const dataOf = async (request: ContractRequestRow): Promise<Omit<ContractData, 'lang'>> => {
    const [organizer, tourists, tour, programDays, tourPenalties, departure, invoices] = await Promise.all([
      contracts.organizer(request.organizer_id),
      contracts.tourists(request.id),
      request.tour_id ? contracts.tour(request.tour_id) : null,
      request.tour_id ? contracts.programDays(request.tour_id) : [],
      request.tour_id ? contracts.tourPenalties(request.tour_id) : [],
      request.tour_date_id ? contracts.departure(request.tour_date_id) : null,
      contracts.invoices(request.id),
    ]);
    const bankAccount = organizer
      ? await contracts.bankAccount(request.organizer_id, organizer.own_request_bank_account_id)
      : null;
    return {
      request,
      tourists,
      tour,
      programDays,
      departure,
      invoices,
      penalties: contractPenalties(tour, tourPenalties, organizer?.profile.penalties),
      organizer: organizer ?? { name: '', profile: {} },
      bankAccount,
      sign: null,
      stamp: null,
    };
  };

  /** Who can get it: who booked, then every tourist with an e-mail; each address once (case aside). */
  const recipientsOf = (lang: Language, data: Omit<ContractData, 'lang'>): MeetDataRecipient[] => {
    const out: MeetDataRecipient[] = [];
    const seen = new Set<string>();
    const add = (email: string, name: string, role: MeetDataRecipient['role']): void => {
      const address = email.trim();
      const key = address.toLowerCase();
      if (!address || seen.has(key)) return;
      seen.add(key);
      out.push({ email: address, name: name.trim(), role });
    };
    add(data.request.customer_email, data.request.customer_name, 'customer');
    for (const t of data.tourists) add(t.email, personName(lang, t), 'tourist');
    return out;
  };

  /** A template's text and place filled in the language the template is written in. */
  const filled = (ctx: ServiceContext, data: Omit<ContractData, 'lang'>, tpl: MeetDataTemplateRow) => {
    const values = contractValues({ ...data, lang: textLanguage(`${tpl.text} ${tpl.place}`, ctx.lang) });
    return {
      id: tpl.id,
      name: tpl.name,
      text: fillPlaceholders(tpl.text, values),
      place: fillPlaceholders(tpl.place, values),
      contact_phone: tpl.contact_phone,
    };
  };

  return {
    preview: async (ctx: ServiceContext, requestId: number, templateId?: number): Promise<MeetDataPreview> => {
      const request = await ownRequest(ctx, requestId);
      const templates = await repo.templates(request.organizer_id);
      const chosen =
        templateId === undefined
          ? (templates.find((t) => t.is_default) ?? templates[0] ?? null)
          : templates.find((t) => t.id === templateId);
      // a template of another organizer (or none at all) is not found, as any other tenant's record
      if (chosen === undefined) throw AppError.notFound('template_not_found');
      const [data, sends] = await Promise.all([dataOf(request), repo.sends(request.id)]);
      return {
        request_id: request.id,
        status: request.status as MeetDataPreview['status'],
        can_send: canSend(request.status),
        templates: templates.map((t) => ({ id: t.id, name: t.name, is_default: t.is_default })),
        template: chosen ? filled(ctx, data, chosen) : null,
        recipients: recipientsOf(ctx.lang, data),
        sends: sends.map(toSend),
      };
    },

    send: async (ctx: ServiceContext, body: SendMeetDataBody): Promise<SendMeetDataResult> => {
      const request = await ownRequest(ctx, body.request_id);
      const template = await repo.template(body.template_id);
      if (!template || template.organizer_id !== request.organizer_id) throw AppError.notFound('template_not_found');
      if (!canSend(request.status)) throw notConfirmed();
      const data = await dataOf(request);
      // greeted by their given name first, in either language (the list of the page orders names as the page does)
      const known = recipientsOf('en', data);
      const knownKeys = new Set(known.map((r) => r.email.toLowerCase()));
      const wanted = new Set(body.emails.map((e) => e.trim().toLowerCase()));
      if ([...wanted].some((e) => !knownKeys.has(e)))
        throw AppError.validation({ emails: ['meet_data_email_unknown'] });
      const recipients = known.filter((r) => wanted.has(r.email.toLowerCase()));

      const lang = textLanguage(body.text, ctx.lang);
      const values = contractValues({ ...data, lang });
      const text = fillPlaceholders(body.text, values).trim();
      const place = fillPlaceholders(template.place, values).trim();
      const contactPhone = template.contact_phone.trim();

      // recorded first, under the request's lock: a second send within the interval waits, then is refused
      const row = await repo.transaction(async (tx, q) => {
        const locked = await lockRequest(tx, request.id);
        if (!locked || !canSend(locked.status)) throw notConfirmed();
        const now = new Date();
        const last = await q.lastSentAt(request.id);
        const wait = last ? Math.ceil((last.getTime() + MEET_DATA_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
        if (wait > 0) throw AppError.validation({}, coded('meet_data_sent_recently', { seconds: wait }));
        return q.insert({
          organizer_id: request.organizer_id,
          request_id: request.id,
          template_id: template.id,
          template_name: template.name,
          text,
          place,
          contact_phone: contactPhone,
          emails: recipients.map((r) => r.email),
          sent_by: ctx.userId,
          sent_at: now,
        });
      });

      const start = data.departure?.date_start ?? request.date_start;
      const message: MeetDataMessage = {
        lang,
        requestId: request.id,
        sendId: row.id,
        organizerName: data.organizer.name,
        tourName: data.tour?.name ?? '',
        day: start ? contractFormat(lang).day(start) : '',
        text,
        place,
        contactPhone,
      };
      const delivered: string[] = [];
      const notDelivered: string[] = [];
      for (const to of recipients) {
        try {
          await deps.send(meetDataEmail(message, to));
          delivered.push(to.email);
        } catch (err) {
          ctx.log.error({ err, request_id: request.id, send_id: row.id }, 'meet data: a mail was not delivered');
          notDelivered.push(to.email);
        }
      }
      if (delivered.length === 0) {
        // nothing went out: no send to show, and the next click may try again at once
        await repo.remove(row.id);
        throw new AppError('unavailable', { message: DELIVERY_FAILED_MESSAGE });
      }
      if (notDelivered.length) await repo.setEmails(row.id, delivered);
      const sentByName = await repo.senderName(ctx.userId);
      return { ...toSend({ ...row, emails: delivered, sent_by_name: sentByName }), not_delivered: notDelivered };
    },
  };
};
export type RequestMeetDataService = ReturnType<typeof createRequestMeetDataService>;
