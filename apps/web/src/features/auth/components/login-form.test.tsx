import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import { createTestI18n } from '../../../lib/i18n/resources';
import { clearToken, getToken } from '../../../lib/api/token-storage';
import { LoginForm } from './login-form';
import { validationError } from '../../../test/error-bodies';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderForm = (onSignedIn = vi.fn()) => {
  const router = createMemoryRouter([{ path: '/', element: <LoginForm onSignedIn={onSignedIn} /> }]);
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <RouterProvider router={router} />
      <Toaster />
    </I18nextProvider>,
  );
  return onSignedIn;
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('login form', () => {
  it('requires both fields before calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
    // the first invalid field takes the focus; after a submit, errors follow every change
    expect(screen.getByLabelText('E-mail or phone')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('E-mail or phone'), 'a');
    expect(screen.getAllByText('Required field')).toHaveLength(1);
    expect(screen.getByLabelText('E-mail or phone')).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('E-mail or phone'));
    expect(screen.getAllByText('Required field')).toHaveLength(2);
  });

  it('sends once however often the button is pressed while signing in', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText('E-mail or phone'), 'demo@tourdesk.app');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo12345!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.keyboard('{Enter}');
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(json(200, { token: 'new-token', expires_in: 900 }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });

  it('puts 422 errors on their fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(422, validationError({ login: 'invalid_credentials' }, 'invalid_credentials'))),
    );
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText('E-mail or phone'), 'demo@tourdesk.app');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect login or password')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail or phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail or phone')).toHaveFocus();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows other errors in one toast, with the server message or Server Error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, {})),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail or phone'), '+7 (999) 000-00-01');
    expect(screen.getByText('Signing in with a phone number')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
  });

  it('stores the token and reports success', async () => {
    const fetch = vi.fn(async () => json(200, { token: 'new-token', expires_in: 900 }));
    vi.stubGlobal('fetch', fetch);
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText('E-mail or phone'), ' demo@tourdesk.app ');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo12345!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(getToken()).toBe('new-token');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/crm/api/user/auth');
    expect(JSON.parse(init.body as string)).toEqual({ login: 'demo@tourdesk.app', password: 'Demo12345!' });
  });
});
