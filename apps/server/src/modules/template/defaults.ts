import type { ContractTemplateType, PlaceholderEntityType } from '@tourdesk/contract';

export type TemplateLanguage = 'en' | 'ru';

/** Placeholder keys per entity type, as inserted into templates: `{entity.field}`. */
export const PLACEHOLDERS: Record<PlaceholderEntityType, Record<string, { en: string; ru: string }>> = {
  organizer: {
    '{organizer.name}': { en: 'Organizer name', ru: 'Название организатора' },
    '{organizer.legal_name}': { en: 'Legal name', ru: 'Юридическое наименование' },
    '{organizer.inn}': { en: 'Taxpayer number (INN)', ru: 'ИНН' },
    '{organizer.kpp}': { en: 'KPP', ru: 'КПП' },
    '{organizer.ogrn}': { en: 'OGRN / OGRNIP', ru: 'ОГРН / ОГРНИП' },
    '{organizer.vat_id}': { en: 'VAT id', ru: 'Налоговый номер (VAT)' },
    '{organizer.legal_address}': { en: 'Legal address', ru: 'Юридический адрес' },
    '{organizer.postal_address}': { en: 'Postal address', ru: 'Почтовый адрес' },
    '{organizer.director_full_name}': { en: 'Director full name', ru: 'ФИО руководителя' },
    '{organizer.director_position}': { en: 'Director position', ru: 'Должность руководителя' },
    '{organizer.director_position_genitive}': {
      en: 'Director position, after "represented by"',
      ru: 'Должность руководителя в родительном падеже (в лице кого)',
    },
    '{organizer.director_full_name_genitive}': {
      en: 'Director full name, after "represented by"',
      ru: 'ФИО руководителя в родительном падеже (в лице кого)',
    },
    '{organizer.requisites}': {
      en: 'Requisites: TIN, KPP, OGRN, VAT id and legal address (those given)',
      ru: 'Реквизиты: ИНН, КПП, ОГРН, VAT и юридический адрес (указанные)',
    },
    '{organizer.acts_on_basis_of}': { en: 'Director acts on the basis of', ru: 'Действует на основании' },
    '{organizer.email}': { en: 'Contact e-mail', ru: 'Контактный e-mail' },
    '{organizer.phone}': { en: 'Contact phone', ru: 'Контактный телефон' },
    '{organizer.sign}': { en: 'Signature image', ru: 'Подпись' },
    '{organizer.stamp}': { en: 'Stamp image', ru: 'Печать' },
  },
  tour: {
    '{tour.name}': { en: 'Tour name', ru: 'Название тура' },
    '{tour.duration}': { en: 'Duration, days', ru: 'Продолжительность, дней' },
    '{tour.gathering_place}': { en: 'Gathering place', ru: 'Место сбора' },
    '{tour.in_price}': { en: 'Included in the price', ru: 'Входит в стоимость' },
    '{tour.not_in_price}': { en: 'Not included in the price', ru: 'Не входит в стоимость' },
    '{tour.program}': { en: 'Programme', ru: 'Программа' },
    '{tour.penalties}': { en: 'Cancellation penalties', ru: 'Штрафы за отмену' },
  },
  tour_date: {
    '{tour_date.date_start}': { en: 'Start date', ru: 'Дата начала' },
    '{tour_date.date_end}': { en: 'End date', ru: 'Дата окончания' },
    '{tour_date.price}': { en: 'Price per person', ru: 'Цена за человека' },
  },
  request: {
    '{request.id}': { en: 'Booking number', ru: 'Номер заявки' },
    '{request.created_at}': { en: 'Booking date', ru: 'Дата заявки' },
    '{request.tourists_count}': { en: 'Number of tourists', ru: 'Количество туристов' },
    '{request.total_price}': { en: 'Total price', ru: 'Общая стоимость' },
    '{request.price_lines}': { en: 'Price, line by line', ru: 'Стоимость по строкам' },
    '{request.prepayment}': { en: 'Prepayment', ru: 'Предоплата' },
    '{request.currency}': { en: 'Currency', ru: 'Валюта' },
  },
  tourist: {
    '{tourist.full_name}': { en: 'Tourist full name', ru: 'ФИО туриста' },
    '{tourist.birthday}': { en: 'Date of birth', ru: 'Дата рождения' },
    '{tourist.passport}': { en: 'Passport', ru: 'Паспорт' },
    '{tourist.phone}': { en: 'Phone', ru: 'Телефон' },
    '{tourist.email}': { en: 'E-mail', ru: 'E-mail' },
    '{tourists.list}': { en: 'List of all tourists', ru: 'Список всех туристов' },
  },
  invoice: {
    '{invoice.id}': { en: 'Invoice number', ru: 'Номер счёта' },
    '{invoice.amount}': { en: 'Amount', ru: 'Сумма' },
    '{invoice.title}': { en: 'Title', ru: 'Назначение' },
    '{invoice.due_date}': { en: 'Pay by', ru: 'Оплатить до' },
  },
  bank_account: {
    '{bank_account.bank_name}': { en: 'Bank', ru: 'Банк' },
    '{bank_account.account_number}': { en: 'Account number', ru: 'Расчётный счёт' },
    '{bank_account.bik}': { en: 'BIK', ru: 'БИК' },
    '{bank_account.correspondent_account}': { en: 'Correspondent account', ru: 'Корр. счёт' },
    '{bank_account.iban}': { en: 'IBAN', ru: 'IBAN' },
    '{bank_account.swift}': { en: 'SWIFT/BIC', ru: 'SWIFT/BIC' },
    '{bank_account.requisites}': {
      en: 'Bank details: bank, account, BIK, correspondent account, IBAN, SWIFT (those given)',
      ru: 'Банковские реквизиты: банк, р/с, БИК, к/с, IBAN, SWIFT (указанные)',
    },
  },
};

