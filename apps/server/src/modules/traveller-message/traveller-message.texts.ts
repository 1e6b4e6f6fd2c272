import type { Language, TravellerMessageKind } from '@tourdesk/contract';

/** A kind's subject and body: plain text with placeholders, paragraphs parted by a blank line. */
export interface KindText {
  subject: string;
  body: string;
}

/**
 * The shipped texts of each kind. Placeholders are the contract templates' ({tour.name},
 * {request.id}, {tour_date.date_start}, …) and the messages' own ({recipient.name},
 * {message.amount}, … MESSAGE_PLACEHOLDERS). The layout adds the booking's facts, the button
 * (pay, fill in the travellers) and the organizer's contacts around the body.
 */
export const SHIPPED_TEXTS: Record<TravellerMessageKind, Record<Language, KindText>> = {
  checkout_recovery: {
    en: {
      subject: 'Your places on “{tour.name}” are still free',
      body: 'Hello, {recipient.name}!\n\nYou started booking “{tour.name}”, {tour_date.date_start}, with {organizer.name} and did not finish. The places are still free.\n\nThe button below brings your choice back, the same travellers and extras, and holds the places again while you finish. This is the only reminder.',
    },
    ru: {
      subject: 'Места в туре «{tour.name}» ещё свободны',
      body: 'Здравствуйте, {recipient.name}!\n\nВы начали бронировать тур «{tour.name}», {tour_date.date_start}, у организатора {organizer.name}, но не закончили. Места ещё свободны.\n\nКнопка ниже вернёт ваш выбор — тех же туристов и те же услуги — и снова придержит места, пока вы заканчиваете. Больше напоминаний не будет.',
    },
  },
  request_received: {
    en: {
      subject: 'We got your request No. {request.id}: {tour.name}',
      body: 'Hello, {recipient.name}!\n\nThank you: {organizer.name} has your request for “{tour.name}”, {tour_date.date_start}, for {request.tourists_count} travellers.\n\nWhat happens next: the organizer checks the places and confirms them; then you get the payment link for the prepayment. If the travellers’ details are still missing, please fill them in with the button below.',
    },
    ru: {
      subject: 'Мы получили вашу заявку № {request.id}: {tour.name}',
      body: 'Здравствуйте, {recipient.name}!\n\nСпасибо: {organizer.name} получил вашу заявку на тур «{tour.name}», {tour_date.date_start}, туристов: {request.tourists_count}.\n\nЧто дальше: организатор проверит места и подтвердит их, после этого вы получите ссылку на оплату предоплаты. Если данные туристов ещё не заполнены, заполните их по кнопке ниже.',
    },
  },
  confirmed: {
    en: {
      subject: 'Your places are confirmed: {tour.name}',
      body: 'Hello, {recipient.name}!\n\nGood news: {organizer.name} has confirmed your places on “{tour.name}”, {tour_date.date_start}.\n\nTo keep them, please pay the prepayment of {request.prepayment} {request.currency} by {message.due_date}.',
    },
    ru: {
      subject: 'Места подтверждены: {tour.name}',
      body: 'Здравствуйте, {recipient.name}!\n\nХорошие новости: {organizer.name} подтвердил ваши места на туре «{tour.name}», {tour_date.date_start}.\n\nЧтобы сохранить их, оплатите предоплату {request.prepayment} {request.currency} до {message.due_date}.',
    },
  },
  invoice_issued: {
    en: {
      subject: 'Invoice for booking No. {request.id}: {message.amount}',
      body: 'Hello, {recipient.name}!\n\n{organizer.name} has issued an invoice for your booking on “{tour.name}”: {message.invoice_title}, {message.amount}, due by {message.due_date}.\n\nYou can pay it online with the button below.',
    },
    ru: {
      subject: 'Счёт по бронированию № {request.id}: {message.amount}',
      body: 'Здравствуйте, {recipient.name}!\n\n{organizer.name} выставил счёт по вашему бронированию на тур «{tour.name}»: {message.invoice_title}, {message.amount}, оплатить до {message.due_date}.\n\nОплатить его можно онлайн по кнопке ниже.',
    },
  },
  payment_received: {
    en: {
      subject: 'Payment received: {message.amount}',
      body: 'Hello, {recipient.name}!\n\nWe have received your payment of {message.amount} for “{tour.name}”. Thank you!\n\nPaid in total: {message.paid}. Left to pay: {message.left_to_pay}.\n\nPaid to: {message.collected_by}.',
    },
    ru: {
      subject: 'Оплата получена: {message.amount}',
      body: 'Здравствуйте, {recipient.name}!\n\nМы получили вашу оплату {message.amount} за тур «{tour.name}». Спасибо!\n\nВсего оплачено: {message.paid}. Осталось оплатить: {message.left_to_pay}.\n\nПолучатель: {message.collected_by}.',
    },
  },
  meet_data: {
    en: {
      subject: 'Meeting details: {tour.name}, {tour_date.date_start}',
      body: 'Hello, {recipient.name}!\n\nYour meeting details for “{tour.name}” (booking No. {request.id}):',
    },
    ru: {
      subject: 'Информация о встрече: {tour.name}, {tour_date.date_start}',
      body: 'Здравствуйте, {recipient.name}!\n\nИнформация о встрече на туре «{tour.name}» (заявка № {request.id}):',
    },
  },
  departure_reminder: {
    en: {
      subject: 'Your trip starts tomorrow: {tour.name}',
      body: 'Hello, {recipient.name}!\n\n“{tour.name}” starts tomorrow, {tour_date.date_start}. Here is where and when to meet; have a good trip!',
    },
    ru: {
      subject: 'Завтра начинается ваше путешествие: {tour.name}',
      body: 'Здравствуйте, {recipient.name}!\n\nТур «{tour.name}» начинается завтра, {tour_date.date_start}. Где и когда встречаемся — ниже. Хорошей поездки!',
    },
  },
  balance_reminder: {
    en: {
      subject: 'Payment reminder: {tour.name}',
      body: 'Hello, {recipient.name}!\n\nThe balance of your booking No. {request.id} for “{tour.name}” with {organizer.name} is {message.amount}, due by {message.due_date}.\n\nIf you have already paid, please ignore this message.',
    },
    ru: {
      subject: 'Напоминание об оплате: {tour.name}',
      body: 'Здравствуйте, {recipient.name}!\n\nОстаток оплаты бронирования № {request.id} на тур «{tour.name}» у организатора {organizer.name} — {message.amount}, оплатить нужно до {message.due_date}.\n\nЕсли вы уже оплатили, просто проигнорируйте это письмо.',
    },
  },
  canceled: {
    en: {
      subject: 'Booking No. {request.id} is canceled',
      body: 'Hello, {recipient.name}!\n\nYour booking No. {request.id} for “{tour.name}”, {tour_date.date_start}, is canceled. {message.reason}\n\nPaid: {message.paid}. Cancellation fee under the cancellation terms: {message.penalty}. To be refunded: {message.refund}.',
    },
    ru: {
      subject: 'Бронирование № {request.id} отменено',
      body: 'Здравствуйте, {recipient.name}!\n\nВаше бронирование № {request.id} на тур «{tour.name}», {tour_date.date_start}, отменено. {message.reason}\n\nОплачено: {message.paid}. Удержание по условиям отмены: {message.penalty}. К возврату: {message.refund}.',
    },
  },
  refund: {
    en: {
      subject: 'Refund for booking No. {request.id}: {message.amount}',
      body: 'Hello, {recipient.name}!\n\n{organizer.name} has refunded {message.amount} for your booking No. {request.id} ({message.method}). It can take a few days to reach your account.',
    },
    ru: {
      subject: 'Возврат по бронированию № {request.id}: {message.amount}',
      body: 'Здравствуйте, {recipient.name}!\n\n{organizer.name} вернул {message.amount} по вашему бронированию № {request.id} ({message.method}). Деньги могут идти до счёта несколько дней.',
    },
  },
  review_request: {
    en: {
      subject: 'How was “{tour.name}”?',
      body: 'Hello, {recipient.name}!\n\nThank you for travelling with {organizer.name} on “{tour.name}”, {tour_date.date_start}. How was it? Your review helps the organizer and other travellers.\n\nIt takes a minute: rate the trip, write a few words and add photos if you like, with the button below. The link is yours alone and works for 30 days.',
    },
    ru: {
      subject: 'Как прошёл тур «{tour.name}»?',
      body: 'Здравствуйте, {recipient.name}!\n\nСпасибо, что путешествовали с организатором {organizer.name}: тур «{tour.name}», {tour_date.date_start}. Как всё прошло? Ваш отзыв поможет организатору и другим путешественникам.\n\nЭто займёт минуту: оцените поездку, напишите пару слов и, если хотите, добавьте фото по кнопке ниже. Ссылка только ваша и действует 30 дней.',
    },
  },
  review_reminder: {
    en: {
      subject: 'A minute for a review of “{tour.name}”?',
      body: 'Hello, {recipient.name}!\n\nA week ago we asked how “{tour.name}” went. If you have a minute, {organizer.name} would be glad of your review; the button below opens it. This is the only reminder.',
    },
    ru: {
      subject: 'Минута на отзыв о туре «{tour.name}»?',
      body: 'Здравствуйте, {recipient.name}!\n\nНеделю назад мы спрашивали, как прошёл тур «{tour.name}». Если найдётся минута, {organizer.name} будет рад вашему отзыву — кнопка ниже. Больше напоминаний не будет.',
    },
  },
  departure_message: {
    en: {
      subject: 'About your trip “{tour.name}”, {tour_date.date_start}',
      body: 'Hello, {recipient.name}!\n\n{organizer.name} writes to everyone on “{tour.name}”, {tour_date.date_start}:\n\n{message.text}',
    },
    ru: {
      subject: 'О вашей поездке «{tour.name}», {tour_date.date_start}',
      body: 'Здравствуйте, {recipient.name}!\n\n{organizer.name} пишет всем участникам заезда тура «{tour.name}», {tour_date.date_start}:\n\n{message.text}',
    },
  },
};

