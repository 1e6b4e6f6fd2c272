import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@tourdesk/ui';
import { requestSchema, type BookingRequest } from '@tourdesk/contract/entities/request';
import type { TravellerMessage, TravellerMessageList } from '@tourdesk/contract/api/traveller-message';
import { createTestI18n } from '../../../../lib/i18n/resources';
import { messageError } from '../../../../test/error-bodies';
import { TIMELINE_REFRESH_MS } from '../api/request-traveller-messages';
import { TravellerMessagesCard } from './traveller-messages-card';

configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const url = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost');

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

let nextId = 100;
const message = (over: Partial<TravellerMessage>): TravellerMessage => ({
  id: nextId++,
  request_id: 41,
  kind: 'request_received',
  channel: 'email',
  recipient: 'olga@example.com',
  recipient_name: 'Olga Petrova',
  language: 'en',
  subject: 'We got your request',
  status: 'sent',
  error: null,
  sent_by_name: null,
  created_at: '2031-05-01T09:00:00.000Z',
  sent_at: '2031-05-01T09:00:05.000Z',
  opened_at: null,
  ...over,
});

const RECEIVED = message({ id: 1 });
const CONFIRMED = message({
  id: 2,
  kind: 'confirmed',
  subject: 'Your places are confirmed',
  status: 'opened',
  created_at: '2031-05-02T10:00:00.000Z',
  sent_at: '2031-05-02T10:00:03.000Z',
  opened_at: '2031-05-02T12:00:00.000Z',
});
const TELEGRAM = message({
  id: 3,
  kind: 'confirmed',
  channel: 'telegram',
  recipient: '@olga_p',
  subject: 'Your places are confirmed',
  status: 'failed',
  error: 'The bot was blocked by the user',
  created_at: '2031-05-02T10:00:00.000Z',
  sent_at: null,
});

/**
 * The messages' server: list answers the timeline, view the rendered message, send-again adds a
 * queued message of the kind (or answers 422 `refuse`), set-language keeps the choice.
 */
const serve = (items: TravellerMessage[], opts: { refuse?: boolean; chosen?: boolean } = {}) => {
  let list: TravellerMessageList = {
    request_id: 41,
    language: 'en',
    language_chosen: opts.chosen ?? false,
    items,
  };
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname, searchParams } = url(input);
    calls.push(pathname);
    if (pathname === '/crm/api/traveller-messages/list') {
      expect(searchParams.get('request_id')).toBe('41');
      return json(200, list);
    }
    if (pathname === '/crm/api/traveller-messages/view') {
      const found = list.items.find((m) => String(m.id) === searchParams.get('id'));
      if (!found) return json(404, { message: 'Not found' });
      return json(200, {
        ...found,
        rendered: {
          subject: found.subject,
          html: `<html><body><p>Dear Olga, <b>${found.subject}</b></p><img src="http://localhost:8080/crm/api/traveller-messages/opened?token=${'t'.repeat(24)}" width="1" height="1" alt=""></body></html>`,
          text: `Dear Olga,\n\n${found.subject}`,
        },
      });
    }
    if (pathname === '/crm/api/traveller-messages/send-again' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { request_id: number; kind: TravellerMessage['kind'] };
      bodies.push(body);
      if (opts.refuse) return json(422, { ...messageError('incorrect_value'), errors: { kind: ['Incorrect value'] } });
      const sent = message({
        kind: body.kind,
        subject: 'Your places are confirmed',
        status: 'queued',
        sent_at: null,
        sent_by_name: 'Anna Guide',
        created_at: '2031-05-03T08:00:00.000Z',
      });
      list = { ...list, items: [sent, ...list.items] };
      return json(200, { items: [sent] });
    }
    if (pathname === '/crm/api/traveller-messages/set-language' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { language: 'en' | 'ru' };
      bodies.push(body);
      list = { ...list, language: body.language, language_chosen: true };
      return json(200, list);
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    bodies,
    lists: () => calls.filter((p) => p.endsWith('/list')).length,
    add: (m: TravellerMessage) => {
      list = { ...list, items: [m, ...list.items] };
    },
    settle: (status: TravellerMessage['status']) => {
      list = { ...list, items: list.items.map((m) => ({ ...m, status })) };
    },
  };
};

