import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { COOKIE_NAMES, TEXTS } from '@tourdesk/contract/constants';
import type { User } from '@tourdesk/contract/entities/user';
import { createTestI18n } from '../lib/i18n/resources';
import { clearToken, setToken } from '../lib/api/token-storage';
import { removeCookie, setCookie } from '../lib/cookies';
import { userKeys } from '../features/auth/api/user-keys';
import { pickStartupModal, StartupModals } from './startup-modals';

/**
 * The lazy modules the start-up modals rendered, by file name, recorded in the render that shows
 * them, whether their chunk is loaded yet or not. So the decision can be read at once: a test that
 * expects nothing reads it right after rendering instead of waiting some arbitrary time for a
 * chunk that may take seconds to load.
 */
const renderedLazy = vi.hoisted(() => new Set<string>());
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  const lazy = ((load: Parameters<typeof react.lazy>[0]) => {
    const name = /([\w-]+)(?:\.tsx?)?['"]/.exec(String(load))?.[1] ?? String(load);
    const Lazy = react.lazy(load);
    return (props: object) => {
      renderedLazy.add(name);
      return react.createElement(Lazy, props);
    };
  }) as unknown as typeof react.lazy;
  return { ...react, lazy, default: { ...react, lazy } };
});

const baseUser: User = {
  id: 7,
  first_name: 'Quinn',
  last_name: null,
  email: 'q@example.com',
  phone: '+79991234567',
  country: 'RU',
  is_phone_confirm: false,
  is_password_set: false,
  is_email_set: true,
  is_email_confirm: false,
  is_admin_auth: false,
  language: 'en',
  currency: 'RUB',
  timezone: null,
  avatar: null,
};

describe('pickStartupModal (SPEC §4 order)', () => {
  const flags = (over: Partial<User>) => ({ ...baseUser, ...over });
  it('shows nothing for a guest', () => {
    expect(pickStartupModal({ user: null, phonePromptSuppressed: false })).toBeNull();
  });
  it('puts the phone prompt first, then the e-mail/password dialog, then the sign-partnership turn', () => {
    expect(pickStartupModal({ user: flags({}), phonePromptSuppressed: false })).toBe('phoneConfirm');
    expect(pickStartupModal({ user: flags({}), phonePromptSuppressed: true })).toBe('emailPassword');
    expect(
      pickStartupModal({
        user: flags({ is_phone_confirm: true, is_password_set: true, is_email_set: false }),
        phonePromptSuppressed: false,
      }),
    ).toBe('emailPassword');
    expect(
      pickStartupModal({
        user: flags({ is_phone_confirm: true, is_password_set: true }),
        phonePromptSuppressed: false,
      }),
    ).toBe('signPartnership');
  });
});

describe('StartupModals', () => {
  beforeEach(() => {
    renderedLazy.clear();
    removeCookie(COOKIE_NAMES.phoneConfirmSuppressed);
    setToken('token');
  });
  afterEach(() => {
    clearToken();
    vi.unstubAllGlobals();
  });

  const renderWith = (user: User) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify([]), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(userKeys.profile(), user);
    const router = createMemoryRouter([{ path: '/', element: <StartupModals /> }]);
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={createTestI18n('en')}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
  };

  it('shows one modal at a time: the phone prompt, and after it closes the e-mail/password dialog', async () => {
    renderWith(baseUser);
    // the decision is taken in the first render (which the empty case below relies on) …
    expect([...renderedLazy]).toEqual(['phone-confirm-modal', 'phone-change-modal']);
    // … and the modals are lazy modules: the first import takes a moment
    expect(await screen.findByRole('dialog', { name: TEXTS.phoneConfirmTitle }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: TEXTS.phoneConfirmLater }));
    expect(await screen.findByRole('dialog', { name: 'Set a password' }, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
  });

  it('a user without a phone is offered to add one: the prompt leads to the phone dialog for a first number', async () => {
    renderWith({ ...baseUser, phone: null });
    const prompt = await screen.findByRole('dialog', { name: 'Add your phone number' }, { timeout: 8000 });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Add a phone number' }));
    const add = await screen.findByRole('dialog', { name: 'Add a phone number' }, { timeout: 8000 });
    expect(within(add).getByRole('textbox', { name: /^Phone/ })).toBeInTheDocument();
    expect(within(add).getByLabelText(/^Current password/)).toBeInTheDocument();
  });

  it('skips the phone prompt while the suppression cookie is set', async () => {
    setCookie(COOKIE_NAMES.phoneConfirmSuppressed, '1', 60);
    renderWith({ ...baseUser, is_email_set: false, email: null });
    expect(
      await screen.findByRole('dialog', { name: 'Set your e-mail and password' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TEXTS.phoneConfirmTitle })).not.toBeInTheDocument();
  });

  it('shows nothing when everything is set', async () => {
    renderWith({ ...baseUser, is_phone_confirm: true, is_password_set: true });
    // the profile is known, so the first render decided: no modal was rendered, none is loading
    expect([...renderedLazy]).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
