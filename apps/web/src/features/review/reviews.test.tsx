import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CrmReview, ReviewList, ReviewPage as ReviewPageData } from '@tourdesk/contract/api/review';
import { createTestI18n } from '../../lib/i18n/resources';
import { clearToken, setToken } from '../../lib/api/token-storage';
import { ReviewPage } from './review-page';
import { reviewFiltersOf, ReviewsPage } from './reviews-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const REVIEW: CrmReview = {
  id: 5,
  display_name: 'Maria',
  rating: 4,
  text: 'Great <b>trip</b>',
  photos: [{ id: 9, url: '/files/9/w1200', thumb_url: '/files/9/poster' }],
  language: 'en',
  created_at: '2027-07-10T09:00:00.000Z',
  tour_id: 7,
  tour_name: 'Altai ridge',
  answer: null,
  answered_at: null,
  organizer_id: 3,
  request_id: 12,
  tour_date_id: 21,
  date_start: '2027-07-01',
  edited_at: null,
  answer_edited_at: null,
  hidden: false,
  hidden_reason: null,
  support_chat_id: null,
};
const LIST: ReviewList = {
  items: [REVIEW],
  total: 1,
  page: 1,
  page_size: 20,
  overall: { average: 4, count: 1 },
  per_tour: [{ tour_id: 7, tour_name: 'Altai ridge', average: 4, count: 1 }],
};

const crmServer = () =>
  vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/crm/api/reviews/list') return json(200, LIST);
    if (url.pathname === '/crm/api/reviews/settings') return json(200, { delay_hours: 24 });
    if (url.pathname === '/crm/api/reviews/answer') {
      const body = JSON.parse(String(init?.body)) as { answer: string };
      return json(200, { ...REVIEW, answer: body.answer, answered_at: '2027-07-11T09:00:00.000Z' });
    }
    if (url.pathname === '/crm/api/reviews/hide') return json(200, { ...REVIEW, hidden: true, hidden_reason: 'Spam' });
    return json(404, { message: 'Not found' });
  });

const pageData = (patch: Partial<ReviewPageData> = {}): ReviewPageData => ({
  state: 'open',
  language: 'en',
  organizer_name: 'Altai Trails',
  tour_name: 'Altai ridge',
  date_start: '2027-07-01',
  date_end: '2027-07-05',
  suggested_name: 'Olga',
  expires_at: '2027-08-01T00:00:00.000Z',
  review: null,
  ...patch,
});

const renderRoute = (
  path: string,
  routes: { path: string; element: React.ReactNode }[],
  language: 'en' | 'ru' = 'en',
) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

const callsTo = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  fetch.mock.calls
    .map(([u, init]) => ({ url: new URL(String(u), 'http://localhost'), init: init as RequestInit | undefined }))
    .filter((c) => c.url.pathname === path);

