import {
  coded,
  userActor,
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
import { recordEvent } from '../../lib/domain-events';
import type { ContractRequestRow, RequestContractRepository } from './request-contract.repository';
import { contractValues, personName, type ContractData } from './request-contract.values';
import { fillPlaceholders, placeholderData, textLanguage } from './request-placeholders';
import type { MeetDataSendRow, MeetDataTemplateRow, RequestMeetDataRepository } from './request-meet-data.repository';
import { lockRequest } from './request-seats';

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
 * The send is recorded with its `request.meet_data_sent` domain event; the traveller messages (a
 * subscriber, issue 24) mail it to each recipient in the language the text is written in, from the
 * outbox with its retries, and show it on the request's timeline.
 *
 * One send per request in MEET_DATA_RESEND_SECONDS: the send is recorded under the request's row
 * lock, so a second click waits for the first and is refused (422).
 */
export const createRequestMeetDataService = (deps: {
  repo: RequestMeetDataRepository;
  /** the request and what its placeholders are filled from (shared with the contract PDF) */
  contracts: RequestContractRepository;
  tenancy: Tenancy;
}) => {
  const { repo, contracts, tenancy } = deps;

  /** The request, when the caller is a member of its organizer (404 otherwise, as for any tenant's record). */
  const ownRequest = async (ctx: ServiceContext, id: number): Promise<ContractRequestRow> => {
    const request = await contracts.request(id);
    if (!request || !(await tenancy.reaches(ctx.userId, request.organizer_id, 'bookings.write')))
      throw AppError.notFound('request_not_found');
    return request;
  };

  const dataOf = (request: ContractRequestRow) => placeholderData(contracts, request);

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
        const inserted = await q.insert({
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
        // the traveller messages (a subscriber) mail it to each recipient, from the outbox with its retries
        await recordEvent(tx, {
          type: 'request.meet_data_sent',
          aggregateId: request.id,
          organizerId: request.organizer_id,
          actor: userActor(ctx.userId),
          payload: { request_id: request.id, send_id: inserted.id },
        });
        return inserted;
      });

      const sentByName = await repo.senderName(ctx.userId);
      return { ...toSend({ ...row, sent_by_name: sentByName }), not_delivered: [] };
    },
  };
};
export type RequestMeetDataService = ReturnType<typeof createRequestMeetDataService>;
