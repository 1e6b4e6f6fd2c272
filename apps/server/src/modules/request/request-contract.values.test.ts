import { describe, expect, it } from 'vitest';
import { fullNameGenitive, genderOf, positionGenitive } from './request-contract.genitive';
import { htmlToPdfContent } from './request-contract.html';
import {
  bankRequisites,
  contractPenalties,
  countryName,
  organizerRequisites,
  penaltiesLine,
} from './request-contract.values';

describe('Russian genitive of the signatory', () => {
  it('declines the common positions, the adjectives before the head noun with it, and keeps the rest', () => {
    const cases: [string, string][] = [
      ['Генеральный директор', 'Генерального директора'],
      ['генеральный директор', 'генерального директора'],
      ['Директор', 'Директора'],
      ['ДИРЕКТОР', 'ДИРЕКТОРА'],
      ['Индивидуальный предприниматель', 'Индивидуального предпринимателя'],
      ['Управляющий', 'Управляющего'],
      ['Управляющий партнёр', 'Управляющего партнёра'],
      ['Руководитель', 'Руководителя'],
      ['Президент', 'Президента'],
      ['Исполнительный директор', 'Исполнительного директора'],
      ['Коммерческий директор', 'Коммерческого директора'],
      ['Заместитель генерального директора', 'Заместителя генерального директора'],
      ['Директор по развитию', 'Директора по развитию'],
      ['Председатель правления', 'Председателя правления'],
      ['Глава', 'Главы'],
      ['Владелец', 'Владельца'],
      ['  Генеральный   директор ', 'Генерального директора'],
    ];
    for (const [nominative, genitive] of cases) expect(positionGenitive(nominative), nominative).toBe(genitive);
  });

  it('keeps an unknown position as written', () => {
    for (const unknown of ['CEO', 'ИП', 'Гид-проводник', 'Старший инструктор', '', 'Генеральный'])
      expect(positionGenitive(unknown), unknown).toBe(unknown.trim());
  });

  it('tells the gender by the patronymic', () => {
    expect(genderOf('Петрович')).toBe('male');
    expect(genderOf('Ильич')).toBe('male');
    expect(genderOf('Петровна')).toBe('female');
    expect(genderOf('Ильинична')).toBe('female');
    expect(genderOf('')).toBeNull();
    expect(genderOf('Smith')).toBeNull();
  });

  it('declines a full name when the patronymic tells the gender, surname first', () => {
    const name = (last_name: string, first_name: string, middle_name: string) =>
      fullNameGenitive({ last_name, first_name, middle_name });
    expect(name('Соколова', 'Анна', 'Петровна')).toBe('Соколовой Анны Петровны');
    expect(name('Иванов', 'Иван', 'Иванович')).toBe('Иванова Ивана Ивановича');
    expect(name('Достоевский', 'Фёдор', 'Михайлович')).toBe('Достоевского Фёдора Михайловича');
    expect(name('Толстой', 'Лев', 'Николаевич')).toBe('Толстого Льва Николаевича');
    expect(name('Ковальчук', 'Андрей', 'Павлович')).toBe('Ковальчука Андрея Павловича');
    expect(name('Черных', 'Игорь', 'Ильич')).toBe('Черных Игоря Ильича');
    expect(name('Белая', 'Ольга', 'Сергеевна')).toBe('Белой Ольги Сергеевны');
    expect(name('Вяземская', 'Мария', 'Кузьминична')).toBe('Вяземской Марии Кузьминичны');
    expect(name('Ковальчук', 'Любовь', 'Андреевна')).toBe('Ковальчук Любови Андреевны');
    expect(name('Ильин', 'Никита', 'Олегович')).toBe('Ильина Никиты Олеговича');
    // no patronymic: the gender is a guess, so the name stays as written
    expect(name('Соколова', 'Анна', '')).toBe('Соколова Анна');
    expect(name('', '', '')).toBe('');
  });
});