beforeEach(() => setToken('token'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('/{orgId}/reviews', () => {
  it('lists the reviews with the averages, the tour, departure and booking; markup shows as text', async () => {
    vi.stubGlobal('fetch', crmServer());
    renderRoute('/3/reviews', [
      { path: '/:orgId/reviews', element: <ReviewsPage /> },
      { path: '/:orgId/bookings/:id', element: <p>The request page</p> },
    ]);
    const article = await screen.findByRole('article', { name: 'Maria, 4/5' });
    expect(within(article).getByText('Great <b>trip</b>')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Booking No. 12' })).toHaveAttribute('href', '/3/bookings/12');
    expect(within(article).getByText('Departure 1 Jul 2027')).toBeInTheDocument();
    expect(screen.getByText('Overall rating')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Rating: 4 \/ 5/ }).length).toBeGreaterThan(0);
  });

  it('answers a review publicly, and hides one with a reason', async () => {
    const fetch = crmServer();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderRoute('/3/reviews', [{ path: '/:orgId/reviews', element: <ReviewsPage /> }]);
    const article = await screen.findByRole('article', { name: 'Maria, 4/5' });
    await user.click(within(article).getByRole('button', { name: 'Answer' }));
    await user.type(within(article).getByLabelText('Your public answer'), 'Thank you!');
    await user.click(within(article).getByRole('button', { name: 'Publish answer' }));
    await waitFor(() => expect(callsTo(fetch, '/crm/api/reviews/answer')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetch, '/crm/api/reviews/answer')[0]!.init!.body))).toEqual({
      tour_organizer_id: 3,
      id: 5,
      answer: 'Thank you!',
    });

    await user.click(within(article).getByRole('button', { name: 'Hide from site' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Hide' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(callsTo(fetch, '/crm/api/reviews/hide')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetch, '/crm/api/reviews/hide')[0]!.init!.body))).toMatchObject({
      id: 5,
      hidden: true,
      reason: 'Spam',
    });
  });

  it('reads its filters from the address, leaving out what is malformed', () => {
    expect(
      reviewFiltersOf(new URLSearchParams('tour_id=7&rating=9&answered=no&date_from=2027-01-01&date_to=2026-01-01')),
    ).toEqual({ filters: { tour_id: 7, answered: 'no', date_from: '2027-01-01' }, page: 1 });
  });
});

describe('/review/:token', () => {
  const publicServer = (page: ReviewPageData | null) =>
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/spa/review')
        return page
          ? json(200, page)
          : json(404, { message: 'This review link is not valid', code: 'review_link_not_found' });
      if (url.pathname === '/spa/review/save') {
        const body = JSON.parse(String(init?.body)) as { rating: number; text: string; display_name: string };
        return json(200, { ...REVIEW, ...body, photos: [], answer: null });
      }
      return json(404, { message: 'Not found' });
    });

  it('writes a review: the stars are a keyboard radiogroup with the SPEC labels, the rating is required', async () => {
    const fetch = publicServer(pageData());
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderRoute('/review/abc', [{ path: '/review/:token', element: <ReviewPage /> }]);
    expect(await screen.findByRole('heading', { name: 'How was your trip?' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Terrible', 'Poor', 'Fair', 'Good', 'Excellent']);
    expect(screen.getByLabelText(/Your name as shown/)).toHaveValue('Olga');
    await user.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars');
    expect(callsTo(fetch, '/spa/review/save')).toHaveLength(0);

    await user.click(within(group).getByRole('radio', { name: 'Good' }));
    await user.keyboard('{ArrowRight}');
    await user.type(screen.getByLabelText('Your review'), 'Lovely');
    await user.click(screen.getByRole('button', { name: 'Publish review' }));
    await waitFor(() => expect(callsTo(fetch, '/spa/review/save')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetch, '/spa/review/save')[0]!.init!.body))).toMatchObject({
      token: 'abc',
      rating: 5,
      text: 'Lovely',
      display_name: 'Olga',
      photo_ids: [],
    });
  });

  it('shows an answered review read only, and explains a forged or expired link (in Russian too)', async () => {
    vi.stubGlobal(
      'fetch',
      publicServer(
        pageData({ state: 'answered', review: { ...REVIEW, answer: 'Thanks, Maria', answered_at: REVIEW.created_at } }),
      ),
    );
    renderRoute('/review/abc', [{ path: '/review/:token', element: <ReviewPage /> }]);
    expect(await screen.findByText('Thanks, Maria')).toBeInTheDocument();
    expect(screen.getByText(/can no longer be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit review' })).not.toBeInTheDocument();
  });

  it('a forged link', async () => {
    vi.stubGlobal('fetch', publicServer(null));
    renderRoute('/review/forged', [{ path: '/review/:token', element: <ReviewPage /> }], 'ru');
    expect(await screen.findByText('Ссылка недействительна')).toBeInTheDocument();
  });

  it('an expired link', async () => {
    vi.stubGlobal('fetch', publicServer(pageData({ state: 'expired' })));
    renderRoute('/review/old', [{ path: '/review/:token', element: <ReviewPage /> }]);
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
  });
});