/** The messages' own placeholders, beside the contract templates' (what each stands for). */
export const MESSAGE_PLACEHOLDERS: Record<string, Record<Language, string>> = {
  '{recipient.name}': { en: 'Name of the person the message is for', ru: 'Имя получателя сообщения' },
  '{message.amount}': {
    en: 'Amount of the invoice, payment or refund, with its currency',
    ru: 'Сумма счёта, платежа или возврата с валютой',
  },
  '{message.due_date}': { en: 'Date to pay by', ru: 'Дата, до которой нужно оплатить' },
  '{message.invoice_title}': { en: 'Title of the invoice', ru: 'Название счёта' },
  '{message.paid}': { en: 'Paid in total, with its currency', ru: 'Всего оплачено, с валютой' },
  '{message.left_to_pay}': { en: 'Left to pay, with its currency', ru: 'Осталось оплатить, с валютой' },
  '{message.collected_by}': {
    en: 'Whose account took the payment: the provider’s own or the platform’s',
    ru: 'Чей счёт принял оплату: собственный счёт организатора или платформы',
  },
  '{message.penalty}': { en: 'Cancellation fee', ru: 'Удержание при отмене' },
  '{message.refund}': { en: 'Amount to be refunded', ru: 'Сумма к возврату' },
  '{message.reason}': { en: 'Why the booking was canceled', ru: 'Причина отмены' },
  '{message.method}': { en: 'How the refund is made', ru: 'Способ возврата' },
  '{message.text}': { en: 'Your message to everyone on the departure', ru: 'Ваше сообщение всем участникам заезда' },
};

