import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../../lib/i18n/resources';
import { OutboxTable } from './outbox-table';
import { messageError } from '../../../test/error-bodies';

/** a starved CI machine may take more than the default second to render */
const SLOW = { timeout: 5000 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderTable = (language: 'en' | 'ru' = 'en') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <OutboxTable />
      </I18nextProvider>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the outbox on /org/debug', () => {
  it('lists the messages the server answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          items: [
            {
              id: 1,
              channel: 'sms',
              recipient: '+79990001122',
              subject: null,
              body: 'Your sign-in code: 123456',
              created_at: '2025-01-01T10:00:00.000Z',
              status: 'sent',
              attempts: 1,
              next_attempt_at: null,
              last_error: null,
              sent_at: '2025-01-01T10:00:01.000Z',
            },
          ],
        }),
      ),
    );
    renderTable();
    expect(await screen.findByText('Your sign-in code: 123456', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Delivery' })).toBeInTheDocument();
    expect(screen.getByText('Sent')).toBeInTheDocument();
  });

  it('shows the attempts, the next try and the last error of a failed delivery, and one given up, in en and ru', async () => {
    const item = {
      channel: 'telegram',
      recipient: '501',
      subject: null,
      created_at: '2025-01-01T10:00:00.000Z',
      sent_at: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          items: [
            {
              ...item,
              id: 2,
              body: 'New request No. 7',
              status: 'failed',
              attempts: 2,
              next_attempt_at: '2025-01-01T10:02:30.000Z',
              last_error: 'telegram sendMessage failed: 502',
            },
            {
              ...item,
              id: 3,
              body: 'Payment received',
              status: 'failed',
              attempts: 6,
              next_attempt_at: null,
              last_error: 'whatsapp provider answered 500',
            },
          ],
        }),
      ),
    );
    const { unmount } = renderTable();
    const retried = (await screen.findByText('New request No. 7', {}, SLOW)).closest('tr')!;
    expect(retried).toHaveTextContent('Failed');
    expect(retried).toHaveTextContent('2 attempts');
    expect(retried).toHaveTextContent(/Next try \S+/);
    expect(retried).toHaveTextContent('Last error: telegram sendMessage failed: 502');
    const given = screen.getByText('Payment received').closest('tr')!;
    expect(given).toHaveTextContent('Gave up after 6 attempts');
    expect(given).not.toHaveTextContent('Next try');
    expect(given).toHaveTextContent('Last error: whatsapp provider answered 500');
    unmount();
    renderTable('ru');
    const ru = (await screen.findByText('New request No. 7', {}, SLOW)).closest('tr')!;
    expect(ru).toHaveTextContent('Не отправлено');
    expect(ru).toHaveTextContent('2 попытки');
    expect(ru).toHaveTextContent('Следующая попытка');
    expect(screen.getByText('Payment received').closest('tr')!).toHaveTextContent('Не доставлено после 6 попыток');
  });

  it('says how to see it when the server refuses a client on another machine (403), in en and ru', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, messageError('outbox_local_only'))),
    );
    const { unmount } = renderTable();
    expect(await screen.findByRole('status', {}, SLOW)).toHaveTextContent(
      'so the server shows them only on its own machine. To see them, open this page on the server itself',
    );
    expect(screen.getByRole('status')).toHaveTextContent('npm run admin -- outbox');
    unmount();
    renderTable('ru');
    expect(await screen.findByRole('status', {}, SLOW)).toHaveTextContent('откройте эту страницу на самом сервере');
  });

  it('says a production server does not show it (404)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, messageError('not_found'))),
    );
    renderTable();
    expect(await screen.findByRole('status', {}, SLOW)).toHaveTextContent(
      'A production server does not show its outgoing messages.',
    );
  });
});