describe('contract values', () => {
  it('prints a country code by its name in the document language', () => {
    expect(countryName('ru', 'RU')).toBe('Россия');
    expect(countryName('en', 'RU')).toBe('Russia');
    expect(countryName('en', 'de')).toBe('Germany');
    expect(countryName('ru', 'Казахстан')).toBe('Казахстан');
    expect(countryName('en', '')).toBe('');
  });

  it('lists the organizer’s registration numbers given, in either language', () => {
    const legal = { legal_form: 'company', inn: '2224123456', kpp: '222401001', ogrn: '1022200123456', vat_id: '' };
    expect(organizerRequisites('en', legal, '656000, Russia, Barnaul')).toBe(
      'TIN 2224123456, KPP 222401001, OGRN 1022200123456, 656000, Russia, Barnaul',
    );
    expect(organizerRequisites('ru', legal, '656000, Россия, Барнаул')).toBe(
      'ИНН 2224123456, КПП 222401001, ОГРН 1022200123456, 656000, Россия, Барнаул',
    );
    expect(organizerRequisites('ru', { legal_form: 'sole_proprietor', inn: '1', ogrn: '3' }, '')).toBe(
      'ИНН 1, ОГРНИП 3',
    );
    expect(organizerRequisites('en', { vat_id: 'DE123' }, 'Berlin')).toBe('VAT ID DE123, Berlin');
    expect(organizerRequisites('en', {}, '')).toBe('');
  });

  it('prints only the bank details given: a Russian account has no IBAN or SWIFT gap', () => {
    const russian = {
      bank_name: 'Сбербанк',
      account_number: '40702810000000000001',
      bik: '044525225',
      correspondent_account: '30101810400000000225',
      iban: '',
      swift: '',
    };
    expect(bankRequisites('ru', russian)).toBe(
      'Банк: Сбербанк, р/с 40702810000000000001, БИК 044525225, к/с 30101810400000000225',
    );
    expect(bankRequisites('en', russian)).toBe(
      'Bank: Сбербанк, account 40702810000000000001, BIK 044525225, corr. account 30101810400000000225',
    );
    const foreign = { ...russian, bank_name: 'Deutsche Bank', bik: '', correspondent_account: '', account_number: '' };
    expect(bankRequisites('en', { ...foreign, iban: 'DE89370400440532013000', swift: 'DEUTDEFF' })).toBe(
      'Bank: Deutsche Bank, IBAN DE89370400440532013000, SWIFT DEUTDEFF',
    );
    expect(bankRequisites('en', null)).toBe('');
  });

  it('lists the penalties, the farthest from the start first, in either language', () => {
    const penalties = [
      { days_before: 7, percent: 50 },
      { days_before: 30, percent: 12.5 },
      { days_before: 0, percent: 100 },
      { days_before: 1, percent: 90 },
      { days_before: 22, percent: 20 },
    ];
    expect(penaltiesLine('en', penalties)).toBe(
      '12.5\u00a0% of the total price 30 days or fewer before the start; 20\u00a0% of the total price 22 days or fewer before the start; 50\u00a0% of the total price 7 days or fewer before the start; 90\u00a0% of the total price 1 day or fewer before the start; 100\u00a0% of the total price on the day of the start',
    );
    expect(penaltiesLine('ru', penalties)).toBe(
      '12,5\u00a0% от общей стоимости при отказе за 30\u00a0дней и менее до начала; 20\u00a0% от общей стоимости при отказе за 22\u00a0дня и менее до начала; 50\u00a0% от общей стоимости при отказе за 7\u00a0дней и менее до начала; 90\u00a0% от общей стоимости при отказе за 1\u00a0день и менее до начала; 100\u00a0% от общей стоимости при отказе в день начала',
    );
    expect(penaltiesLine('en', [])).toBe('none');
    expect(penaltiesLine('ru', [])).toBe('не взимаются');
  });

  it('takes the tour’s own penalties unless it keeps the standard terms, else the organizer’s', () => {
    const own = [{ days_before: 10, percent: '25.00' }];
    const organizer = [{ days_before: 5, percent: 40 }, { bad: true }];
    expect(contractPenalties({ use_standard_cancellation_terms: false }, own, organizer)).toEqual([
      { days_before: 10, percent: 25 },
    ]);
    expect(contractPenalties({ use_standard_cancellation_terms: true }, own, organizer)).toEqual([
      { days_before: 5, percent: 40 },
    ]);
    expect(contractPenalties({ use_standard_cancellation_terms: false }, [], organizer)).toEqual([
      { days_before: 5, percent: 40 },
    ]);
    expect(contractPenalties(null, [], undefined)).toEqual([]);
  });

  it('keeps one full stop when a value ending a sentence stands before the template’s', () => {
    const content = htmlToPdfContent('<p>Included: {a.b}. Not: {c.d}. End {e.f}!</p>', {
      values: { '{a.b}': 'Meals.', '{c.d}': 'Flights', '{e.f}': 'Ltd.' },
      unknown: '—',
    });
    expect(content[0]).toMatchObject({ text: [{ text: 'Included: Meals. Not: Flights. End Ltd.!' }] });
  });
});
