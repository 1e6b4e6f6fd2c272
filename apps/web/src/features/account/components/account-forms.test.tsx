import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { Toaster } from '@tourdesk/ui';
import { TEXTS } from '@tourdesk/contract/constants';
import { VALIDATION_MESSAGES } from '@tourdesk/contract/validation';
import { createTestI18n } from '../../../lib/i18n/resources';
import { clearToken } from '../../../lib/api/token-storage';
import { PhoneChangeModal } from './phone-change-modal';
import { EmailPasswordSetupModal } from './email-password-setup-modal';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import type { User } from '@tourdesk/contract/entities/user';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n('en')}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
const bodies = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  fetch.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('phone change modal (SPEC §5, §8)', () => {
  it('requires the phone and the password, checks the phone format, and shows the SPEC text for success: false', async () => {
    const fetch = vi.fn(async () => json(200, { success: false }));
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    // no phone yet: the dialog adds the first one
    wrap(<PhoneChangeModal open phone={null} onClose={vi.fn()} onChanged={onChanged} />);
    const dialog = screen.getByRole('dialog', { name: 'Add a phone number' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(VALIDATION_MESSAGES.required)).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '+7999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.phone)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '1234567');
    await userEvent.type(within(dialog).getByLabelText(/Current password/), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TEXTS.phoneChangeUnknownError)).toBeInTheDocument();
    expect(bodies(fetch, '/crm/api/user/change-phone')).toEqual([{ phone: '+79991234567', password: 'secret' }]);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("sends the picker's dial code plus the national number typed (E.164), and shows one message for an invalid number", async () => {
    const fetch = vi.fn(async () => json(200, { success: true }));
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    // no phone yet: the dialog adds the first one
    wrap(<PhoneChangeModal open phone={null} onClose={vi.fn()} onChanged={onChanged} />);
    const dialog = screen.getByRole('dialog', { name: 'Add a phone number' });
    const phone = within(dialog).getByRole('textbox', { name: /^Phone/ });
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveTextContent('+7');

    // SPEC §5: only the first failing message of the field shows
    await userEvent.type(phone, '916');
    await userEvent.type(within(dialog).getByLabelText(/Current password/), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.phone)).toBeInTheDocument();
    expect(within(dialog).queryByText('Incorrect phone number')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(phone, '1234567');
    expect(phone).toHaveValue('916 123-45-67');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('+79161234567'));
    expect(bodies(fetch, '/crm/api/user/change-phone')).toEqual([{ phone: '+79161234567', password: 'secret' }]);
    expect(within(dialog).queryByText(VALIDATION_MESSAGES.phone)).toBeNull();
  });

  it('reports a change and closes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true })),
    );
    const onChanged = vi.fn();
    const onClose = vi.fn();
    wrap(<PhoneChangeModal open phone="+79990000000" onClose={onClose} onChanged={onChanged} />);
    const dialog = screen.getByRole('dialog', { name: 'Change phone number' });
    expect(within(dialog).getByRole('textbox', { name: /^New phone number/ })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Current password/), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledWith('+79990000000');
  });
});