const renderCard = (language: 'en' | 'ru' = 'en', request: BookingRequest = REQUEST) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <TravellerMessagesCard request={request} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the messages to the traveller on the request page', () => {
  it('shows the timeline newest first: kind, channel, recipient, status, why it failed, who sent it again', async () => {
    serve([
      RECEIVED,
      CONFIRMED,
      TELEGRAM,
      message({
        id: 4,
        kind: 'invoice_issued',
        status: 'stored',
        sent_by_name: 'Anna Guide',
        created_at: '2031-05-03T09:00:00.000Z',
      }),
    ]);
    renderCard();
    const card = screen.getByRole('region', { name: 'Messages to the traveller' });
    const list = await within(card).findByRole('list', { name: 'Messages sent for this request' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('button').textContent)).toEqual([
      'Invoice',
      'Booking confirmed',
      'Booking confirmed',
      'Request received',
    ]);
    expect(items[0]).toHaveTextContent('Kept in the outbox');
    expect(items[0]).toHaveTextContent('Sent again by Anna Guide');
    // the same moment: the later one first
    expect(items[1]).toHaveTextContent('Telegram · To Olga Petrova, @olga_p');
    expect(items[1]).toHaveTextContent('Failed');
    expect(items[1]).toHaveTextContent('Why: The bot was blocked by the user');
    expect(items[2]).toHaveTextContent('Opened');
    expect(items[2]).toHaveTextContent('E-mail · To Olga Petrova, olga@example.com');
    expect(items[2]).not.toHaveTextContent('Why:');
    expect(items[3]).toHaveTextContent('Sent');
    expect(items[3]).not.toHaveTextContent('Sent again');
    expect(screen.getByRole('combobox', { name: 'Messages in' })).toHaveTextContent('English');
    expect(screen.getByText("The organizer's default")).toBeInTheDocument();
  });

  it('says when nothing was sent yet, and that messages go out by themselves', async () => {
    serve([]);
    renderCard();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByText(/Messages go out by themselves as the booking moves on/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Messages sent for this request' })).toBeNull();
  });

  it('opens a message as it went out: the e-mail in a sandboxed frame, and its plain text', async () => {
    serve([RECEIVED, CONFIRMED]);
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Booking confirmed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your places are confirmed' });
    expect(dialog).toHaveTextContent('Booking confirmed · E-mail · To Olga Petrova, olga@example.com');
    const frame = await within(dialog).findByTitle('The e-mail “Your places are confirmed”');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<b>Your places are confirmed</b>');
    // looking at it does not mark it opened: the image that would tell the server is left out
    expect(frame.getAttribute('srcdoc')).not.toContain('/crm/api/traveller-messages/opened');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Dear Olga, Your places are confirmed');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a kind again after a confirmation; the new message appears, and the list is read every 5 s while it is queued', async () => {
    // the interval starts when the queued message appears: the clock is fake from the start
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = serve([RECEIVED]);
    renderCard();
    await screen.findByRole('list', { name: 'Messages sent for this request' });
    const send = screen.getByRole('button', { name: 'Send again' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Message to send again' }));
    await user.click(screen.getByRole('option', { name: 'Booking confirmed' }));
    await user.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Send “Booking confirmed” again?' });
    // cancelled: nothing goes
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Sent again: 1 message')).toBeInTheDocument();
    expect(server.bodies).toEqual([{ request_id: 41, kind: 'confirmed' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = screen.getByRole('list', { name: 'Messages sent for this request' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const newest = within(list).getAllByRole('listitem')[0]!;
    expect(newest).toHaveTextContent('Booking confirmed');
    expect(newest).toHaveTextContent('Queued');
    expect(newest).toHaveTextContent('Sent again by Anna Guide');
    expect(screen.getByText(/checked every few seconds/)).toBeInTheDocument();

    // queued: read again after 5 s, until it has gone out
    const before = server.lists();
    server.settle('sent');
    await act(() => vi.advanceTimersByTimeAsync(TIMELINE_REFRESH_MS + 100));
    await waitFor(() => expect(server.lists()).toBe(before + 1));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Sent again by'));
    await waitFor(() => expect(screen.queryByText(/checked every few seconds/)).toBeNull());
    // nothing on its way any more: no more reading
    await act(() => vi.advanceTimersByTimeAsync(TIMELINE_REFRESH_MS * 3));
    expect(server.lists()).toBe(before + 1);
  });

  it('a request changed a moment ago is read again every 5 s: the message its change sends shows up by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serve([]);
    renderCard('en', { ...REQUEST, updated_at: new Date().toISOString() });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    server.add(CONFIRMED);
    await act(() => vi.advanceTimersByTimeAsync(TIMELINE_REFRESH_MS + 100));
    const list = await screen.findByRole('list', { name: 'Messages sent for this request' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Booking confirmed');
    // a minute after the change it stops
    const reads = server.lists();
    await act(() => vi.advanceTimersByTimeAsync(70_000));
    const after = server.lists();
    expect(after).toBeGreaterThan(reads);
    await act(() => vi.advanceTimersByTimeAsync(TIMELINE_REFRESH_MS * 3));
    expect(server.lists()).toBe(after);
  });

  it('a refused send says why and adds nothing', async () => {
    const server = serve([RECEIVED], { refuse: true });
    renderCard();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Message to send again' }));
    await userEvent.click(screen.getByRole('option', { name: 'Refund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Incorrect value')).toBeInTheDocument();
    expect(server.bodies).toEqual([{ request_id: 41, kind: 'refund' }]);
    // the confirmation stays open, to try again or cancel
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(screen.getByRole('list', { name: 'Messages sent for this request' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('chooses the language of the messages for this request', async () => {
    const server = serve([RECEIVED]);
    renderCard();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Messages in' }));
    await userEvent.click(screen.getByRole('option', { name: 'Русский' }));
    expect(await screen.findByText('Messages for this request are now in Русский')).toBeInTheDocument();
    expect(server.bodies).toEqual([{ request_id: 41, language: 'ru' }]);
    expect(screen.getByRole('combobox', { name: 'Messages in' })).toHaveTextContent('Русский');
    expect(screen.getByText('Chosen for this request')).toBeInTheDocument();
  });

  it('is in Russian too', async () => {
    serve([TELEGRAM], { chosen: true });
    renderCard('ru');
    expect(await screen.findByRole('heading', { name: 'Сообщения путешественнику' })).toBeInTheDocument();
    const item = within(await screen.findByRole('list', { name: 'Сообщения по этой заявке' })).getByRole('listitem');
    expect(item).toHaveTextContent('Бронирование подтверждено');
    expect(item).toHaveTextContent('Не отправлено');
    expect(item).toHaveTextContent('Причина: The bot was blocked by the user');
    expect(screen.getByText('Выбран для этой заявки')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отправить повторно' })).toBeDisabled();
  });
});