export const TEMPLATE_TYPE_NAMES: Record<ContractTemplateType, { en: string; ru: string }> = {
  contract: { en: 'Contract for tourist services', ru: 'Договор о реализации туристского продукта' },
  offer: { en: 'Public offer', ru: 'Публичная оферта' },
  voucher: { en: 'Voucher', ru: 'Ваучер' },
  invoice: { en: 'Invoice', ru: 'Счёт на оплату' },
};

const requisites = {
  en: '<p><strong>{organizer.legal_name}</strong>, {organizer.requisites}</p><p>{bank_account.requisites}</p>',
  ru: '<p><strong>{organizer.legal_name}</strong>, {organizer.requisites}</p><p>{bank_account.requisites}</p>',
};

/** Shipped starting points for each template type, with placeholders, in en and ru. */
export const DEFAULT_TEMPLATES: Record<ContractTemplateType, Record<TemplateLanguage, string>> = {
  contract: {
    en: `<h2>Contract No {request.id} for tourist services</h2><p>{request.created_at}</p><p>{organizer.legal_name}, represented by {organizer.director_position_genitive} {organizer.director_full_name_genitive}, acting on the basis of {organizer.acts_on_basis_of} (the Organizer), and {tourist.full_name} (the Customer) agree as follows.</p><h3>1. Subject</h3><p>The Organizer provides the tour «{tour.name}» from {tour_date.date_start} to {tour_date.date_end} for {request.tourists_count} tourist(s): {tourists.list}.</p><h3>2. Price and payment</h3><p>The total price is {request.total_price} {request.currency}; the prepayment is {request.prepayment} {request.currency}.</p><p>Included: {tour.in_price}. Not included: {tour.not_in_price}.</p><h3>3. Cancellation</h3><p>Penalties if the Customer cancels: {tour.penalties}.</p><h3>4. Requisites</h3>${requisites.en}<p>{organizer.sign} {organizer.stamp}</p>`,
    ru: `<h2>Договор № {request.id} о реализации туристского продукта</h2><p>{request.created_at}</p><p>{organizer.legal_name} в лице {organizer.director_position_genitive} {organizer.director_full_name_genitive}, действующего на основании {organizer.acts_on_basis_of} (Исполнитель), и {tourist.full_name} (Заказчик) заключили настоящий договор.</p><h3>1. Предмет договора</h3><p>Исполнитель оказывает услуги по туру «{tour.name}» с {tour_date.date_start} по {tour_date.date_end} для {request.tourists_count} туристов: {tourists.list}.</p><h3>2. Стоимость и оплата</h3><p>Общая стоимость — {request.total_price} {request.currency}, предоплата — {request.prepayment} {request.currency}.</p><p>Входит в стоимость: {tour.in_price}. Не входит: {tour.not_in_price}.</p><h3>3. Отмена</h3><p>Штрафы при отказе Заказчика от тура: {tour.penalties}.</p><h3>4. Реквизиты</h3>${requisites.ru}<p>{organizer.sign} {organizer.stamp}</p>`,
  },
  offer: {
    en: `<h2>Public offer of {organizer.name}</h2><p>{organizer.legal_name} offers tourist services on the terms below to anyone who accepts this offer by paying for a booking.</p><p>Contacts: {organizer.email}, {organizer.phone}.</p>${requisites.en}`,
    ru: `<h2>Публичная оферта {organizer.name}</h2><p>{organizer.legal_name} предлагает туристские услуги на условиях ниже любому лицу, принявшему оферту оплатой заявки.</p><p>Контакты: {organizer.email}, {organizer.phone}.</p>${requisites.ru}`,
  },
  voucher: {
    en: '<h2>Voucher for booking No {request.id}</h2><p>Tour: {tour.name}, {tour_date.date_start} – {tour_date.date_end}</p><p>Tourists: {tourists.list}</p><p>Gathering place: {tour.gathering_place}</p><p>Organizer: {organizer.name}, {organizer.phone}</p>',
    ru: '<h2>Ваучер по заявке № {request.id}</h2><p>Тур: {tour.name}, {tour_date.date_start} – {tour_date.date_end}</p><p>Туристы: {tourists.list}</p><p>Место сбора: {tour.gathering_place}</p><p>Организатор: {organizer.name}, {organizer.phone}</p>',
  },
  invoice: {
    en: `<h2>Invoice No {invoice.id}</h2><p>For: {invoice.title}</p><p>Amount: {invoice.amount} {request.currency}, pay by {invoice.due_date}</p>${requisites.en}`,
    ru: `<h2>Счёт № {invoice.id}</h2><p>Назначение: {invoice.title}</p><p>Сумма: {invoice.amount} {request.currency}, оплатить до {invoice.due_date}</p>${requisites.ru}`,
  },
};
