import { describe, expect, it } from 'vitest';
import ruBookings from './ru/bookings.json';
import ruTours from './ru/tours.json';
import enTours from './en/tours.json';
import { SITE_DICTS } from '../site-render/i18n';
import { SHOWCASE_TEXTS } from '@tourdesk/ui/showcase/showcase-texts';

/** Every text of a namespace, flattened. */
const textsOf = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(textsOf) : [];

const ruAll = Object.values(import.meta.glob<{ default: unknown }>('./ru/*.json', { eager: true })).flatMap((m) =>
  textsOf(m.default),
);

describe('the wording of the interface', () => {
  it('calls a tour date one thing in Russian: «заезд», never also «выезд»', () => {
    expect(ruAll.filter((text) => /выезд/i.test(text))).toEqual([]);
    // the public sites' texts and the UI kit's showcase too
    expect(textsOf(SITE_DICTS.ru).filter((text) => /выезд/i.test(text))).toEqual([]);
    expect(textsOf(SHOWCASE_TEXTS.ru).filter((text) => /выезд/i.test(text))).toEqual([]);
    expect(ruTours.dates.title).toBe('Заезды');
    expect(ruBookings.list.kinds.departures).toBe('Заезды');
  });

  it('says a tourist filled the questionnaire without a gender', () => {
    expect(ruBookings.tourists.flags.questionnaire).toBe('Анкета заполнена');
  });

  it("says the tour's price is per person", () => {
    expect(enTours.fields.price).toBe('Price per person');
    expect(ruTours.fields.price).toBe('Цена за человека');
  });
});
