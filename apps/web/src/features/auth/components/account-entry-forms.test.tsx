import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { VALIDATION_MESSAGES } from '@tourdesk/contract/validation';
import { Toaster } from '@tourdesk/ui';
import { createTestI18n } from '../../../lib/i18n/resources';
import { clearToken, getToken } from '../../../lib/api/token-storage';
import { PasswordRecoveryForm } from './password-recovery-form';
import { RegisterForm } from './register-form';
import { CodeSignInForm } from './code-sign-in-form';
import { ResetPasswordForm } from './reset-password-form';
import { validationError } from '../../../test/error-bodies';

// jsdom has no ResizeObserver; the kit's Radix switch and select measure themselves with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const wrap = (ui: ReactNode, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '/', element: ui }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};
const bodyOf = (fetch: ReturnType<typeof vi.fn>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path));
  return call ? (JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>) : undefined;
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('password recovery form', () => {
  it('requires a valid e-mail, then shows the same success whatever the server knows', async () => {
    const fetch = vi.fn(async () => json(200, { success: true }));
    vi.stubGlobal('fetch', fetch);
    wrap(<PasswordRecoveryForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nobody@');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your e-mail');
    expect(bodyOf(fetch, '/crm/api/user/password-recovery')).toEqual({ email: 'nobody@example.com' });
  });
});

describe('registration form', () => {
  it('checks the SPEC messages, sends the fields with the browser time zone, and signs in', async () => {
    const fetch = vi.fn(async () => json(200, { token: 'new-token', expires_in: 900 }));
    vi.stubGlobal('fetch', fetch);
    const onRegistered = vi.fn();
    wrap(<RegisterForm onRegistered={onRegistered} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findAllByText(VALIDATION_MESSAGES.required)).toHaveLength(3);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
    await userEvent.type(screen.getByLabelText(/^Password\*?$/), 'Abcdef1!');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'Abcdef1?');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.confirmed)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Repeat password/));
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'Abcdef1!');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(bodyOf(fetch, '/crm/api/user/register')).toEqual({
      first_name: null,
      last_name: null,
      phone: null,
      email: 'new@example.com',
      password: 'Abcdef1!',
      confirm_password: 'Abcdef1!',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(getToken()).toBe('new-token');
  });

  it("sends a national phone number with the picker's dial code, in E.164", async () => {
    const fetch = vi.fn(async () => json(200, { token: 'new-token', expires_in: 900 }));
    vi.stubGlobal('fetch', fetch);
    const onRegistered = vi.fn();
    wrap(<RegisterForm onRegistered={onRegistered} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '9161234567');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('916 123-45-67');
    await userEvent.type(screen.getByLabelText(/^Password\*?$/), 'Abcdef1!');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'Abcdef1!');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(screen.queryByText(VALIDATION_MESSAGES.phone)).toBeNull();
    expect(bodyOf(fetch, '/crm/api/user/register')).toMatchObject({ phone: '+79161234567', email: 'new@example.com' });
  });

  it('puts the server’s 422 errors on the fields, in the UI language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(422, validationError({ email: 'email_taken' }, 'email_taken'))),
    );
    wrap(<RegisterForm onRegistered={vi.fn()} />, 'ru');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'taken@example.com');
    await userEvent.type(screen.getByLabelText(/^Пароль\*?$/), 'Abcdef1!');
    await userEvent.type(screen.getByLabelText(/^Повторите пароль/), 'Abcdef1!');
    await userEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Этот e-mail уже зарегистрирован')).toBeInTheDocument();
  });

  it('quick registration: the code goes where the sender says, which then must be given; a wrong code stays on its field', async () => {
    const fetch = vi.fn(async (url: string) =>
      String(url).endsWith('/register-without-password')
        ? json(200, { success: true })
        : json(422, validationError({ code: 'invalid_code' }, 'invalid_code')),
    );
    vi.stubGlobal('fetch', fetch);
    wrap(<RegisterForm onRegistered={vi.fn()} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Register without a password' }));
    expect(screen.queryByLabelText(/^Password\*?$/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get a code' }));
    // by e-mail (the default) without an e-mail
    expect(await screen.findByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'SMS' }));
    expect(await screen.findByText('Enter a phone number to get the code by SMS')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), '  Anna ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '9161234567');
    await userEvent.click(screen.getByRole('button', { name: 'Get a code' }));
    expect(await screen.findByText('We have sent a code to +79161234567.')).toBeInTheDocument();
    expect(bodyOf(fetch, '/crm/api/user/register-without-password')).toEqual({
      first_name: 'Anna',
      last_name: null,
      email: null,
      phone: '+79161234567',
      code_sender: 'sms',
      is_quick_register: true,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), ' 000000 ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText('Incorrect or expired code')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
    expect(bodyOf(fetch, 'auth-via-code')).toMatchObject({
      login: '+79161234567',
      code: '000000',
      verify_method: 'sms',
    });
  });
});

