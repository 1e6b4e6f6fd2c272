import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Language } from '@tourdesk/contract';
import { PDF_FONT, printable, renderPdf } from '../../lib/pdf';

/** What the programme shows; every text as stored, the labels come from the language. */
export interface ProgramDocument {
  brandName: string;
  tour: {
    name: string;
    type: number;
    currency: string;
    price: number | null;
    duration: number | null;
    duration_hours: number | null;
    group_min: number | null;
    group_max: number | null;
    min_age: number | null;
    max_age: number | null;
    difficulty: number | null;
    gathering_place: string;
    /** sanitized HTML */
    description: string;
    in_price: string;
    not_in_price: string;
    is_program_preliminary: boolean;
    is_dates_preliminary: boolean;
  };
  days: { day: number; title: string; description: string; meals: string[] }[];
  departures: {
    date_start: string;
    date_end: string;
    time_start: string;
    price: number;
    number_of_seats: number;
    number_of_free_seats: number;
    not_guaranteed: boolean;
  }[];
  organizer: { name: string; phone: string; additional_phone: string; email: string; website: string };
  /** JPEG bytes of the cover photo, or null */
  cover: Buffer | null;
}

const plural = (lang: Language, n: number, forms: Record<string, string>): string =>
  forms[new Intl.PluralRules(lang).select(n)] ?? forms.other!;

