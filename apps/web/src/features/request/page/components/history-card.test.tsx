import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { requestSchema } from '@tourdesk/contract/entities/request';
import { createTestI18n } from '../../../../lib/i18n/resources';
import { HistoryCard } from './history-card';

/** A request paid by the system, canceled earlier by a person with their own words. */
const REQUEST = requestSchema.parse({
  request_id: 41,
  uuid: '5b0d8f3e-6c1f-4f57-9a43-8d1b2a6e7c10',
  tour_organizer_id: 3,
  status: 3,
  source: 'own',
  currency: 'RUB',
  tourists_count: 1,
  history: [
    {
      status: 2,
      previous_status: 1,
      user_name: 'Anna Guide',
      actor: { user_id: 9, name: 'Anna Guide', role: 'manager' },
      message: 'Prepayment received',
      created_at: '2031-05-01T09:05:00.000Z',
    },
    {
      status: 3,
      previous_status: 2,
      user_name: '',
      message: 'Prepayment received',
      note: 'prepayment_received',
      created_at: '2031-05-02T09:00:00.000Z',
    },
  ],
  created_at: '2031-05-01T09:00:00.000Z',
});

const renderCard = (language: 'en' | 'ru') => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ items: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <HistoryCard request={REQUEST} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

afterEach(() => vi.unstubAllGlobals());

describe('status history', () => {
  it("shows the system's note in Russian on a Russian screen; a person's words as written", () => {
    renderCard('ru');
    const [paid, confirmed] = within(screen.getByRole('list', { name: 'История статусов' })).getAllByRole('listitem');
    expect(paid).toHaveTextContent('Система');
    expect(paid).toHaveTextContent('Предоплата получена');
    expect(paid).not.toHaveTextContent('Prepayment received');
    expect(confirmed).toHaveTextContent('Anna Guide · Менеджер');
    expect(confirmed).toHaveTextContent('Prepayment received');
  });

  it('names the member who acted with their role in English (issue 29)', () => {
    renderCard('en');
    const [, confirmed] = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(confirmed).toHaveTextContent('Anna Guide · Manager');
  });

  it('shows the note in English on an English screen', () => {
    renderCard('en');
    const [paid] = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(paid).toHaveTextContent('System');
    expect(paid).toHaveTextContent('Prepayment received');
  });
});