describe('new password by a recovery link', () => {
  it('checks the password and its repeat, and hands a dead link to the page', async () => {
    const fetch = vi.fn(async () => json(422, validationError({ token: 'invalid_link' }, 'invalid_link')));
    vi.stubGlobal('fetch', fetch);
    const onInvalidToken = vi.fn();
    wrap(<ResetPasswordForm token="t1" onDone={vi.fn()} onInvalidToken={onInvalidToken} />);
    await userEvent.type(screen.getByLabelText(/^New password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Minimum 8 characters')).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^New password/), 'enough');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'shortenough');
    await userEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(onInvalidToken).toHaveBeenCalled());
    expect(bodyOf(fetch, '/crm/api/user/password-reset')).toEqual({
      token: 't1',
      password: 'shortenough',
      confirm_password: 'shortenough',
    });
  });
});

describe('sign-in by code', () => {
  it('sends the code by e-mail or SMS as the login says, then signs in with it', async () => {
    const fetch = vi.fn(async (url: string) =>
      String(url).endsWith('/send-auth-code')
        ? json(200, { success: true })
        : json(200, { token: 'code-token', expires_in: 900 }),
    );
    vi.stubGlobal('fetch', fetch);
    const onSignedIn = vi.fn();
    wrap(<CodeSignInForm onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail or phone' }), '+7 999 000-00-01');
    expect(screen.getByText('The code will come by SMS')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get a code' }));
    expect(await screen.findByRole('timer')).toHaveTextContent('Resend the code in 01:00');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(bodyOf(fetch, '/send-auth-code')).toEqual({ login: '+7 999 000-00-01', code_sender: 'sms' });
    expect(bodyOf(fetch, '/auth-via-code')).toEqual({
      login: '+7 999 000-00-01',
      code: '123456',
      verify_method: 'sms',
    });
    expect(getToken()).toBe('code-token');
  });

  it('requires the login; a refused resend is a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const fetch = vi.fn(async () => json(200, { success: true }));
      vi.stubGlobal('fetch', fetch);
      wrap(
        <>
          <CodeSignInForm onSignedIn={vi.fn()} />
          <Toaster />
        </>,
      );
      await user.click(screen.getByRole('button', { name: 'Get a code' }));
      expect(await screen.findByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();
      expect(fetch).not.toHaveBeenCalled();
      await user.type(screen.getByRole('textbox', { name: 'E-mail or phone' }), ' anna@example.com ');
      expect(screen.getByText('The code will come by e-mail')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Get a code' }));
      expect(await screen.findByText('We have sent a code to anna@example.com.')).toBeInTheDocument();
      expect(bodyOf(fetch, '/send-auth-code')).toEqual({ login: 'anna@example.com', code_sender: 'email' });

      fetch.mockImplementation(async () =>
        json(422, validationError({ code_sender: { code: 'resend_too_soon', params: { seconds: 12 } } })),
      );
      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Send the code again' }));
      expect(await screen.findByText('You can request a new code in 12 s')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