/** What the layout around a message says, per language. */
export const LAYOUT = {
  en: {
    facts: { booking: 'Booking', tour: 'Tour', dates: 'Dates', travellers: 'Travellers', total: 'Total' },
    buttons: {
      pay: (amount: string) => `Pay ${amount}`,
      questionnaire: 'Fill in the travellers’ details',
      review: 'Write a review',
      booking: 'Your booking: pay, documents, chat, cancel',
      recover: 'Finish the booking',
    },
    meet: { title: 'Where and when we meet', place: 'Meeting point', phone: 'Contact phone' },
    contract: 'The contract is attached to this e-mail.',
    reply: (org: string) => `Reply to this e-mail to write to ${org}.`,
    sentWith: (brand: string) => `Sent with ${brand} on behalf of the organizer.`,
    link: 'Link',
    collectedBy: {
      organizer: (org: string) => `${org}’s own YooKassa account`,
      platform: (brand: string, org: string) => `${brand}, collecting for ${org}`,
    },
  },
  ru: {
    facts: { booking: 'Бронирование', tour: 'Тур', dates: 'Даты', travellers: 'Туристов', total: 'Стоимость' },
    buttons: {
      pay: (amount: string) => `Оплатить ${amount}`,
      questionnaire: 'Заполнить данные туристов',
      review: 'Написать отзыв',
      booking: 'Ваше бронирование: оплата, документы, чат, отмена',
      recover: 'Завершить бронирование',
    },
    meet: { title: 'Где и когда встречаемся', place: 'Место встречи', phone: 'Контактный телефон' },
    contract: 'Договор приложен к этому письму.',
    reply: (org: string) => `Ответьте на это письмо, чтобы написать организатору «${org}».`,
    sentWith: (brand: string) => `Отправлено через ${brand} от имени организатора.`,
    link: 'Ссылка',
    collectedBy: {
      organizer: (org: string) => `счёт ЮKassa организатора «${org}»`,
      platform: (brand: string, org: string) => `${brand} от имени организатора «${org}»`,
    },
  },
} as const;

/** Why a booking was canceled, by its status (5–8), per language. */
export const CANCEL_REASONS: Record<number, Record<Language, string>> = {
  5: { en: 'It was canceled at your request.', ru: 'Оно отменено по вашей просьбе.' },
  6: { en: 'The organizer canceled it.', ru: 'Его отменил организатор.' },
  7: {
    en: 'It was canceled automatically: the prepayment did not arrive in time.',
    ru: 'Оно отменено автоматически: предоплата не поступила вовремя.',
  },
  8: { en: 'It was canceled by the marketplace’s support.', ru: 'Его отменила служба поддержки площадки.' },
};

/** How a refund goes back, by the payment's method. */
export const REFUND_METHODS: Record<string, Record<Language, string>> = {
  card: { en: 'to the card it was paid with', ru: 'на карту, с которой была оплата' },
  sbp: { en: 'through the Faster Payments System', ru: 'через СБП' },
  cash: { en: 'in cash', ru: 'наличными' },
  bank_transfer: { en: 'by bank transfer', ru: 'банковским переводом' },
  other: { en: 'the way it was paid', ru: 'тем же способом, что и оплата' },
};
