import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutOptions, CheckoutPricing, CheckoutRecoverResponse } from '@tourdesk/contract/api/checkout';
import { CheckoutIsland } from './checkout';
import { fixtureContext } from './fixtures';
import { contextOf } from './types';

/*
 * The abandoned checkout in the site's checkout (issue 27): a valid e-mail left on the contact step
 * is kept on the hold once, and the message's link (?recover=) brings the same choice back held,
 * the contact filled in, and is taken off the address.
 */
const OPTIONS = {
  tour: {
    id: 7,
    organizer_id: 3,
    name: 'Lake Teletskoye',
    currency: 'RUB',
    instant_booking: false,
    booking_end_hours: 0,
    group_min: null,
    group_max: null,
    min_age: null,
    max_age: null,
  },
  categories: [{ id: 11, code: 'adult', name_en: 'Adult', name_ru: 'Взрослый', age_from: null, age_to: null }],
  extras: [],
  departures: [
    {
      id: 21,
      date_start: '2031-06-12',
      date_end: '2031-06-14',
      time_start: null,
      variant: null,
      not_guaranteed: false,
      flight_included: false,
      free_seats: 8,
      bookable: true,
      reason: null,
      prices: [{ category_id: 11, unit_price: 10000 }],
    },
  ],
  hold_minutes: 15,
} as unknown as CheckoutOptions;
const PRICING = {
  currency: 'RUB',
  travellers: [{ category_id: 11, name_en: 'Adult', name_ru: 'Взрослый', count: 3, unit_price: 10000, amount: 30000 }],
  extras: [],
  adjustments: [],
  discount: null,
  promo: null,
  travellers_total: 30000,
  extras_total: 0,
  total: 30000,
  tourists_count: 3,
  seats: 3,
} as unknown as CheckoutPricing;
const HOLD = {
  token: 'h'.repeat(43),
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  max_expires_at: new Date(Date.now() + 45 * 60_000).toISOString(),
  pricing: PRICING,
};
const RECOVERED: CheckoutRecoverResponse = {
  hold: HOLD,
  choice: { tour_id: 7, tour_date_id: 21, travellers: [{ category_id: 11, count: 3 }], extras: [], promo_code: null },
  contact: { name: 'Olga Petrova', email: 'olga@example.com' },
};

type Call = { path: string; body: Record<string, unknown> };
let calls: Call[] = [];
const respond = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const island = () => (
  <CheckoutIsland
    tourId={7}
    dateId={21}
    first={{ options: OPTIONS, date_id: 21, travellers: [{ category_id: 11, count: 3 }], pricing: PRICING }}
    ctx={contextOf(fixtureContext('en'))}
  />
);

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      if (path === '/spa/checkout/recover')
        return body.token === 'gone-token'
          ? respond(422, {
              message: 'These places are no longer free: choose another departure',
              code: 'checkout_recovery_sold_out',
              errors: { token: ['These places are no longer free: choose another departure'] },
            })
          : respond(200, RECOVERED);
      if (path === '/spa/checkout/hold') return respond(200, HOLD);
      if (path === '/spa/checkout/quote') return respond(200, { pricing: PRICING });
      return respond(200, { success: true });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the abandoned checkout in the page', () => {
  it('the link holds the same choice again, fills the contact and leaves the address', async () => {
    window.history.replaceState(null, '', `/booking?tour=7&date=21&recover=${'r'.repeat(43)}&lang=en`);
    render(island());
    expect(await screen.findByDisplayValue('olga@example.com')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Olga Petrova')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/spa/checkout/recover')).toEqual([
      { path: '/spa/checkout/recover', body: { token: 'r'.repeat(43), language: 'en' } },
    ]);
    expect(calls.some((c) => c.path === '/spa/checkout/hold')).toBe(false);
    expect(window.location.search).toBe('?tour=7&date=21&lang=en');
    // the e-mail it brought back is kept already: leaving the field sends nothing
    fireEvent.blur(screen.getByDisplayValue('olga@example.com'));
    expect(calls.some((c) => c.path === '/spa/checkout/contact')).toBe(false);
  });

  it('a link whose places were sold says so and leaves the choice open', async () => {
    window.history.replaceState(null, '', '/booking?tour=7&recover=gone-token');
    render(island());
    expect(await screen.findByText('These places are no longer free: choose another departure')).toBeInTheDocument();
    expect(screen.queryByLabelText(/e-mail/i)).not.toBeInTheDocument();
    expect(window.location.search).toBe('?tour=7');
  });

  it('a valid e-mail left on the contact step is kept on the hold once; a half-typed one is not', async () => {
    render(island());
    fireEvent.click(await screen.findByRole('button', { name: /continue/i }));
    const email = await screen.findByLabelText(/e-mail/i);
    fireEvent.change(screen.getByLabelText(/name/i), { target: { value: 'Ivan' } });
    fireEvent.change(email, { target: { value: 'ivan@exa' } });
    fireEvent.blur(email);
    expect(calls.some((c) => c.path === '/spa/checkout/contact')).toBe(false);
    fireEvent.change(email, { target: { value: 'ivan@example.com' } });
    fireEvent.blur(email);
    fireEvent.blur(email);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/spa/checkout/contact')).toEqual([
        { path: '/spa/checkout/contact', body: { token: HOLD.token, email: 'ivan@example.com', name: 'Ivan' } },
      ]),
    );
  });
});
