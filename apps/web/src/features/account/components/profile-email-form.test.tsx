import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import type { User } from '@tourdesk/contract/entities/user';
import { VALIDATION_MESSAGES } from '@tourdesk/contract/validation';
import { createTestI18n } from '../../../lib/i18n/resources';
import { clearToken } from '../../../lib/api/token-storage';
import { ProfileEmailForm } from './profile-email-form';
import { EmailPasswordSetupModal } from './email-password-setup-modal';
import { validationError } from '../../../test/error-bodies';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const wrap = (ui: ReactNode, language: 'en' | 'ru' = 'en') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n(language)}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
const bodies = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  fetch.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

const user = (over: Partial<User> = {}): User => ({
  id: 1,
  first_name: 'Anna',
  last_name: null,
  email: 'anna@example.com',
  phone: null,
  country: null,
  is_phone_confirm: false,
  is_password_set: true,
  is_email_set: true,
  is_email_confirm: true,
  is_admin_auth: false,
  language: 'en',
  currency: 'RUB',
  timezone: null,
  avatar: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('changing the e-mail in the profile (issue 14, security 2)', () => {
  it('asks for the current password and sends it with the new address', async () => {
    const fetch = vi.fn(async () => json(200, { email: 'new@example.com' }));
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    wrap(<ProfileEmailForm user={user()} onChanged={onChanged} />);
    const button = screen.getByRole('button', { name: 'Change e-mail' });
    expect(button).toBeDisabled();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await userEvent.click(button);
    expect(await screen.findByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Current password'), 'Secret123!');
    await userEvent.click(button);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(bodies(fetch, '/crm/api/user/change-email')).toEqual([{ email: 'new@example.com', password: 'Secret123!' }]);
  });

  it('shows a wrong password on the password field, in Russian too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(422, validationError({ password: 'wrong_password' }, 'wrong_password'))),
    );
    wrap(<ProfileEmailForm user={user()} onChanged={vi.fn()} />, 'ru');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await userEvent.type(screen.getByLabelText('Текущий пароль'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Изменить e-mail' }));
    expect(await screen.findByText('Неверный пароль')).toBeInTheDocument();
  });

  it('an account without a password is told to set one first', () => {
    wrap(<ProfileEmailForm user={user({ is_password_set: false })} onChanged={vi.fn()} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByText('To change the e-mail, set a password first (below).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change e-mail' })).toBeDisabled();
  });

  it('the setup dialog asks an account that has a password for it before setting the e-mail', async () => {
    const fetch = vi.fn(async () => json(422, validationError({ password: 'wrong_password' }, 'wrong_password')));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    wrap(
      <EmailPasswordSetupModal
        open
        user={{ email: null, is_email_set: false, is_password_set: true }}
        onDone={onDone}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Set your e-mail' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Current password/), 'wrong-one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();
    expect(bodies(fetch, '/change-email')).toEqual([{ email: 'new@example.com', password: 'wrong-one' }]);
    expect(bodies(fetch, '/change-password')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });
});
