import type { Language, TravellerMessageKind } from '@tourdesk/contract';
import type { MessageView } from './traveller-message.render';
import { LAYOUT } from './traveller-message.texts';

/** The values a preview fills a kind's text with: a made-up booking, in each language. */
export const SAMPLE_VALUES: Record<Language, Record<string, string>> = {
  en: {
    '{recipient.name}': 'Anna Smirnova',
    '{tour.name}': 'Golden Mountains of Altai',
    '{tour_date.date_start}': 'June 12, 2030',
    '{tour_date.date_end}': 'June 18, 2030',
    '{request.id}': '1024',
    '{request.tourists_count}': '2',
    '{request.total_price}': '90,000',
    '{request.price_lines}': 'Adult × 2: 60,000; Child × 1: 30,000',
    '{request.prepayment}': '27,000',
    '{request.currency}': 'RUB',
    '{tourist.full_name}': 'Anna Smirnova',
    '{message.amount}': 'RUB 27,000.00',
    '{message.due_date}': 'May 3, 2030',
    '{message.invoice_title}': 'Prepayment',
    '{message.paid}': 'RUB 27,000.00',
    '{message.left_to_pay}': 'RUB 63,000.00',
    '{message.collected_by}': 'Katun Rafting’s own YooKassa account',
    '{message.penalty}': 'RUB 9,000.00',
    '{message.refund}': 'RUB 18,000.00',
    '{message.reason}': 'The organizer canceled it.',
    '{message.method}': 'to the card it was paid with',
  },
  ru: {
    '{recipient.name}': 'Анна Смирнова',
    '{tour.name}': 'Золотые горы Алтая',
    '{tour_date.date_start}': '12 июня 2030 г.',
    '{tour_date.date_end}': '18 июня 2030 г.',
    '{request.id}': '1024',
    '{request.tourists_count}': '2',
    '{request.total_price}': '90 000',
    '{request.price_lines}': 'Взрослый × 2: 60 000; Ребёнок × 1: 30 000',
    '{request.prepayment}': '27 000',
    '{request.currency}': 'RUB',
    '{tourist.full_name}': 'Смирнова Анна',
    '{message.amount}': '27 000,00 ₽',
    '{message.due_date}': '3 мая 2030 г.',
    '{message.invoice_title}': 'Предоплата',
    '{message.paid}': '27 000,00 ₽',
    '{message.left_to_pay}': '63 000,00 ₽',
    '{message.collected_by}': 'счёт ЮKassa организатора «Катунь Рафтинг»',
    '{message.penalty}': '9 000,00 ₽',
    '{message.refund}': '18 000,00 ₽',
    '{message.reason}': 'Его отменил организатор.',
    '{message.method}': 'на карту, с которой была оплата',
  },
};

const SAMPLE_MEET: Record<Language, NonNullable<MessageView['meet']>> = {
  en: {
    text: 'We meet at 8 am by the main entrance. Bring your passport.',
    place: 'Gorno-Altaysk railway station',
    phone: '+7 999 123-45-67',
  },
  ru: {
    text: 'Встречаемся в 8:00 у главного входа. Возьмите паспорт.',
    place: 'Вокзал Горно-Алтайска',
    phone: '+7 999 123-45-67',
  },
};

/** The facts, button and blocks of a preview of a kind. */
export const sampleParts = (
  kind: TravellerMessageKind,
  lang: Language,
  base: string,
): Pick<MessageView, 'facts' | 'button' | 'meet' | 'attachmentNote'> => {
  const v = SAMPLE_VALUES[lang];
  const t = LAYOUT[lang];
  const f = t.facts;
  const pay = { label: t.buttons.pay(v['{message.amount}']!), url: `${base}/pay/sample?lang=${lang}` };
  return {
    facts: [
      [f.booking, `${lang === 'ru' ? '№' : 'No.'} ${v['{request.id}']}`],
      [f.tour, v['{tour.name}']!],
      [f.dates, `${v['{tour_date.date_start}']} – ${v['{tour_date.date_end}']}`],
      [f.travellers, v['{request.tourists_count}']!],
      [f.total, lang === 'ru' ? '90 000,00 ₽' : 'RUB 90,000.00'],
    ],
    button:
      kind === 'request_received'
        ? { label: t.buttons.questionnaire, url: `${base}/org/questionnaire/sample?lang=${lang}` }
        : kind === 'checkout_recovery'
          ? { label: t.buttons.recover, url: `${base}/booking?recover=sample&lang=${lang}` }
          : kind === 'review_request' || kind === 'review_reminder'
            ? { label: t.buttons.review, url: `${base}/review/sample?lang=${lang}` }
            : kind === 'confirmed' || kind === 'invoice_issued' || kind === 'balance_reminder'
              ? pay
              : null,
    meet: kind === 'meet_data' || kind === 'departure_reminder' ? SAMPLE_MEET[lang] : null,
    attachmentNote: kind === 'payment_received',
  };
};