/** The programme's own words in en and ru (the interface language, X-Language). */
const LABELS = {
  en: {
    type: { 1: 'Multi-day tour', 2: 'Excursion' } as Record<number, string>,
    days: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
    hours: (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`,
    people: (range: string) => `${range} people`,
    years: (range: string) => `${range} years`,
    price: 'Price',
    priceFrom: (p: string) => `from ${p}`,
    group: 'Group',
    age: 'Age',
    difficulty: 'Difficulty',
    gathering: 'Meeting point',
    about: 'About the tour',
    programme: 'Programme',
    day: (n: number) => `Day ${n}`,
    meals: 'Meals',
    meal: { breakfast: 'breakfast', lunch: 'lunch', dinner: 'dinner' } as Record<string, string>,
    departures: 'Next departures',
    dates: 'Dates',
    seats: 'Free seats',
    seatsOf: (free: number, total: number) => `${free} of ${total}`,
    notGuaranteed: 'not guaranteed yet',
    noDepartures: 'Departures are arranged on request.',
    included: 'Included',
    notIncluded: 'Not included',
    contacts: 'Contacts',
    phone: 'Phone',
    email: 'E-mail',
    website: 'Website',
    programPreliminary: 'The programme is preliminary and may change.',
    datesPreliminary: 'The dates are preliminary.',
    made: (day: string) => `Made on ${day}`,
  },
  ru: {
    type: { 1: 'Многодневный тур', 2: 'Экскурсия' } as Record<number, string>,
    days: (n: number) => `${n} ${plural('ru', n, { one: 'день', few: 'дня', many: 'дней', other: 'дня' })}`,
    hours: (n: number) => `${n} ${plural('ru', n, { one: 'час', few: 'часа', many: 'часов', other: 'часа' })}`,
    people: (range: string) => `${range} чел.`,
    years: (range: string) => `${range} лет`,
    price: 'Стоимость',
    priceFrom: (p: string) => `от ${p}`,
    group: 'Группа',
    age: 'Возраст',
    difficulty: 'Сложность',
    gathering: 'Место сбора',
    about: 'О туре',
    programme: 'Программа',
    day: (n: number) => `День ${n}`,
    meals: 'Питание',
    meal: { breakfast: 'завтрак', lunch: 'обед', dinner: 'ужин' } as Record<string, string>,
    departures: 'Ближайшие даты',
    dates: 'Даты',
    seats: 'Свободно мест',
    seatsOf: (free: number, total: number) => `${free} из ${total}`,
    notGuaranteed: 'пока не гарантирован',
    noDepartures: 'Даты согласуются по запросу.',
    included: 'Входит в стоимость',
    notIncluded: 'Не входит в стоимость',
    contacts: 'Контакты',
    phone: 'Телефон',
    email: 'Эл. почта',
    website: 'Сайт',
    programPreliminary: 'Программа предварительная и может измениться.',
    datesPreliminary: 'Даты предварительные.',
    made: (day: string) => `Составлено ${day}`,
  },
} satisfies Record<Language, unknown>;

/** The description's HTML as plain paragraphs (pdfmake draws text, not HTML). */
export const htmlToText = (html: string): string =>
  html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\s*li[^>]*>/gi, '• ')
    .replace(/<\/\s*(p|div|li|h[1-6]|blockquote|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Lines of a free-text list (what is and is not included), each without its bullet. */
const listItems = (text: string): string[] =>
  htmlToText(text)
    .split('\n')
    .map((line) => line.replace(/^\s*[-•*–—]\s*/, '').trim())
    .filter(Boolean);

const COLOR = { text: '#1f2937', muted: '#6b7280', accent: '#0f766e', rule: '#d1d5db' };

/** The programme as pdfmake's document: cover, name and facts, about, days, departures, inclusions, contacts. */
export const programDefinition = (doc: ProgramDocument, lang: Language, today: string): TDocumentDefinitions => {
  const L = LABELS[lang];
  const { tour } = doc;
  const money = (n: number) =>
    printable(
      new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: tour.currency,
        currencyDisplay: 'code',
        maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
      }).format(n),
    );
  const day = (iso: string) =>
    printable(
      new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${iso}T00:00:00Z`),
      ),
    );
  const range = (min: number | null, max: number | null): string | null =>
    min !== null && max !== null ? `${min}–${max}` : min !== null ? `${min}+` : max !== null ? `≤ ${max}` : null;
  const heading = (text: string): Content => ({ text, style: 'h2' });

  const facts: [string, string][] = [];
  if (tour.price !== null && tour.price > 0) facts.push([L.price, L.priceFrom(money(tour.price))]);
  const group = range(tour.group_min, tour.group_max);
  if (group) facts.push([L.group, L.people(group)]);
  const age = range(tour.min_age, tour.max_age);
  if (age) facts.push([L.age, L.years(age)]);
  if (tour.difficulty) facts.push([L.difficulty, `${tour.difficulty} / 5`]);
  if (tour.gathering_place.trim()) facts.push([L.gathering, tour.gathering_place.trim()]);

  const duration =
    tour.type === 2 && tour.duration_hours
      ? L.hours(tour.duration_hours)
      : tour.duration
        ? L.days(tour.duration)
        : null;
  const subtitle = [L.type[tour.type] ?? '', duration, doc.organizer.name].filter(Boolean).join(' · ');

  const content: Content[] = [];
  if (doc.cover) content.push({ image: 'cover', width: 515, margin: [0, 0, 0, 16] });
  content.push({ text: tour.name, style: 'title' }, { text: subtitle, style: 'subtitle' });
  const notes = [
    tour.is_program_preliminary ? L.programPreliminary : null,
    tour.is_dates_preliminary ? L.datesPreliminary : null,
  ].filter((n): n is string => n !== null);
  if (notes.length) content.push({ text: notes.join(' '), style: 'note' });
  if (facts.length)
    content.push({
      table: {
        widths: [110, '*'],
        body: facts.map(([k, v]) => [
          { text: k, color: COLOR.muted },
          { text: v, bold: true },
        ]),
      },
      layout: 'noBorders',
      margin: [0, 4, 0, 8],
    });

  const about = htmlToText(tour.description);
  if (about) content.push(heading(L.about), { text: about, margin: [0, 0, 0, 4] });

  if (doc.days.length) {
    content.push(heading(L.programme));
    for (const d of doc.days) {
      const meals = d.meals.map((m) => L.meal[m] ?? m);
      content.push({
        stack: [
          { text: [{ text: `${L.day(d.day)}. `, color: COLOR.accent }, d.title], style: 'dayTitle' },
          ...(d.description.trim() ? [{ text: htmlToText(d.description) }] : []),
          ...(meals.length ? [{ text: `${L.meals}: ${meals.join(', ')}`, color: COLOR.muted, fontSize: 9 }] : []),
        ],
        margin: [0, 0, 0, 10],
        unbreakable: d.description.length < 1200,
      });
    }
  }

  content.push(heading(L.departures));
  if (doc.departures.length)
    content.push({
      table: {
        headerRows: 1,
        widths: ['*', 'auto', 'auto'],
        body: [
          [L.dates, L.price, L.seats].map((text) => ({ text, bold: true, color: COLOR.muted })),
          ...doc.departures.map((d) => [
            {
              text: [
                d.date_start === d.date_end ? day(d.date_start) : `${day(d.date_start)} – ${day(d.date_end)}`,
                d.time_start ? `, ${d.time_start}` : '',
                d.not_guaranteed ? { text: ` (${L.notGuaranteed})`, color: COLOR.muted } : '',
              ],
            },
            { text: money(d.price), alignment: 'right' as const },
            { text: L.seatsOf(d.number_of_free_seats, d.number_of_seats), alignment: 'right' as const },
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 6],
    });
  else content.push({ text: L.noDepartures, color: COLOR.muted });

  const included = listItems(tour.in_price);
  const excluded = listItems(tour.not_in_price);
  if (included.length || excluded.length)
    content.push({
      columns: [
        included.length ? { stack: [heading(L.included), { ul: included }] } : { text: '' },
        excluded.length ? { stack: [heading(L.notIncluded), { ul: excluded }] } : { text: '' },
      ],
      columnGap: 20,
    });

  const o = doc.organizer;
  const contacts: [string, string][] = (
    [
      [L.phone, [o.phone, o.additional_phone].filter(Boolean).join(', ')],
      [L.email, o.email],
      [L.website, o.website],
    ] as [string, string][]
  ).filter(([, v]) => v.trim() !== '');
  content.push(heading(L.contacts), { text: o.name, bold: true, margin: [0, 0, 0, 2] });
  if (contacts.length)
    content.push({
      table: { widths: [110, '*'], body: contacts.map(([k, v]) => [{ text: k, color: COLOR.muted }, v]) },
      layout: 'noBorders',
    });

  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: tour.name, author: o.name, subject: L.programme, creator: doc.brandName },
    ...(doc.cover ? { images: { cover: `data:image/jpeg;base64,${doc.cover.toString('base64')}` } } : {}),
    content,
    footer: (page: number, pages: number): Content => ({
      columns: [
        { text: `${o.name} · ${L.made(day(today))}`, color: COLOR.muted },
        { text: `${page} / ${pages}`, alignment: 'right', color: COLOR.muted },
      ],
      fontSize: 8,
      margin: [40, 20, 40, 0],
    }),
    defaultStyle: { font: PDF_FONT, fontSize: 10, lineHeight: 1.25, color: COLOR.text },
    styles: {
      title: { fontSize: 22, bold: true, margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 11, color: COLOR.muted, margin: [0, 0, 0, 10] },
      note: { italics: true, color: COLOR.accent, margin: [0, 0, 0, 8] },
      h2: { fontSize: 14, bold: true, color: COLOR.accent, margin: [0, 14, 0, 6] },
      dayTitle: { fontSize: 11, bold: true, margin: [0, 0, 0, 2] },
    },
  };
};

/** Renders the programme to PDF bytes. */
export const renderProgramPdf = (doc: ProgramDocument, lang: Language, today: string): Promise<Buffer> =>
  renderPdf(programDefinition(doc, lang, today));
