import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@tourdesk/ui';
import { requestSchema, type BookingRequest } from '@tourdesk/contract/entities/request';
import type { TravellerLinks } from '@tourdesk/contract/api/request-links';
import { createTestI18n } from '../../../../lib/i18n/resources';
import { TravellerLinksCard } from './traveller-links-card';

configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pathOf = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost').pathname;

const REQUEST: BookingRequest = requestSchema.parse({
  request_id: 41,
  uuid: '5b0d8f3e-6c1f-4f57-9a43-8d1b2a6e7c10',
  tour_organizer_id: 3,
  status: 2,
  source: 'own',
  tour: { id: 9, name: 'Altai lakes', type: 1 },
  currency: 'RUB',
  tourists_count: 2,
  customer_name: 'Olga Petrova',
  created_at: '2031-05-01T09:00:00.000Z',
});
const OLD: TravellerLinks = {
  questionnaire_path: '/questionnaire/5b0d8f3e-6c1f-4f57-9a43-8d1b2a6e7c10',
  chat_path: '/traveller-chat/12.oldoldoldoldoldoldoldoldoldoldol',
};
const origin = window.location.origin;

/** The links' server: GET answers `links`, each reissue answers (and keeps) the next links. */
const serve = (links: TravellerLinks, next: Partial<Record<'questionnaire' | 'chat', TravellerLinks>>) => {
  let current = links;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = pathOf(input);
    if (path === '/crm/api/request/traveller-links') return json(200, current);
    const m = /^\/crm\/api\/request\/reissue-(questionnaire|chat)-link$/.exec(path);
    if (m && init?.method === 'POST') {
      expect(JSON.parse(String(init.body))).toEqual({ request_id: 41 });
      const answer = next[m[1] as 'questionnaire' | 'chat'];
      if (!answer) return json(422, { message: 'request_chat_not_started', errors: {} });
      current = answer;
      return json(200, answer);
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const renderCard = (language: 'en' | 'ru' = 'en') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <TravellerLinksCard request={REQUEST} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
const reissues = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([input]) => pathOf(input).includes('/reissue-')).map(([input]) => pathOf(input));

afterEach(() => vi.unstubAllGlobals());

describe('the traveller links on the request page', () => {
  it('shows both links; reissues the chat link only after a confirmation, then shows the new one', async () => {
    const fresh = { ...OLD, chat_path: '/traveller-chat/12.newnewnewnewnewnewnewnewnewnewne' };
    const fetch = serve(OLD, { chat: fresh });
    renderCard();
    expect(await screen.findByLabelText('Questionnaire link')).toHaveValue(`${origin}/org${OLD.questionnaire_path}`);
    expect(screen.getByLabelText('Chat link')).toHaveValue(`${origin}/org${OLD.chat_path}`);

    await userEvent.click(screen.getByRole('button', { name: 'Reissue the Chat link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reissue the chat link?' });
    expect(dialog).toHaveTextContent('The current link stops working at once');
    // cancelled: nothing is sent
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reissues(fetch)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Reissue the Chat link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reissue the link' }));
    await waitFor(() => expect(screen.getByLabelText('Chat link')).toHaveValue(`${origin}/org${fresh.chat_path}`));
    expect(reissues(fetch)).toEqual(['/crm/api/request/reissue-chat-link']);
    expect(await screen.findByText('A new link is issued; the old one no longer works')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the questionnaire link did not change
    expect(screen.getByLabelText('Questionnaire link')).toHaveValue(`${origin}/org${OLD.questionnaire_path}`);
  });

  it('reissues the questionnaire link; without a chat yet it says so and offers no chat link', async () => {
    const fresh = { questionnaire_path: '/questionnaire/0a0b0c0d-1111-4222-8333-444455556666', chat_path: null };
    const fetch = serve({ ...OLD, chat_path: null }, { questionnaire: fresh });
    renderCard();
    expect(
      await screen.findByText('The traveller has not written yet: the chat link appears with their first message.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reissue the Chat link' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reissue the Questionnaire link' }));
    expect(await screen.findByRole('dialog', { name: 'Reissue the questionnaire link?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reissue the link' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Questionnaire link')).toHaveValue(`${origin}/org${fresh.questionnaire_path}`),
    );
    expect(reissues(fetch)).toEqual(['/crm/api/request/reissue-questionnaire-link']);
  });

  it('is in Russian too', async () => {
    serve(OLD, {});
    renderCard('ru');
    expect(await screen.findByText('Ссылки для путешественников')).toBeInTheDocument();
    expect(await screen.findByLabelText('Ссылка на чат')).toHaveValue(`${origin}/org${OLD.chat_path}`);
    await userEvent.click(screen.getByRole('button', { name: 'Выпустить заново: Ссылка на чат' }));
    expect(await screen.findByRole('dialog', { name: 'Выпустить новую ссылку на чат?' })).toBeInTheDocument();
  });
});
