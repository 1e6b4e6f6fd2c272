import { describe, expect, it } from 'vitest';
import { addressSchema, penaltySchema } from './common';
import { dashboardDataSchema, organizerSchema, organizerSummarySchema, partnersDataSchema } from './organizer';
import { domainInfoSchema } from './domain-info';
import {
  isManualVerificationMethod,
  messengerChatSchema,
  needsMessengerSubscription,
  phoneConfirmationMethodsSchema,
  sortMessengerChats,
  verificationMethodSchema,
  whatsappManualLink,
} from './verification';
import { guideSchema, tourDateSchema, tourSchema, weekScheduleSchema } from './tour';
import { requestSchema, requestSearchFilterSchema, touristSchema } from './request';
import { invoiceSchema, paymentSchema } from './invoice';
import { chatMessageSchema, chatSchema } from './chat';
import { bankAccountSchema } from './bank-account';
import { contractTemplateSchema, meetDataTemplateSchema } from './template';
import { blockLinkSchema, blockMediaSchema } from './site';
import { SITE_PAGE_BLOCKS, siteBlockDataSchemas, typedSiteBlockSchema } from './site-blocks';
import { dataTableHeaderSchema, galleryItemSchema, isSelectHeaderItem, phoneCountrySchema } from './ui';
import { DEFAULT_WEEK_SCHEDULE } from '../constants';

const NOW = '2026-05-01T10:00:00.000Z';
const UUID = '6f1c1d6e-8a5b-4c1e-9d7a-2b3c4d5e6f70';

describe('domain info', () => {
  it('defaults to empty strings, null id and false', () => {
    expect(domainInfoSchema.parse({})).toEqual({
      domain: '',
      name: '',
      logo: '',
      id: null,
      is_tour_author_required: false,
    });
  });
});

describe('verification', () => {
  it('method defaults', () => {
    expect(verificationMethodSchema.parse({ type: 'sms' })).toEqual({
      type: 'sms',
      is_default: false,
      target: null,
      manual_number: null,
      is_subscribed: false,
    });
    expect(verificationMethodSchema.safeParse({ type: 'pigeon' }).success).toBe(false);
  });
  it('phone-confirmation methods response', () => {
    expect(phoneConfirmationMethodsSchema.parse({})).toEqual({ verification_methods: [], is_bot: false });
  });
  it('WhatsApp with a target is manual; telegram_with_phone_request needs a subscription', () => {
    expect(isManualVerificationMethod({ type: 'whatsapp', target: 'CONFIRM' })).toBe(true);
    expect(isManualVerificationMethod({ type: 'whatsapp', target: null })).toBe(false);
    expect(isManualVerificationMethod({ type: 'sms', target: 'x' })).toBe(false);
    expect(whatsappManualLink('+7 (999) 000-00-01', 'TD-123456')).toBe('https://wa.me/79990000001?text=TD-123456');
    expect(needsMessengerSubscription({ type: 'telegram_with_phone_request', is_subscribed: false })).toBe(true);
    expect(needsMessengerSubscription({ type: 'telegram_with_phone_request', is_subscribed: true })).toBe(false);
  });
  it('messenger chats sort telegram first', () => {
    const chats = [
      messengerChatSchema.parse({ id: 1, chat_id: 'a', chat_name: 'A', source_type: 'whatsapp' }),
      messengerChatSchema.parse({ id: 2, chat_id: 'b', chat_name: 'B', source_type: 'telegram' }),
    ];
    expect(sortMessengerChats(chats).map((c) => c.source_type)).toEqual(['telegram', 'whatsapp']);
    expect(chats[0]?.messenger_was_activated).toBe(false);
  });
});

