import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestSearchFilterSchema } from '@tourdesk/contract/entities/request';
import { organizerChannel } from '@tourdesk/contract/realtime-values';
import { BookingsPage } from './bookings-page';
import { BookingsNavBadge } from './components/bookings-nav-badge';
import { clearRequestChanges } from './live-changes';
import { ORG, renderWithApp, request, requestServer } from './test-utils';

const ANNA = request({
  id: 41,
  status: 1,
  source: 'own',
  tourists_count: 2,
  price: 90000,
  paid_amount: 0,
  balance: 90000,
  customer_name: 'Anna Smirnova',
  customer_phone: '+79161234567',
});
const BORIS = request({
  id: 42,
  status: 3,
  source: 'marketplace',
  tour: { id: 12, name: 'Teletskoye by boat' },
  date_start: '2027-07-03',
  date_end: '2027-07-09',
  tourists_count: 3,
  price: 1234.5,
  paid_amount: 500,
  balance: 734.5,
  currency: 'EUR',
  customer_name: 'Boris Ivanov',
  customer_phone: '',
  customer_email: 'boris@example.com',
});
const CANCELED = request({ id: 43, status: 6, customer_name: 'Vera Orlova', paid_amount: 27000, balance: 0 });
const INDIVIDUAL = request({
  id: 44,
  status: 2,
  is_individual_tour: true,
  tour_date_id: null,
  tour: { id: 13, name: 'Private Altai' },
  customer_name: 'Gleb Private',
});

/** Picks a range in the kit's date picker opened by `trigger` (days as 'yyyy-MM-dd'). */
const pickRange = async (trigger: HTMLElement, from: string, to: string) => {
  await userEvent.click(trigger);
  const picker = await screen.findByRole('dialog', { name: trigger.getAttribute('aria-label')!.split(':')[0] });
  const day = async (value: string) => {
    for (let i = 0; i < 24 && !picker.querySelector(`[data-day="${value}"]:not([data-outside]) button`); i++)
      await userEvent.click(within(picker).getByRole('button', { name: /next month/i }));
    return picker.querySelector(`[data-day="${value}"]:not([data-outside]) button`) as HTMLButtonElement;
  };
  await userEvent.click(await day(from));
  await userEvent.click(await day(to));
  await userEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
};

/** The window as wide as a laptop (the table) or a phone (the cards). */
const setWidth = (px: number) => Object.defineProperty(window, 'innerWidth', { value: px, configurable: true });

const lastListQuery = (callsTo: ReturnType<typeof requestServer>['callsTo']) => {
  const last = callsTo('request/list-for-org').at(-1);
  return {
    group: last?.query.get('group_id'),
    kind: last?.query.get('is_individual_tour'),
    page: last?.query.get('page'),
    filters: JSON.parse(last?.query.get('filters') ?? '{}') as Record<string, unknown>,
  };
};

beforeEach(() => setWidth(1280));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearRequestChanges();
});

