import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validationError } from '../../../test/error-bodies';
import { json, renderWithApp } from './test-utils';
import { SettingsPaymentAccount } from './settings-payment-account';

const ORG = 7;
const ACCOUNT = { provider: 'yookassa', shop_id: '506751', secret_last4: 'xyz9', verified_at: '2026-11-29T10:00:00Z' };

/** The payment-account routes: `accepts` is the one key YooKassa takes. */
const server = (initial: typeof ACCOUNT | null, accepts = 'test_AbCdEfGh1234567890xyz9') => {
  let account = initial;
  const calls: { path: string; body?: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ path: url.pathname, body });
      switch (url.pathname) {
        case '/crm/api/organizer-payment-account/get':
          return json(200, { account });
        case '/crm/api/organizer-payment-account/connect':
          if (body!.secret_key !== accepts)
            return json(422, validationError({ secret_key: 'payment_account_rejected' }, 'payment_account_rejected'));
          account = { ...ACCOUNT, shop_id: String(body!.shop_id), secret_last4: accepts.slice(-4) };
          return json(200, { account });
        case '/crm/api/organizer-payment-account/remove':
          account = null;
          return json(200, { success: true });
      }
      return json(404, { message: 'Not found' });
    }),
  );
  return calls;
};

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Payments: the organizer’s own YooKassa account', () => {
  it('none: a refused key shows YooKassa’s word on the field; an accepted one shows •••• last 4 only', async () => {
    const user = userEvent.setup();
    const calls = server(null);
    renderWithApp(<SettingsPaymentAccount organizerId={ORG} />);
    expect(
      await screen.findByText("Not connected: the platform collects your travellers' payments."),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Shop ID/), '506751');
    await user.type(screen.getByLabelText(/^Secret key/), 'test_Wrong_000000000000');
    await user.click(screen.getByRole('button', { name: 'Check and connect' }));
    expect(await screen.findByText('YooKassa did not accept this shop ID and secret key')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Secret key/)).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText(/^Secret key/));
    await user.type(screen.getByLabelText(/^Secret key/), 'test_AbCdEfGh1234567890xyz9');
    await user.click(screen.getByRole('button', { name: 'Check and connect' }));
    expect(await screen.findByText('YooKassa accepted the key: the account is connected')).toBeInTheDocument();
    const shown = screen.getByTestId('payment-account');
    expect(shown).toHaveTextContent('506751');
    expect(shown).toHaveTextContent('•••• xyz9');
    expect(screen.getByTestId('payment-account-webhook')).toHaveTextContent(
      `${window.location.origin}/crm/api/payment/yookassa/notification`,
    );
    expect(screen.getByText(/Payments already started keep the account they started with/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('AbCdEfGh');
    expect(calls.filter((c) => c.path.endsWith('/connect')).map((c) => c.body)).toEqual([
      { organizer_id: ORG, shop_id: '506751', secret_key: 'test_Wrong_000000000000' },
      { organizer_id: ORG, shop_id: '506751', secret_key: 'test_AbCdEfGh1234567890xyz9' },
    ]);
  });

  it('connected, in Russian: replaced, then disconnected', async () => {
    const user = userEvent.setup();
    const calls = server(ACCOUNT, 'live_NewKey_0000111122223333wxyz');
    renderWithApp(<SettingsPaymentAccount organizerId={ORG} />, { language: 'ru' });
    expect(await screen.findByText('Подключён: платежи идут на ваш счёт')).toBeInTheDocument();
    expect(screen.getByTestId('payment-account')).toHaveTextContent('•••• xyz9');
    expect(screen.getByTestId('payment-account')).toHaveTextContent('Адрес для уведомлений');
    await user.click(screen.getByRole('button', { name: 'Заменить ключ' }));
    await user.type(screen.getByLabelText(/^Идентификатор магазина/), '506751');
    await user.type(screen.getByLabelText(/^Секретный ключ/), 'live_NewKey_0000111122223333wxyz');
    await user.click(screen.getByRole('button', { name: 'Проверить и заменить' }));
    await waitFor(() => expect(screen.getByTestId('payment-account')).toHaveTextContent('•••• wxyz'));
    await user.click(screen.getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByText('Не подключён: платежи путешественников принимает платформа.')).toBeInTheDocument();
    expect(calls.map((c) => c.path.split('/').pop())).toEqual(['get', 'connect', 'remove']);
  });
});
