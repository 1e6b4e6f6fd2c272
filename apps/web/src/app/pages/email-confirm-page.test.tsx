import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@tourdesk/contract/entities/user';
import { createTestI18n } from '../../lib/i18n/resources';
import { EmailConfirmPage } from './email-confirm-page';
import { messageError, validationError } from '../../test/error-bodies';

const user: User = {
  id: 7,
  first_name: 'Quinn',
  last_name: null,
  email: 'q@example.com',
  phone: null,
  country: 'RU',
  is_phone_confirm: false,
  is_password_set: true,
  is_email_set: true,
  is_email_confirm: true,
  is_admin_auth: false,
  language: 'en',
  currency: 'RUB',
  timezone: null,
  avatar: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server: the profile, and confirm-email refusing the link (used or foreign). */
const serve = (profile: User) => {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/user/profile')) return json(200, profile);
    if (url.includes('/user/confirm-email'))
      return json(422, validationError({ token: 'invalid_link' }, 'invalid_link'));
    return json(404, messageError('not_found'));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const renderAt = (path: string, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '/email-confirm', element: <EmailConfirmPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

afterEach(() => vi.unstubAllGlobals());

describe('/email-confirm without a token', () => {
  it('tells a user whose e-mail is confirmed that it is, not that it is not', async () => {
    const fetch = serve(user);
    renderAt('/email-confirm');
    expect(await screen.findByText('Your e-mail is confirmed')).toBeInTheDocument();
    expect(
      screen.getByText('q@example.com receives notifications about bookings. Nothing more to do here.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('The e-mail is not confirmed')).toBeNull();
    expect(screen.queryByText('The link is invalid or has expired')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // nothing is sent without a token
    expect(fetch.mock.calls.some(([input]) => String(input).includes('confirm-email'))).toBe(false);
  });

  it('offers a new link to a user still waiting for one, without calling the link invalid', async () => {
    serve({ ...user, is_email_confirm: false });
    renderAt('/email-confirm', 'ru');
    expect(await screen.findByText('E-mail ещё не подтверждён')).toBeInTheDocument();
    expect(
      screen.getByText('Откройте ссылку из письма, которое мы отправили на q@example.com, или получите новую.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Отправить новую ссылку' })).toBeEnabled();
    expect(screen.queryByText('Ссылка недействительна или устарела')).toBeNull();
  });

  it('sends a user without an e-mail to the profile', async () => {
    serve({ ...user, email: null, is_email_set: false, is_email_confirm: false });
    renderAt('/email-confirm');
    expect(await screen.findByText('Your account has no e-mail yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the profile' })).toHaveAttribute('href', '/profile');
  });
});

describe('/email-confirm with a token', () => {
  it('an old link clicked again for a confirmed e-mail still says it is confirmed', async () => {
    serve(user);
    renderAt('/email-confirm?token=used-one');
    expect(await screen.findByText('Your e-mail is confirmed')).toBeInTheDocument();
  });

  it('a bad link for an unconfirmed e-mail says so and offers a new one', async () => {
    serve({ ...user, is_email_confirm: false });
    renderAt('/email-confirm?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail is not confirmed');
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeEnabled();
  });
});