describe('the bookings screen', () => {
  it('shows the groups as tabs with counts and each request with status, source, tour, dates, tourists, money and customer', async () => {
    const server = requestServer({ requests: [ANNA, BORIS, CANCELED, INDIVIDUAL] });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />);
    const table = await screen.findByRole('table', { name: 'Requests' });
    const tabs = screen.getByRole('tablist', { name: 'Request groups' });
    // departures only: the individual tour's request is under the other switch
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: 'All 3' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(within(tabs).getByRole('tab', { name: 'New 1' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Prepaid 1' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Canceled 1' })).toBeInTheDocument();
    expect(within(tabs).getAllByRole('tab')).toHaveLength(6);

    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const anna = within(table).getByRole('link', { name: 'Request #41' }).closest('tr') as HTMLElement;
    expect(within(table).getByRole('link', { name: 'Request #41' })).toHaveAttribute('href', `/${ORG}/bookings/41`);
    expect(anna).toHaveTextContent('Pending confirmation');
    expect(anna).toHaveTextContent('Own');
    expect(anna).toHaveTextContent('Altai lakes');
    expect(anna).toHaveTextContent('Jun 12 – Jun 18, 2027');
    expect(anna).toHaveTextContent('Anna Smirnova');
    expect(anna).toHaveTextContent('+79161234567');
    expect(within(anna).getAllByRole('cell')[4]).toHaveTextContent('2');
    expect(within(anna).getAllByRole('cell')[5]).toHaveTextContent('RUB 90,000Paid RUB 0Due RUB 90,000');
    expect(within(anna).getAllByRole('cell')[0]).toHaveTextContent('#41OwnMay 1');
    const boris = within(table).getByRole('link', { name: 'Request #42' }).closest('tr') as HTMLElement;
    expect(boris).toHaveTextContent('Prepayment made');
    expect(boris).toHaveTextContent('Marketplace');
    expect(boris).toHaveTextContent('Teletskoye by boat');
    expect(boris).toHaveTextContent('boris@example.com');
    expect(within(boris).getAllByRole('cell')[5]).toHaveTextContent('€1,234.50Paid €500Due €734.50');
    const vera = within(table).getByRole('link', { name: 'Request #43' }).closest('tr') as HTMLElement;
    expect(vera).toHaveTextContent('Canceled by provider');
    // a canceled request asks for nothing more: what was paid, neither due nor paid in full
    expect(within(vera).getAllByRole('cell')[5]).toHaveTextContent(/^RUB 90,000Paid RUB 27,000$/);
    expect(screen.getByText('3 requests')).toBeInTheDocument();
    // newest first
    expect(within(rows[1]!).getByRole('link')).toHaveAccessibleName('Request #43');
  });

  it('reads in Russian: tabs, statuses, sources, money and dates', async () => {
    vi.stubGlobal('fetch', requestServer({ requests: [ANNA, BORIS] }).handler);
    renderWithApp(<BookingsPage />, { language: 'ru' });
    const table = await screen.findByRole('table', { name: 'Заявки' });
    expect(await screen.findByRole('tab', { name: 'С предоплатой 1' })).toBeInTheDocument();
    const anna = within(table).getByRole('link', { name: 'Заявка №41' }).closest('tr') as HTMLElement;
    expect(anna).toHaveTextContent('Ожидает подтверждения');
    expect(anna).toHaveTextContent('Собственная');
    expect(anna.textContent?.replace(/\s/g, ' ')).toContain('90 000 ₽');
    expect(anna).toHaveTextContent(/12 июн\.? – 18 июн\.? 2027/);
    const boris = within(table).getByRole('link', { name: 'Заявка №42' }).closest('tr') as HTMLElement;
    expect(boris).toHaveTextContent('Предоплата внесена');
    expect(boris).toHaveTextContent('Маркетплейс');
    expect(boris.textContent?.replace(/\s/g, ' ')).toContain('1 234,50 €');
    expect(screen.getByText('2 заявки')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Новая заявка' })).toBeInTheDocument();
  });

  it("says until when a pending request's seats are held, and nothing once the hold has lapsed", async () => {
    const until = new Date(Date.now() + 10 * 60_000);
    const held = request({ id: 61, status: 1, hold_expires_at: until.toISOString() });
    const lapsed = request({ id: 62, status: 1, hold_expires_at: new Date(Date.now() - 60_000).toISOString() });
    vi.stubGlobal('fetch', requestServer({ requests: [held, lapsed] }).handler);
    renderWithApp(<BookingsPage />);
    // the time alone today; past midnight, the day too
    const sameDay = until.toDateString() === new Date().toDateString();
    const time = new Intl.DateTimeFormat('en', {
      ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
      hour: '2-digit',
      minute: '2-digit',
    }).format(until);
    const row = (await screen.findByRole('link', { name: 'Request #61' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(`Seats held until ${time}`);
    const gone = screen.getByRole('link', { name: 'Request #62' }).closest('tr') as HTMLElement;
    expect(gone).not.toHaveTextContent('Seats held');
  });

  it('shows cards on a phone, each linking to its request', async () => {
    setWidth(390);
    vi.stubGlobal('fetch', requestServer({ requests: [ANNA, BORIS] }).handler);
    renderWithApp(<BookingsPage />);
    const list = await screen.findByRole('list', { name: 'Requests' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByRole('link', { name: 'Request #41' })).toHaveAttribute('href', `/${ORG}/bookings/41`);
    expect(cards[1]).toHaveTextContent('2 tourists');
    expect(cards[1]).toHaveTextContent('Due RUB 90,000');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('filters by tab, tour, source, status and a debounced search, saving each change for next time', async () => {
    const server = requestServer({ requests: [ANNA, BORIS, CANCELED] });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />);
    await screen.findByRole('table', { name: 'Requests' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Tour' }));
    await userEvent.click(await screen.findByRole('option', { name: /Teletskoye by boat/ }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Request #41' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Request #42' })).toBeInTheDocument();
    expect(lastListQuery(server.callsTo).filters).toEqual({ tour_ids: [12] });
    await waitFor(() => expect(server.state.saved[0].tour_ids).toEqual([12]));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('link', { name: 'Request #41' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Source' }));
    await userEvent.click(await screen.findByRole('option', { name: /Own/ }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Request #42' })).not.toBeInTheDocument());
    expect(lastListQuery(server.callsTo).filters).toEqual({ sources: ['own'] });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Canceled by provider' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Request #41' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Request #43' })).toBeInTheDocument();
    expect(lastListQuery(server.callsTo).filters).toEqual({ statuses: [6] });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));

    // the search asks once typing pauses, not once per key
    const before = server.callsTo('request/list-for-org').length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'boris');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Request #41' })).not.toBeInTheDocument());
    const searches = server.callsTo('request/list-for-org').slice(before);
    expect(searches.filter((c) => c.query.get('filters')?.includes('"query"'))).toHaveLength(1);
    expect(lastListQuery(server.callsTo).filters).toEqual({ query: 'boris' });
    await waitFor(() => expect(server.state.saved[0].query).toBe('boris'));

    // a tab: the New group (status 1) only
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.click(screen.getByRole('tab', { name: 'New 1' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Request #42' })).not.toBeInTheDocument());
    expect(lastListQuery(server.callsTo).group).toBe('2');
    // a tab of one status has no status filter
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.state.saved[0]).toMatchObject({ group_id: 2, query: '' }));
    const saves = server.callsTo('request/set-search-filter');
    expect(saves.every((c) => c.body?.organizer_id === ORG && c.body?.is_individual_tour === 0)).toBe(true);
  });

  it('filters by start dates within the range the requests span', async () => {
    const server = requestServer({ requests: [ANNA, BORIS] });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />);
    await screen.findByRole('link', { name: 'Request #41' });
    await pickRange(await screen.findByRole('button', { name: 'Start date' }), '2027-07-01', '2027-07-03');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Request #41' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Request #42' })).toBeInTheDocument();
    expect(lastListQuery(server.callsTo).filters).toEqual({ date_from: '2027-07-01', date_to: '2027-07-03' });
    expect(screen.getByRole('button', { name: /^Start date: Jul 1, 2027 – Jul 3, 2027$/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.state.saved[0]).toMatchObject({ date_from: '2027-07-01', date_to: '2027-07-03' }),
    );
    // days before the first request's start or after the last one's cannot be picked
    await userEvent.click(screen.getByRole('button', { name: /^Start date/ }));
    const picker = await screen.findByRole('dialog', { name: 'Start date' });
    expect(picker.querySelector('[data-day="2027-07-04"] button')).toBeDisabled();
    for (let i = 0; i < 3 && !picker.querySelector('[data-day="2027-06-11"]'); i++)
      await userEvent.click(within(picker).getByRole('button', { name: /previous month/i }));
    expect(picker.querySelector('[data-day="2027-06-11"] button')).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the dates' }));
    expect(await screen.findByRole('link', { name: 'Request #41' })).toBeInTheDocument();
    await waitFor(() => expect(server.state.saved[0]).toMatchObject({ date_from: null, date_to: null }));
  });

  it('opens as it was left: the saved tab, search and filters', async () => {
    const saved = requestSearchFilterSchema.parse({ group_id: 2, query: 'anna', sources: ['own'] });
    const server = requestServer({
      requests: [ANNA, BORIS],
      saved: { 0: saved, 1: requestSearchFilterSchema.parse({}) },
    });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />);
    expect(await screen.findByRole('link', { name: 'Request #41' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /New/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('anna');
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveTextContent('Own');
    // the very first page asked is the saved one, and nothing was saved back
    const first = server.callsTo('request/list-for-org')[0]!;
    expect(first.query.get('group_id')).toBe('2');
    expect(JSON.parse(first.query.get('filters') ?? '{}')).toEqual({ sources: ['own'], query: 'anna' });
    expect(server.callsTo('request/set-search-filter')).toHaveLength(0);
  });

  it('switches between departures and individual tours, each with its own filter and choices', async () => {
    const server = requestServer({ requests: [ANNA, INDIVIDUAL] });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />);
    await screen.findByRole('link', { name: 'Request #41' });
    const kinds = screen.getByRole('group', { name: 'Kind of requests' });
    expect(within(kinds).getByRole('button', { name: 'Departures' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(kinds).getByRole('button', { name: 'Individual tours' }));
    expect(await screen.findByRole('link', { name: 'Request #44' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request #41' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/${ORG}/bookings?kind=individual`);
    expect(lastListQuery(server.callsTo).kind).toBe('1');
    expect(server.callsTo('request/get-search-filter').at(-1)?.query.get('is_individual_tour')).toBe('1');
    expect(server.callsTo('request/individual-tours')).toHaveLength(1);
    expect(server.callsTo('request/get-date-start-individual-tours')).toHaveLength(1);
    await userEvent.click(screen.getByRole('combobox', { name: 'Tour' }));
    expect(await screen.findByRole('option', { name: /Private Altai/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Altai lakes/ })).not.toBeInTheDocument();
  });

  it('shows 20 requests a page, at most 7 page buttons, and goes back to page 1 on another filter', async () => {
    const many = Array.from({ length: 245 }, (_, i) => request({ id: 1000 + i, customer_name: `Guest ${i + 1}` }));
    const server = requestServer({ requests: many });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />);
    const table = await screen.findByRole('table', { name: 'Requests' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    const pages = screen.getByRole('navigation', { name: 'Pages of requests' });
    expect(within(pages).getAllByRole('button', { name: /^Page \d+$/ }).length).toBeLessThanOrEqual(7);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 13' }));
    expect(await screen.findByRole('link', { name: 'Request #1000' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6);
    expect(lastListQuery(server.callsTo).page).toBe('13');
    await userEvent.click(screen.getByRole('tab', { name: /New/ }));
    await waitFor(() => expect(lastListQuery(server.callsTo)).toMatchObject({ page: '1', group: '2' }));
  });

  it('a page emptied live (requests gone from the group) steps back to the last page', async () => {
    const many = Array.from({ length: 45 }, (_, i) => request({ id: 1000 + i }));
    const server = requestServer({ requests: many });
    vi.stubGlobal('fetch', server.handler);
    const { publish } = renderWithApp(<BookingsPage />);
    await screen.findByRole('table', { name: 'Requests' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Request #1000' })).toBeInTheDocument();
    server.state.requests = many.slice(15);
    publish(organizerChannel(ORG), 'request_in_crm_update_status', { request_id: 1000, organizer_id: ORG, status: 6 });
    expect(await screen.findByRole('link', { name: 'Request #1015' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(11);
  });

  it('leads a provider without requests to the first one', async () => {
    const server = requestServer({ requests: [] });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />);
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
    const create = screen.getAllByRole('button', { name: 'New request' });
    expect(create).toHaveLength(2);
    await userEvent.click(create[1]!);
    // the dialog's code loads on its first opening: seconds on a busy machine
    expect(await screen.findByRole('dialog', { name: 'New request' }, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a filter that finds nothing offers to clear it', async () => {
    vi.stubGlobal('fetch', requestServer({ requests: [ANNA] }).handler);
    renderWithApp(<BookingsPage />);
    await screen.findByRole('link', { name: 'Request #41' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText('No requests match these filters')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByRole('link', { name: 'Request #41' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('a request that comes in or changes live appears at once, highlighted and announced', async () => {
    const server = requestServer({ requests: [ANNA] });
    vi.stubGlobal('fetch', server.handler);
    const { publish } = renderWithApp(<BookingsPage />);
    await screen.findByRole('link', { name: 'Request #41' });

    // another organizer's event on this socket changes nothing here
    const calls = server.callsTo('request/list-for-org').length;
    publish(organizerChannel(ORG + 1), 'new_request_in_crm', { request_id: 99, organizer_id: ORG + 1, status: 1 });
    expect(server.callsTo('request/list-for-org')).toHaveLength(calls);

    server.state.requests.push(request({ id: 77, customer_name: 'Live Guest' }));
    publish(organizerChannel(ORG), 'new_request_in_crm', { request_id: 77, organizer_id: ORG, status: 1 });
    const link = await screen.findByRole('link', { name: 'Request #77' });
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveAttribute('data-live', 'new');
    expect(row).toHaveTextContent('New');
    expect(screen.getByTestId('live-announcer')).toHaveTextContent('New request #77');
    expect(await screen.findByRole('tab', { name: 'All 2' })).toBeInTheDocument();

    server.state.requests[0] = { ...ANNA, status: 2 };
    publish(organizerChannel(ORG), 'request_in_crm_update_status', { request_id: 41, organizer_id: ORG, status: 2 });
    const anna = (await screen.findByRole('link', { name: 'Request #41' })).closest('tr') as HTMLElement;
    await waitFor(() => expect(anna).toHaveTextContent('Pending prepayment'));
    expect(anna).toHaveAttribute('data-live', 'status');
    expect(anna).toHaveTextContent('Updated');
    expect(screen.getByTestId('live-announcer')).toHaveTextContent('Request #41: Pending prepayment');

    publish(organizerChannel(ORG), 'update_tourists_info', {
      request_id: 41,
      organizer_id: ORG,
      source: 'questionnaire',
    });
    expect(screen.getByTestId('live-announcer')).toHaveTextContent('Request #41: tourists updated');
  });

  it('the highlight fades after a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = requestServer({ requests: [ANNA] });
    vi.stubGlobal('fetch', server.handler);
    const { publish } = renderWithApp(<BookingsPage />);
    await screen.findByRole('link', { name: 'Request #41' });
    publish(organizerChannel(ORG), 'update_tourists_info', { request_id: 41, organizer_id: ORG, source: 'provider' });
    const row = screen.getByRole('link', { name: 'Request #41' }).closest('tr') as HTMLElement;
    expect(row).toHaveAttribute('data-live', 'tourists');
    await vi.advanceTimersByTimeAsync(8100);
    await waitFor(() => expect(row).not.toHaveAttribute('data-live'));
  });

  it('a link to a group opens that tab with the other filters cleared, and saves it', async () => {
    const saved = requestSearchFilterSchema.parse({ group_id: 6, query: 'vera' });
    const server = requestServer({
      requests: [ANNA, BORIS],
      saved: { 0: saved, 1: requestSearchFilterSchema.parse({}) },
    });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />, { path: `/${ORG}/bookings?group=new` });
    expect(await screen.findByRole('link', { name: 'Request #41' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /New/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/${ORG}/bookings$`));
    await waitFor(() => expect(server.state.saved[0]).toMatchObject({ group_id: 2, query: '' }));
  });
});

describe('the bookings screen from a link and in the address', () => {
  it("the dashboard's departures of the next days open the list filtered by those start dates", async () => {
    const saved = requestSearchFilterSchema.parse({ group_id: 6, query: 'vera' });
    const server = requestServer({
      requests: [ANNA, BORIS],
      saved: { 0: saved, 1: requestSearchFilterSchema.parse({}) },
    });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />, { path: `/${ORG}/bookings?group=all&date_from=2027-07-01&date_to=2027-07-07` });
    expect(await screen.findByRole('link', { name: 'Request #42' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request #41' })).not.toBeInTheDocument();
    expect(lastListQuery(server.callsTo).filters).toEqual({ date_from: '2027-07-01', date_to: '2027-07-07' });
    expect(screen.getByRole('button', { name: /^Start date: Jul 1, 2027 – Jul 7, 2027$/ })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/${ORG}/bookings$`));
    await waitFor(() =>
      expect(server.state.saved[0]).toMatchObject({ group_id: 1, query: '', date_from: '2027-07-01' }),
    );
  });

  it('keeps the page in the address: a reload opens it, another filter goes back to the first', async () => {
    const many = Array.from({ length: 45 }, (_, i) => request({ id: 1000 + i }));
    const server = requestServer({ requests: many });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<BookingsPage />, { path: `/${ORG}/bookings?page=2` });
    await screen.findByRole('table', { name: 'Requests' });
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(server.callsTo('request/list-for-org')[0]!.query.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/${ORG}/bookings?page=3`));
    await userEvent.click(screen.getByRole('tab', { name: /New/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/${ORG}/bookings$`)));
    expect(lastListQuery(server.callsTo).page).toBe('1');
  });
});

describe('the Bookings navigation badge', () => {
  it('counts new requests, follows them live and is gone at 0', async () => {
    const server = requestServer({ requests: [ANNA, BORIS] });
    vi.stubGlobal('fetch', server.handler);
    const { publish } = renderWithApp(<BookingsNavBadge orgId={ORG} />);
    const badge = await screen.findByTestId('bookings-badge');
    expect(badge).toHaveTextContent('1');
    expect(within(badge).getByText('1 new request')).toHaveClass('sr-only');

    server.state.requests.push(request({ id: 50 }), request({ id: 51 }));
    publish(organizerChannel(ORG), 'new_request_in_crm', { request_id: 51, organizer_id: ORG, status: 1 });
    await waitFor(() => expect(screen.getByTestId('bookings-badge')).toHaveTextContent('3 new requests'));

    server.state.requests = server.state.requests.map((r) => ({ ...r, status: 2 as const }));
    publish(organizerChannel(ORG), 'request_in_crm_update_status', { request_id: 41, organizer_id: ORG, status: 2 });
    await waitFor(() => expect(screen.queryByTestId('bookings-badge')).not.toBeInTheDocument());
  });

  it('says the count in Russian', async () => {
    vi.stubGlobal('fetch', requestServer({ requests: [ANNA, request({ id: 50 })] }).handler);
    renderWithApp(<BookingsNavBadge orgId={ORG} />, { language: 'ru' });
    expect(await screen.findByText('2 новые заявки')).toBeInTheDocument();
  });
});