describe('e-mail and password setup dialog (SPEC §5)', () => {
  it('asks the e-mail only when it is not set; password at least 8; the repeat must match', async () => {
    const fetch = vi.fn(async (url: string) =>
      String(url).endsWith('/change-email')
        ? json(200, { email: 'new@example.com' })
        : json(200, { token: 't2', expires_in: 900 }),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    wrap(
      <EmailPasswordSetupModal
        open
        user={{ email: null, is_email_set: false, is_password_set: false }}
        onDone={onDone}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Set your e-mail and password' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(VALIDATION_MESSAGES.required)).toHaveLength(3);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await userEvent.type(within(dialog).getByLabelText(/^Password\*?$/), 'short');
    await userEvent.type(within(dialog).getByLabelText(/^Repeat password/), 'other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum 8 characters')).toBeInTheDocument();
    expect(within(dialog).getByText(VALIDATION_MESSAGES.confirmed)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Password\*?$/), 'long-enough');
    await userEvent.clear(within(dialog).getByLabelText(/^Repeat password/));
    await userEvent.type(within(dialog).getByLabelText(/^Repeat password/), 'shortlong-enough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // the password first: change-email needs it
    expect(fetch.mock.calls.map(([url]) => String(url).replace(/^.*\/user\//, ''))).toEqual([
      'change-password',
      'change-email',
    ]);
    expect(bodies(fetch, '/change-email')).toEqual([{ email: 'new@example.com', password: 'shortlong-enough' }]);
    expect(bodies(fetch, '/change-password')).toEqual([
      { new_password: 'shortlong-enough', confirm_password: 'shortlong-enough' },
    ]);
  });

  it('without the e-mail field when the e-mail is set; saving a password alone promises no e-mail', async () => {
    const fetch = vi.fn(async () => json(200, { token: 't2', expires_in: 900 }));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    wrap(
      <>
        <EmailPasswordSetupModal
          open
          user={{ email: 'a@b.co', is_email_set: true, is_password_set: false }}
          onDone={onDone}
        />
        <Toaster />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Set a password' });
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Password\*?$/), 'long-enough');
    await userEvent.type(within(dialog).getByLabelText(/^Repeat password/), 'long-enough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await screen.findByText('Your password is set.')).toBeInTheDocument();
    expect(screen.queryByText('Saved. Check your e-mail for the confirmation link.')).not.toBeInTheDocument();
    expect(bodies(fetch, '/change-email')).toEqual([]);
  });
});

describe('password change in the profile', () => {
  it('asks for the current password when one is set; the repeat must match', async () => {
    const fetch = vi.fn(async () => json(200, { token: 't2', expires_in: 900 }));
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    wrap(
      <>
        <ChangePasswordForm isPasswordSet onChanged={onChanged} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText(VALIDATION_MESSAGES.required)).toHaveLength(3);
    await userEvent.type(screen.getByLabelText(/^Current password/), 'old-secret');
    await userEvent.type(screen.getByLabelText(/^New password/), 'new-secret');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'new-secreT');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.confirmed)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^Repeat password/));
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password is changed. Other devices are signed out.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
    expect(bodies(fetch, '/crm/api/user/change-password')).toEqual([
      { password: 'old-secret', new_password: 'new-secret', confirm_password: 'new-secret' },
    ]);
  });

  it('an account without a password sets one without a current password', async () => {
    const fetch = vi.fn(async () => json(200, { token: 't2', expires_in: 900 }));
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    wrap(<ChangePasswordForm isPasswordSet={false} onChanged={onChanged} />);
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password/), 'new-secret');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(bodies(fetch, '/crm/api/user/change-password')).toEqual([
      { new_password: 'new-secret', confirm_password: 'new-secret' },
    ]);
  });
});

describe('names in the profile', () => {
  const anna = {
    id: 1,
    first_name: 'Anna',
    last_name: null,
    timezone: 'Europe/Moscow',
  } as User;

  it('saves once something changed: at most 100 characters, trimmed, a blank name as none', async () => {
    const fetch = vi.fn(async () => json(200, { ...anna, first_name: 'Maria' }));
    vi.stubGlobal('fetch', fetch);
    const onUser = vi.fn();
    wrap(
      <>
        <ProfileDetailsForm user={anna} onUser={onUser} />
        <Toaster />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const first = screen.getByRole('textbox', { name: 'First name' });
    await userEvent.clear(first);
    await userEvent.type(first, 'x'.repeat(101));
    await userEvent.click(save);
    expect(await screen.findByText('Maximum 100 characters')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(first);
    await userEvent.type(first, ' Maria ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), '   ');
    await userEvent.click(save);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(onUser).toHaveBeenCalled();
    expect(bodies(fetch, '/crm/api/user/update-profile')).toEqual([
      { first_name: 'Maria', last_name: null, timezone: 'Europe/Moscow' },
    ]);
  });
});
