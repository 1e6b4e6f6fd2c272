import { BOOKING_STATUS, type Language } from '@tourdesk/contract';
import { formatAmount } from '../payment';

/** What the organizer's members are told of. */
export const NOTIFICATION_KINDS = ['new_request', 'payment_received', 'request_canceled', 'chat_message'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The request a notification is about, as its texts show it. */
export interface RequestSummary {
  id: number;
  organizer_id: number;
  tour_name: string | null;
  date_start: string | null;
  date_end: string | null;
  tourists_count: number;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  total_minor: number;
  paid_minor: number;
  currency: string;
  status: number;
  cancel_message: string | null;
}

/** A traveller's chat message, as the chat service hands it over (chatMessage). */
export interface ChatMessageData {
  author_name: string;
  text: string;
  attachment_name: string | null;
  tour_name: string | null;
  request_id: number | null;
}

/** Where the message goes: a messenger chat gets the text, e-mail a subject and the text. */
export type NoticeChannel = 'telegram' | 'whatsapp' | 'email';

export interface NoticeText {
  subject: string;
  body: string;
}

/** The longest part of a chat message quoted in a notification. */
export const QUOTE_MAX = 1000;

const quote = (text: string): string => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text);

const day = (d: string, lang: Language): string =>
  new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${d}T00:00:00Z`));

const dates = (r: RequestSummary, lang: Language): string | null => {
  if (!r.date_start) return null;
  return r.date_end && r.date_end !== r.date_start
    ? `${day(r.date_start, lang)} – ${day(r.date_end, lang)}`
    : day(r.date_start, lang);
};

const lines = (...parts: (string | null | false | undefined)[]): string => parts.filter(Boolean).join('\n');

const contact = (r: RequestSummary): string =>
  [r.customer_name, r.customer_phone, r.customer_email].filter(Boolean).join(', ');

const T = {
  en: {
    open: (brand: string, url: string) => `Open in ${brand}: ${url}`,
    replyHint: 'Reply to this message to answer in the chat.',
    newRequest: {
      subject: (r: RequestSummary) => `New request No. ${r.id}${r.tour_name ? `: ${r.tour_name}` : ''}`,
      title: (r: RequestSummary) => `New request No. ${r.id}${r.tour_name ? ` for “${r.tour_name}”` : ''}`,
      dates: (s: string) => `Dates: ${s}`,
      travellers: (n: number) => `Travellers: ${n}`,
      customer: (s: string) => `Customer: ${s}`,
      total: (s: string) => `Total: ${s}`,
    },
    payment: {
      subject: (amount: string, r: RequestSummary) => `Payment received: ${amount}, request No. ${r.id}`,
      title: (amount: string, r: RequestSummary) =>
        `Payment received: ${amount} for request No. ${r.id}${
          r.tour_name || r.customer_name
            ? ` (${[r.tour_name && `“${r.tour_name}”`, r.customer_name].filter(Boolean).join(', ')})`
            : ''
        }.`,
      paid: (paid: string, total: string) => `Paid in total: ${paid} of ${total}.`,
    },
    canceled: {
      subject: (r: RequestSummary) => `Request No. ${r.id} canceled`,
      title: (r: RequestSummary, by: string) =>
        `Request No. ${r.id}${r.tour_name ? ` for “${r.tour_name}”` : ''}${
          r.customer_name ? ` (${r.customer_name})` : ''
        } was canceled ${by}.`,
      by: {
        [BOOKING_STATUS.canceled_by_tourist]: 'by the customer',
        [BOOKING_STATUS.canceled_by_author]: 'by the organizer',
        [BOOKING_STATUS.canceled_by_system]: 'automatically: the prepayment was not paid in time',
        [BOOKING_STATUS.canceled_by_admin]: 'by the marketplace administrator',
      } as Record<number, string>,
      reason: (s: string) => `Reason: ${s}`,
    },
    chat: {
      subject: (m: ChatMessageData) => `New message: ${m.author_name}`,
      title: (m: ChatMessageData) =>
        `New message from ${m.author_name}${
          m.tour_name || m.request_id
            ? ` (${[m.tour_name && `“${m.tour_name}”`, m.request_id && `request No. ${m.request_id}`].filter(Boolean).join(', ')})`
            : ''
        }:`,
      attachment: (name: string) => `[file: ${name}]`,
    },
  },
  ru: {
    open: (brand: string, url: string) => `Открыть в ${brand}: ${url}`,
    replyHint: 'Ответьте на это сообщение, чтобы написать в чат.',
    newRequest: {
      subject: (r: RequestSummary) => `Новая заявка № ${r.id}${r.tour_name ? `: ${r.tour_name}` : ''}`,
      title: (r: RequestSummary) => `Новая заявка № ${r.id}${r.tour_name ? ` на тур «${r.tour_name}»` : ''}`,
      dates: (s: string) => `Даты: ${s}`,
      travellers: (n: number) => `Туристов: ${n}`,
      customer: (s: string) => `Заказчик: ${s}`,
      total: (s: string) => `Сумма: ${s}`,
    },
    payment: {
      subject: (amount: string, r: RequestSummary) => `Получена оплата: ${amount}, заявка № ${r.id}`,
      title: (amount: string, r: RequestSummary) =>
        `Получена оплата ${amount} по заявке № ${r.id}${
          r.tour_name || r.customer_name
            ? ` (${[r.tour_name && `«${r.tour_name}»`, r.customer_name].filter(Boolean).join(', ')})`
            : ''
        }.`,
      paid: (paid: string, total: string) => `Всего оплачено: ${paid} из ${total}.`,
    },
    canceled: {
      subject: (r: RequestSummary) => `Заявка № ${r.id} отменена`,
      title: (r: RequestSummary, by: string) =>
        `Заявка № ${r.id}${r.tour_name ? ` на тур «${r.tour_name}»` : ''}${
          r.customer_name ? ` (${r.customer_name})` : ''
        } отменена ${by}.`,
      by: {
        [BOOKING_STATUS.canceled_by_tourist]: 'клиентом',
        [BOOKING_STATUS.canceled_by_author]: 'организатором',
        [BOOKING_STATUS.canceled_by_system]: 'автоматически: предоплата не поступила вовремя',
        [BOOKING_STATUS.canceled_by_admin]: 'администратором площадки',
      } as Record<number, string>,
      reason: (s: string) => `Причина: ${s}`,
    },
    chat: {
      subject: (m: ChatMessageData) => `Новое сообщение: ${m.author_name}`,
      title: (m: ChatMessageData) =>
        `Новое сообщение от клиента ${m.author_name}${
          m.tour_name || m.request_id
            ? ` (${[m.tour_name && `«${m.tour_name}»`, m.request_id && `заявка № ${m.request_id}`].filter(Boolean).join(', ')})`
            : ''
        }:`,
      attachment: (name: string) => `[файл: ${name}]`,
    },
  },
} as const;

/** The CRM's pages a notification links to (absolute, from PUBLIC_URL). */
export const crmLinks = (publicUrl: string) => {
  const base = `${publicUrl.replace(/\/+$/, '')}/org`;
  return {
    request: (organizerId: number, requestId: number) => `${base}/${organizerId}/bookings/${requestId}`,
    chat: (organizerId: number, chatId: number) => `${base}/${organizerId}/chat/${chatId}`,
  };
};

/** A new request: what, when, how many, who, for how much. */
export const newRequestText = (r: RequestSummary, lang: Language, brand: string, url: string): NoticeText => {
  const t = T[lang].newRequest;
  const when = dates(r, lang);
  return {
    subject: t.subject(r),
    body: lines(
      t.title(r),
      when && t.dates(when),
      t.travellers(r.tourists_count),
      contact(r) && t.customer(contact(r)),
      r.total_minor > 0 && t.total(formatAmount(r.total_minor, r.currency, lang)),
      '',
      T[lang].open(brand, url),
    ),
  };
};

/** A payment received: how much, for which request, what is paid now of the whole. */
export const paymentText = (
  r: RequestSummary,
  amount: { minor: number; currency: string },
  lang: Language,
  brand: string,
  url: string,
): NoticeText => {
  const t = T[lang].payment;
  const sum = formatAmount(amount.minor, amount.currency, lang);
  return {
    subject: t.subject(sum, r),
    body: lines(
      t.title(sum, r),
      r.total_minor > 0 &&
        t.paid(formatAmount(r.paid_minor, r.currency, lang), formatAmount(r.total_minor, r.currency, lang)),
      '',
      T[lang].open(brand, url),
    ),
  };
};

/** A cancellation: which request, by whom, why. */
export const canceledText = (r: RequestSummary, lang: Language, brand: string, url: string): NoticeText => {
  const t = T[lang].canceled;
  const by = t.by[r.status] ?? '';
  return {
    subject: t.subject(r),
    body: lines(
      t.title(r, by).replace(/ \./, '.'),
      r.cancel_message && t.reason(r.cancel_message),
      '',
      T[lang].open(brand, url),
    ),
  };
};

/** A traveller's chat message, quoted; a Telegram chat is told that a reply goes into the chat. */
export const chatMessageText = (
  m: ChatMessageData,
  channel: NoticeChannel,
  lang: Language,
  brand: string,
  url: string,
): NoticeText => {
  const t = T[lang].chat;
  const content = [m.text.trim() && quote(m.text.trim()), m.attachment_name && t.attachment(m.attachment_name)]
    .filter(Boolean)
    .join('\n');
  return {
    subject: t.subject(m),
    body: lines(t.title(m), content, '', channel === 'telegram' && T[lang].replyHint, T[lang].open(brand, url)),
  };
};

/** What the bot answers to a reply typed in Telegram. */
export const REPLY_TEXTS = {
  en: {
    posted: 'Sent to the chat.',
    failed: 'The reply could not be posted to the chat. Open the chat in the CRM to answer.',
    empty: 'Only text, photos and files can be posted to the chat.',
  },
  ru: {
    posted: 'Отправлено в чат.',
    failed: 'Не удалось отправить ответ в чат. Откройте чат в CRM, чтобы ответить.',
    empty: 'В чат можно отправить только текст, фото и файлы.',
  },
} as const;

export const languageOf = (value: string | null | undefined): Language => (value === 'ru' ? 'ru' : 'en');