describe('organizer', () => {
  it('keeps the summary shape', () => {
    expect(
      organizerSummarySchema.parse({ id: 1, name: 'N', logo: null, is_internal_check_success: true, role: 'guide' }),
    ).toEqual({
      id: 1,
      name: 'N',
      logo: null,
      is_internal_check_success: true,
      role: 'guide',
    });
  });
  it('fills every profile default from id and name', () => {
    const o = organizerSchema.parse({ id: 7, name: 'Northern Trails' });
    expect(o.currency).toBe('RUB');
    expect(o.legal_entity).toMatchObject({
      legal_form: 'company',
      legal_name: '',
      inn: '',
      kpp: '',
      ogrn: '',
      vat_id: '',
    });
    expect(o.director).toMatchObject({ first_name: '', last_name: '', position: '' });
    expect(o.tour_author).toMatchObject({ first_name: '', photo: null });
    expect(o.contacts).toEqual({ email: '', phone: '', additional_phone: '', website: '' });
    expect(o.legal_address).toEqual({ country: '', region: '', city: '', street: '', post_code: '' });
    expect(o.postal_address).toEqual(addressSchema.parse({}));
    expect(o.work_hours).toEqual([]);
    expect(o.social_links).toEqual({});
    expect(o.penalties).toEqual([]);
    expect(o.cancellation_terms).toBe('');
    expect(o.actual_expenses).toBe('');
    expect(o.sign_image).toBeNull();
    expect(o.stamp_image).toBeNull();
    expect(o.own_request_bank_account_id).toBeNull();
    expect(o.is_internal_check_success).toBe(false);
    expect(o.internal_check_status).toBe('not_performed');
    expect(o.verification_status).toBe('not_performed');
  });
  it('rejects a penalty over 100 percent and an unknown social network', () => {
    expect(penaltySchema.safeParse({ days_before: 10, percent: 101 }).success).toBe(false);
    expect(organizerSchema.safeParse({ id: 1, name: 'x', social_links: { myspace: 'u' } }).success).toBe(false);
    expect(
      organizerSchema.parse({ id: 1, name: 'x', social_links: { telegram: 'https://t.me/x' } }).social_links,
    ).toEqual({ telegram: 'https://t.me/x' });
  });
  it('dashboard defaults', () => {
    expect(dashboardDataSchema.parse({})).toEqual({
      organizer_country: null,
      should_show_agreement_popup: false,
      organizer_verification: { internal_check_status: 'not_performed', verification_status: 'not_performed' },
      organizer_commission: null,
    });
  });
  it('partners defaults and connected site shape', () => {
    expect(partnersDataSchema.parse({})).toEqual({ connected_sites: [], available_for_connection: [], agents: [] });
    const p = partnersDataSchema.parse({ connected_sites: [{ site_id: 3, name: 'S', domain: 's.ru' }] });
    expect(p.connected_sites[0]).toMatchObject({ site_id: 3, is_published_on_site: false });
  });
});

