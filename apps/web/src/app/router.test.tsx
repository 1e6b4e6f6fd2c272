import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { User } from '@tourdesk/contract/entities/user';
import { createQueryClient } from '../lib/query/query-client';
import { buildRoutes } from './router';
import { userKeys } from '../features/auth/api/user-keys';
import { organizerKeys } from '../features/organizer/api/organizer-keys';
import { clearToken, setToken } from '../lib/api/token-storage';
import { createTestI18n } from '../lib/i18n/resources';

const user: User = {
  id: 1,
  first_name: 'Anna',
  last_name: 'Sokolova',
  email: 'demo@tourdesk.app',
  phone: '+79990000001',
  country: 'RU',
  is_phone_confirm: true,
  is_password_set: true,
  is_email_set: true,
  is_email_confirm: true,
  is_admin_auth: false,
  language: 'en',
  currency: 'RUB',
  timezone: null,
  avatar: null,
};
const org = (id: number) => ({ id, name: `Org ${id}`, logo: null, is_internal_check_success: true });

/** The real route table and guard loaders, with the session served from the query cache. */
const setup = async (path: string, session: { organizers: number[] } | null) => {
  const queryClient = createQueryClient();
  if (session) {
    setToken('token');
    queryClient.setQueryData(userKeys.profile(), user);
    queryClient.setQueryData(organizerKeys.list(), session.organizers.map(org));
  }
  const router = createMemoryRouter(
    buildRoutes(async () => queryClient),
    { initialEntries: [path] },
  );
  // the route's page loads lazily: on a busy two-core machine its first import takes more than a second
  await vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), {
    timeout: 5000,
  });
  return { router, queryClient };
};
const at = (router: Awaited<ReturnType<typeof setup>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const errorStatus = (router: Awaited<ReturnType<typeof setup>>['router']) => {
  const err = Object.values(router.state.errors ?? {})[0] as { status?: number } | undefined;
  return err?.status;
};

afterEach(() => clearToken());

describe('router guards', () => {
  it('sends a guest on a protected route to /login with the redirect query', async () => {
    const { router } = await setup('/1/bookings', null);
    expect(at(router)).toBe('/login?redirect=%2Forg%2F1%2Fbookings');
  });

  it('sends a guest on / to /login without a redirect query', async () => {
    const { router } = await setup('/', null);
    expect(at(router)).toBe('/login');
  });

  it('sends a signed-in user away from /login to / and on to the first organizer’s bookings', async () => {
    const { router } = await setup('/login', { organizers: [4, 8] });
    expect(at(router)).toBe('/4/bookings');
  });

  it('sends a user without organizers from organizer screens to /tour-provider/non', async () => {
    expect(at((await setup('/', { organizers: [] })).router)).toBe('/tour-provider/non');
    clearToken();
    expect(at((await setup('/3/dashboard', { organizers: [] })).router)).toBe('/tour-provider/non');
  });

  it('lets a newcomer open /tour-provider/create and sends a user with organizers to their bookings', async () => {
    expect(at((await setup('/tour-provider/create', { organizers: [] })).router)).toBe('/tour-provider/create');
    clearToken();
    expect(at((await setup('/tour-provider/non', { organizers: [5, 6] })).router)).toBe('/5/bookings');
  });

  it('keeps the organizer of the URL active', async () => {
    const { router } = await setup('/6/tours', { organizers: [5, 6] });
    expect(at(router)).toBe('/6/tours');
    expect(errorStatus(router)).toBeUndefined();
  });

  it('answers 404 for non-numeric ids, unknown settings tabs and another tenant’s organizer', async () => {
    expect(errorStatus((await setup('/abc/bookings', null)).router)).toBe(404);
    clearToken();
    expect(errorStatus((await setup('/5/bookings/x1', { organizers: [5] })).router)).toBe(404);
    clearToken();
    expect(errorStatus((await setup('/5/settings/nope', { organizers: [5] })).router)).toBe(404);
    clearToken();
    expect(errorStatus((await setup('/99/bookings', { organizers: [5] })).router)).toBe(404);
    clearToken();
    expect(errorStatus((await setup('/5/settings/accounts', { organizers: [5] })).router)).toBeUndefined();
  });

  it('renders the error page with the 404 title and a home button for unknown paths', async () => {
    const { router, queryClient } = await setup('/whatever/else', null);
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={createTestI18n('en')}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'error code 404' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
