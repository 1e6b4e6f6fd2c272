import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromoCode } from '@tourdesk/contract/api/prices';
import { validationError } from '../../../test/error-bodies';
import { PromoCodeList } from './promo-code-list';
import { json, renderWithApp } from './test-utils';

configure({ asyncUtilTimeout: 5000 });

const SPRING: PromoCode = {
  id: 5,
  organizer_id: 7,
  code: 'SPRING',
  value_type: 'percent',
  value: 10,
  valid_from: '2031-03-01',
  valid_to: '2031-05-31',
  tour_ids: [9],
  uses_total: 100,
  uses_per_email: 1,
  is_combinable: false,
  uses_count: 3,
};
const TOURS = [
  { id: 9, name: 'Altai lakes' },
  { id: 10, name: 'Baikal ice' },
];

/** The organizer's codes as the server holds them; create, update and delete change them. */
const serve = (first: (path: string, body: Record<string, unknown>) => Response | undefined = () => undefined) => {
  let codes: PromoCode[] = [SPRING];
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === '/crm/api/promo-code/list') return json(200, { items: codes });
    sent.push({ path, body });
    const own = first(path, body);
    if (own) return own;
    if (path === '/crm/api/promo-code/create') {
      const made = { ...(body as unknown as PromoCode), id: 6, uses_count: 0, code: String(body.code).toUpperCase() };
      codes = [...codes, made];
      return json(200, made);
    }
    if (path === '/crm/api/promo-code/update') {
      const saved = { ...SPRING, ...(body as Partial<PromoCode>) };
      codes = codes.map((c) => (c.id === saved.id ? saved : c));
      return json(200, saved);
    }
    if (path === '/crm/api/promo-code/delete') {
      codes = codes.filter((c) => c.id !== body.id);
      return json(200, { success: true });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
};

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Promo codes', () => {
  it('lists a code with its terms, creates one after the server refuses a taken code, and deletes one', async () => {
    let refused = false;
    const sent = serve((path) => {
      if (path !== '/crm/api/promo-code/create' || refused) return undefined;
      refused = true;
      return json(422, validationError({ code: 'promo_code_taken' }));
    });
    renderWithApp(<PromoCodeList organizerId={7} tours={TOURS} />);
    const list = await screen.findByRole('list', { name: 'Promo codes' });
    const spring = within(list).getByRole('listitem');
    expect(within(spring).getByText('SPRING')).toBeInTheDocument();
    expect(within(spring).getByText('−10%')).toBeInTheDocument();
    expect(within(spring).getByText('Altai lakes')).toBeInTheDocument();
    expect(within(spring).getByText('3 of 100')).toBeInTheDocument();
    expect(within(spring).getByText('The better one applies')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    await userEvent.type(within(dialog).getByLabelText(/^Code/), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    // the contract's pattern, before anything is sent
    expect(await within(dialog).findAllByText('Incorrect value')).not.toHaveLength(0);
    expect(sent).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Code/), 'mas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Amount' }));
    await userEvent.type(within(dialog).getByLabelText(/^Size of the discount/), '500');
    await userEvent.type(within(dialog).getByLabelText('Uses in total'), '20');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: "Combines with the tour's discounts" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This code already exists')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New promo code' })).not.toBeInTheDocument());
    expect(sent[1]).toEqual({
      path: '/crm/api/promo-code/create',
      body: {
        organizer_id: 7,
        code: 'xmas',
        value_type: 'currency',
        value: 500,
        valid_from: null,
        valid_to: null,
        tour_ids: [],
        uses_total: 20,
        uses_per_email: null,
        is_combinable: true,
      },
    });
    const xmas = (await within(list).findByText('XMAS')).closest('li')!;
    expect(within(xmas).getByText('All tours')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Delete SPRING' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the promo code?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('SPRING')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ path: '/crm/api/promo-code/delete', body: { id: 5 } });
  });

  it('edits a code: its terms start filled in, the update keeps its id', async () => {
    const sent = serve();
    renderWithApp(<PromoCodeList organizerId={7} tours={TOURS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit SPRING' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promo code SPRING' });
    expect(within(dialog).getByLabelText(/^Code/)).toHaveValue('SPRING');
    expect(within(dialog).getByLabelText('Uses per traveller e-mail')).toHaveValue('1');
    await userEvent.clear(within(dialog).getByLabelText(/^Size of the discount/));
    await userEvent.type(within(dialog).getByLabelText(/^Size of the discount/), '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: '/crm/api/promo-code/update',
      body: {
        id: 5,
        code: 'SPRING',
        value_type: 'percent',
        value: 15,
        valid_from: '2031-03-01',
        valid_to: '2031-05-31',
        tour_ids: [9],
        uses_total: 100,
        uses_per_email: 1,
        is_combinable: false,
      },
    });
    expect(await screen.findByText('−15%')).toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    serve();
    renderWithApp(<PromoCodeList organizerId={7} tours={TOURS} />, { language: 'ru' });
    const list = await screen.findByRole('list', { name: 'Промокоды' });
    expect(within(list).getByText('3 из 100')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Изменить SPRING' })).toBeInTheDocument();
  });
});