describe('tour', () => {
  it('defaults: draft, type 1, schedule 1, RUB, booking_end_hours 12, standard cancellation terms', () => {
    const t = tourSchema.parse({ id: 1, tour_organizer_id: 2 });
    expect(t).toMatchObject({
      status: 'draft',
      type: 1,
      schedule_type: 1,
      currency: 'RUB',
      booking_end_hours: 12,
      booking_auto_end_one_hour: false,
      use_standard_cancellation_terms: true,
      is_periodical: false,
      is_dates_preliminary: false,
      is_program_preliminary: false,
      base: false,
      premium: false,
      tour_week_schedule: null,
      discounts: { early_booking_dates: [], early_booking_days: [], seasonal: [] },
      photos: [],
      map_photo: null,
      lat: null,
      lng: null,
    });
  });
  it('nests accommodations, programme, questions, cities', () => {
    const t = tourSchema.parse({
      id: 1,
      tour_organizer_id: 2,
      accommodations: [{ nights: 3, variants: [{ name: 'Double' }] }],
      program: [{ day: 1, title: 'Arrival' }],
      questions: [{ question: 'Visa?' }],
      cities: [
        { city: { id: 5, name: 'Kazan' }, arrival: { is_enabled: true, transport: ['train'], day: 1, time: '09:30' } },
      ],
    });
    expect(t.accommodations[0]?.variants[0]).toEqual({
      name: 'Double',
      description: '',
      price: 0,
      places: null,
      photos: [],
    });
    expect(t.questions[0]).toEqual({ question: 'Visa?', answer: '', added_to_voucher: false });
    expect(t.cities[0]?.departure).toEqual({ is_enabled: false, transport: [], day: null, time: null });
    expect(
      tourSchema.safeParse({
        id: 1,
        tour_organizer_id: 2,
        cities: [{ city: { id: 5, name: 'K' }, arrival: { time: '25:00' } }],
      }).success,
    ).toBe(false);
  });
  it('week schedule defaults: publish 90 days, 7 days with Sunday 0', () => {
    const w = weekScheduleSchema.parse({});
    expect(w.publish_count_days).toBe(90);
    expect(w.days_data.map((d) => d.day_of_week)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(w.excluded_periods_data).toEqual([]);
    expect(w.last_tour_date).toBeNull();
    expect(weekScheduleSchema.safeParse({ days_data: [{ day_of_week: 7, times: [] }] }).success).toBe(false);
    expect(w).toEqual({ ...DEFAULT_WEEK_SCHEDULE, last_tour_date: null });
    expect(weekScheduleSchema.parse({}).days_data).not.toBe(w.days_data);
  });
  it('tour date defaults', () => {
    const d = tourDateSchema.parse({
      id: 1,
      tour_id: 1,
      date_start: '2026-06-01',
      date_end: '2026-06-05',
      price: 1000,
      days: 5,
      number_of_seats: 10,
      number_of_free_seats: 10,
    });
    expect(d).toMatchObject({
      not_guaranteed: false,
      flight_included: false,
      is_busy: false,
      prepayment_type: 'percent',
      prepayment_size: 0,
      tour_variant: null,
      commentary: '',
      currency: 'RUB',
    });
    expect(tourDateSchema.safeParse({ ...d, date_start: '01.06.2026' }).success).toBe(false);
  });
  it('guide', () => {
    expect(guideSchema.parse({ id: 1, tour_organizer_id: 1, first_name: 'Anna' })).toEqual({
      id: 1,
      tour_organizer_id: 1,
      first_name: 'Anna',
      last_name: '',
      about: '',
      photo: null,
    });
  });
});

describe('request, tourist, invoice', () => {
  it('request defaults: status 1, marketplace, empty invoices', () => {
    const r = requestSchema.parse({ request_id: 10, uuid: UUID, tour_organizer_id: 2 });
    expect(r).toMatchObject({
      status: 1,
      source: 'marketplace',
      discount: null,
      individual_tour_price: null,
      tourists: [],
      invoices: { prepayment_invoice: null, additional_invoices: [] },
      currency: 'RUB',
      is_individual_tour: false,
    });
    expect(requestSchema.safeParse({ request_id: 10, uuid: UUID, tour_organizer_id: 2, status: 9 }).success).toBe(
      false,
    );
  });
  it('request discount needs type and type_string', () => {
    const r = requestSchema.parse({
      request_id: 1,
      uuid: UUID,
      tour_organizer_id: 2,
      discount: { type: 'seasonal', type_string: 'Seasonal' },
    });
    expect(r.discount).toEqual({
      type: 'seasonal',
      type_string: 'Seasonal',
      value: 0,
      value_type: 'percent',
      amount: 0,
    });
  });
  it('tourist defaults', () => {
    expect(touristSchema.parse({ id: 1, request_id: 1 })).toMatchObject({
      full_name: '',
      birthday: null,
      passport: '',
      food_restriction: '',
      is_contact_person: false,
      is_child: false,
    });
  });
  it('search filter sends is_individual_tour as 0 or 1', () => {
    expect(requestSearchFilterSchema.parse({}).is_individual_tour).toBe(0);
    expect(requestSearchFilterSchema.safeParse({ is_individual_tour: true }).success).toBe(false);
  });
  it('invoice defaults to status 1 (new); payment needs sbp or card', () => {
    expect(invoiceSchema.parse({ id: 1, request_id: 1, amount: 100 })).toMatchObject({
      status: 1,
      payment_type: 'payment',
      payments: [],
      currency: 'RUB',
    });
    expect(paymentSchema.safeParse({ id: 1, invoice_id: 1, amount: 10, method: 'cash', created_at: NOW }).success).toBe(
      false,
    );
    expect(paymentSchema.parse({ id: 1, invoice_id: 1, amount: 10, method: 'sbp', created_at: NOW }).status).toBe(
      'pending',
    );
  });
});

describe('chat', () => {
  const message = {
    id: 1,
    chat_id: 1,
    type: 'input',
    author: 'traveller',
    author_name: 'Olga',
    actor: null,
    text: '<b>hi</b>',
    file: null,
    status: 3,
    client_id: null,
    is_read: false,
    created_at: NOW,
    edited_at: null,
    is_deleted: false,
    is_moderated: false,
    edited_by: null,
    moderated_by: null,
    deleted_by: null,
  };
  it('a message: provider-side type, SPEC status 0..3, text kept as sent', () => {
    expect(chatMessageSchema.parse(message)).toEqual(message);
    expect(chatMessageSchema.safeParse({ ...message, type: 'sideways' }).success).toBe(false);
    expect(chatMessageSchema.safeParse({ ...message, status: 4 }).success).toBe(false);
    expect(chatMessageSchema.safeParse({ ...message, author: 'bot' }).success).toBe(false);
  });
  it('a chat: tourist or support, with its last message', () => {
    const chat = {
      id: 1,
      organizer_id: 1,
      kind: 'tourist',
      title: 'Olga',
      traveller: { name: 'Olga', email: 'olga@example.com' },
      site: null,
      tour: { id: 3, name: 'Altai' },
      request_ids: [5],
      last_message: message,
      unread_count: 1,
      is_frozen: false,
      frozen_by: null,
      created_at: NOW,
      updated_at: NOW,
    };
    expect(chatSchema.parse(chat)).toEqual(chat);
    expect(chatSchema.safeParse({ ...chat, kind: 'group' }).success).toBe(false);
  });
});

describe('bank account and templates', () => {
  it('bank account defaults', () => {
    expect(bankAccountSchema.parse({ id: 1, tour_organizer_id: 1 })).toEqual({
      id: 1,
      tour_organizer_id: 1,
      name: '',
      bank_name: '',
      account_number: '',
      bik: '',
      correspondent_account: '',
      iban: '',
      swift: '',
      bank_address: '',
      currency: 'RUB',
      is_default: false,
    });
  });
  it('contract and meet-data templates', () => {
    expect(contractTemplateSchema.parse({ id: 1, tour_organizer_id: 1, name: 'Std' })).toMatchObject({
      type: 'contract',
      content: '',
      is_default: false,
    });
    expect(meetDataTemplateSchema.parse({ id: 1, tour_organizer_id: 1, name: 'Meet' })).toMatchObject({
      text: '',
      is_default: false,
    });
  });
});

describe('site constructor', () => {
  it('block link kinds: anchor 1, external 2 (http/https only), crm booking 3', () => {
    expect(blockLinkSchema.parse({ kind: 1, anchor: 'tours' })).toEqual({ kind: 1, anchor: 'tours', text: '' });
    expect(blockLinkSchema.parse({ kind: 2, url: 'https://example.com' })).toMatchObject({ kind: 2 });
    expect(blockLinkSchema.safeParse({ kind: 2, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(blockLinkSchema.parse({ kind: 3 })).toEqual({ kind: 3, tour_id: null, tour_date_id: null, text: '' });
    expect(blockLinkSchema.safeParse({ kind: 1, anchor: '"><script>' }).success).toBe(false);
    expect(blockLinkSchema.safeParse({ kind: 4 }).success).toBe(false);
  });
  it('blocks take types 1..25 only, each with an empty data that parses', () => {
    expect(typedSiteBlockSchema.parse({ id: 'b1', type: 25 })).toEqual({
      id: 'b1',
      type: 25,
      is_hidden: false,
      settings: { background: 'default', spacing: 'normal', anchor: '' },
      data: { title: '', items: [] },
    });
    expect(typedSiteBlockSchema.safeParse({ id: 'b1', type: 26 }).success).toBe(false);
    expect(Object.keys(siteBlockDataSchemas)).toHaveLength(25);
    for (const t of Array.from({ length: 25 }, (_, i) => i + 1)) {
      expect(typedSiteBlockSchema.safeParse({ id: `b${t}`, type: t }).success, `type ${t}`).toBe(true);
    }
  });
  it("a block's data is checked by its type: a stat without its shape, an unknown field's type", () => {
    expect(typedSiteBlockSchema.safeParse({ id: 'b', type: 8, data: { items: [{ value: 5 }] } }).success).toBe(false);
    expect(typedSiteBlockSchema.safeParse({ id: 'b', type: 3, data: { title: 'x'.repeat(161) } }).success).toBe(false);
  });
  it('videos only on their provider’s hosts, over https', () => {
    const video = (provider: string, url: string) =>
      blockMediaSchema.safeParse({ kind: 'video', provider, url }).success;
    expect(video('youtube', 'https://www.youtube.com/watch?v=abc')).toBe(true);
    expect(video('rutube', 'https://rutube.ru/video/abc/')).toBe(true);
    expect(video('vimeo', 'https://vimeo.com/123')).toBe(true);
    expect(video('youtube', 'https://vimeo.com/123')).toBe(false);
    expect(video('youtube', 'javascript:alert(1)')).toBe(false);
    expect(video('youtube', 'http://www.youtube.com/watch?v=abc')).toBe(false);
  });
  it('every block type has a page it goes on', () => {
    const placed = new Set(Object.values(SITE_PAGE_BLOCKS).flat());
    expect(placed.size).toBe(25);
  });
});

describe('UI shapes', () => {
  it('gallery item is an image or a video, plus alt', () => {
    expect(galleryItemSchema.parse({ image: '/a.jpg' })).toEqual({ image: '/a.jpg', alt: '' });
    expect(galleryItemSchema.parse({ video_url: 'https://youtu.be/x', alt: 'Clip' })).toEqual({
      video_url: 'https://youtu.be/x',
      alt: 'Clip',
    });
    expect(galleryItemSchema.safeParse({ alt: 'nothing' }).success).toBe(false);
    expect(galleryItemSchema.safeParse({ image: '/a.jpg', video_url: 'https://youtu.be/x' }).success).toBe(false);
  });
  it('phone country', () => {
    expect(phoneCountrySchema.parse({ name: 'Russia', iso_code: 'RU', phone_code: '+7' })).toEqual({
      name: 'Russia',
      iso_code: 'RU',
      phone_code: '+7',
      is_primary: false,
    });
    expect(phoneCountrySchema.safeParse({ name: 'Russia', iso_code: 'ru', phone_code: '7' }).success).toBe(false);
  });
  it('data table header defaults', () => {
    expect(dataTableHeaderSchema.parse({ key: 'name', name: 'Name' })).toEqual({
      key: 'name',
      name: 'Name',
      sortable: false,
      attrs: {},
    });
  });
  it('select header item', () => {
    expect(isSelectHeaderItem({ header: 'Europe' })).toBe(true);
    expect(isSelectHeaderItem({ header: 'Europe', value: 1 })).toBe(false);
    expect(isSelectHeaderItem('Europe')).toBe(false);
  });
});
