import type { Language } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { Delivery, OutgoingMessage } from '../../lib/transports/index';
import { formatAmount } from '../payment';
import { contractFormat } from '../request';
import { filledText, kindText } from './traveller-message.compose';
import { renderEmail } from './traveller-message.render';
import { travellerMessageQueries } from './traveller-message.repository';
import { LAYOUT } from './traveller-message.texts';

/** What the abandoned checkout's message says: the choice as it was, and its restoring link. */
export interface CheckoutRecoveryMessage {
  organizer_id: number;
  email: string;
  name: string;
  lang: Language;
  tour_name: string;
  date_start: string;
  date_end: string;
  travellers: number;
  total_minor: number;
  currency: string;
  /** the link that brings the choice back (the site's booking page) */
  url: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The abandoned checkout's one message (issue 27, kind `checkout_recovery`): not a request's (there
 * is none), so it is rendered here with the organizer's text of the kind (or the shipped one), the
 * brand's layout and the organizer's contacts, and queued in the outbox in the caller's transaction.
 * `false`: the organizer switched the kind off.
 */
export const createCheckoutRecoveryMessages = (deps: {
  db: Db;
  delivery: Delivery;
  brand: { name: string; accent: string };
}) => ({
  send: async (tx: Db, m: CheckoutRecoveryMessage): Promise<boolean> => {
    const q = travellerMessageQueries(tx);
    const settings = await q.settings(m.organizer_id);
    if (settings?.kinds.checkout_recovery?.enabled === false) return false;
    const organizer = await q.organizer(m.organizer_id);
    if (!organizer) return false;
    const lang = m.lang;
    const f = contractFormat(lang);
    const values: Record<string, string> = {
      '{recipient.name}': m.name || (lang === 'ru' ? 'путешественник' : 'traveller'),
      '{tour.name}': m.tour_name,
      '{tour_date.date_start}': f.day(m.date_start),
      '{tour_date.date_end}': f.day(m.date_end),
      '{organizer.name}': organizer.name,
      '{request.tourists_count}': String(m.travellers),
    };
    const { subject, paragraphs } = filledText(kindText(settings, 'checkout_recovery', lang), values);
    const facts = LAYOUT[lang].facts;
    const dates = [...new Set([values['{tour_date.date_start}']!, values['{tour_date.date_end}']!])].join(' – ');
    const contacts = ((organizer.profile as Record<string, unknown>).contacts ?? {}) as Record<string, unknown>;
    const rendered = await renderEmail({
      lang,
      subject,
      paragraphs,
      facts: [
        [facts.tour, m.tour_name],
        [facts.dates, dates],
        [facts.travellers, String(m.travellers)],
        ...(m.total_minor > 0
          ? [[facts.total, formatAmount(m.total_minor, m.currency, lang)] as [string, string]]
          : []),
      ],
      meet: null,
      button: { label: LAYOUT[lang].buttons.recover, url: m.url },
      link: null,
      attachmentNote: false,
      organizer: { name: organizer.name, phone: text(contacts.phone), email: text(contacts.email) },
      brand: deps.brand,
      openUrl: null,
      replies: !!text(contacts.email),
    });
    const message: OutgoingMessage = {
      channel: 'email',
      recipient: m.email,
      subject,
      body: rendered.text,
      html: rendered.html,
      replyTo: text(contacts.email) || null,
      fromName: organizer.name,
      attachments: [],
      meta: { kind: 'traveller_message', message_kind: 'checkout_recovery' },
    };
    await deps.delivery.enqueue(message, { q: tx });
    return true;
  },
  /** the outbox sends what the transaction queued */
  kick: () => deps.delivery.kick(),
});
export type CheckoutRecoveryMessages = ReturnType<typeof createCheckoutRecoveryMessages>;
