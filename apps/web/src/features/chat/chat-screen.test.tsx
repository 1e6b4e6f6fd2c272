import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { organizerChannel } from '@tourdesk/contract/realtime-values';
import { forgetOutboxes } from './outbox';
import { chat, chatRequest, chatServer, fakeUpload, message, ORG, renderChat, USER } from './test-utils';

const ANNA = chat({
  id: 1,
  request_ids: [41],
  unread_count: 2,
  updated_at: '2027-05-01T10:00:00.000Z',
  last_message: message({ id: 5, chat_id: 1, text: 'Is there a seat left?', is_read: false }),
});
const BORIS = chat({
  id: 2,
  title: 'Boris Ivanov',
  traveller: { name: 'Boris Ivanov', email: 'boris@example.com' },
  tour: { id: 12, name: 'Teletskoye by boat' },
  updated_at: '2027-05-01T09:30:00.000Z',
  last_message: message({
    id: 3,
    chat_id: 2,
    type: 'output',
    author: 'organizer',
    author_name: 'Ivan Petrov',
    text: 'See you at the station',
    is_read: true,
  }),
});

const annaMessages = () => [
  message({ id: 1, chat_id: 1, type: 'output', author: 'organizer', author_name: 'Ivan Petrov', text: 'Hello!' }),
  message({ id: 4, chat_id: 1, text: 'Hi! When do we start?', is_read: false }),
  message({ id: 5, chat_id: 1, text: 'Is there a seat left?', is_read: false }),
];

const outboxKey = `chat-outbox:org:${ORG}:user:${USER}`;

beforeEach(() => {
  window.localStorage.clear();
  forgetOutboxes();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chat list', () => {
  it('shows each chat: the traveller, the tour and request, the last message, unread marks', async () => {
    vi.stubGlobal('fetch', chatServer({ chats: [BORIS, ANNA] }).handler);
    renderChat(`/${ORG}/chat`);
    const list = await screen.findByRole('list', { name: 'Chats' });
    const items = within(list).getAllByRole('link');
    expect(items.map((a) => a.getAttribute('href'))).toEqual([`/${ORG}/chat/1`, `/${ORG}/chat/2`]);
    expect(items[0]).toHaveTextContent('Anna Smirnova');
    expect(items[0]).toHaveTextContent('Request #41 · Altai lakes');
    expect(items[0]).toHaveTextContent('Is there a seat left?');
    expect(items[0]).toHaveTextContent('2 unread');
    expect(items[1]).toHaveTextContent('You: See you at the station');
    expect(items[1]).not.toHaveTextContent('unread');
    // no chat open: a hint beside the list
    expect(screen.getByText('Choose a chat')).toBeInTheDocument();
  });

  it('loads 20 chats at a time by offset', async () => {
    const chats = Array.from({ length: 25 }, (_, i) =>
      chat({
        id: i + 1,
        title: `Traveller ${i + 1}`,
        traveller: { name: `Traveller ${i + 1}`, email: '' },
        updated_at: new Date(Date.UTC(2027, 0, 1, 0, 60 - i)).toISOString(),
      }),
    );
    const server = chatServer({ chats });
    vi.stubGlobal('fetch', server.handler);
    renderChat(`/${ORG}/chat`);
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(server.callsTo('/crm/api/chat/list').map((c) => [c.query.get('offset'), c.query.get('limit')])).toEqual([
      ['0', '20'],
      ['20', '20'],
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says so when there are no chats yet', async () => {
    vi.stubGlobal('fetch', chatServer().handler);
    renderChat(`/${ORG}/chat`);
    expect(await screen.findByText('No chats yet')).toBeInTheDocument();
  });

  it('a new chat and a new message appear live, the chat written to goes to the top', async () => {
    const server = chatServer({ chats: [BORIS, ANNA] });
    vi.stubGlobal('fetch', server.handler);
    const { publish } = renderChat(`/${ORG}/chat`);
    const list = await screen.findByRole('list', { name: 'Chats' });
    const vera = chat({
      id: 7,
      title: 'Vera Orlova',
      traveller: { name: 'Vera Orlova', email: 'v@example.com' },
      updated_at: '2027-05-01T11:00:00.000Z',
    });
    // as the server does: the chat is stored, then published
    server.state.chats.push(vera);
    publish(organizerChannel(ORG), 'chat_created', { organizer_id: ORG, chat: vera });
    await waitFor(() => expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Vera Orlova'));

    const fresh = message({
      id: 50,
      chat_id: 2,
      text: 'One more question',
      is_read: false,
      created_at: '2027-05-01T12:00:00.000Z',
    });
    const boris = server.state.chats.find((c) => c.id === 2)!;
    Object.assign(boris, { last_message: fresh, updated_at: fresh.created_at, unread_count: 1 });
    publish(organizerChannel(ORG), 'new_message', { organizer_id: ORG, chat_id: 2, message: fresh });
    await waitFor(() => expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Boris Ivanov'));
    const top = within(list).getAllByRole('link')[0]!;
    expect(top).toHaveTextContent('One more question');
    expect(top).toHaveTextContent('1 unread');
    // another organizer's events change nothing here
    publish(organizerChannel(ORG + 1), 'new_message', {
      organizer_id: ORG + 1,
      chat_id: 1,
      message: message({ id: 60, chat_id: 1, text: 'Not ours' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(list).not.toHaveTextContent('Not ours');
  });

  it('opens the support chat of a site', async () => {
    const server = chatServer({ chats: [ANNA] });
    vi.stubGlobal('fetch', server.handler);
    const { router } = renderChat(`/${ORG}/chat`, { supportSites: [{ id: 77, name: 'Travel Market' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Support' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(new RegExp(`^/${ORG}/chat/\\d+$`)));
    expect(server.callsTo('/crm/api/chat/get-chat-with-support')[0]!.query.get('site_id')).toBe('77');
    expect(await screen.findByRole('heading', { name: 'Support · Travel Market' })).toBeInTheDocument();
  });
});

describe('chat thread', () => {
  it('shows the messages oldest to newest, the requests as links, and marks the chat read', async () => {
    const server = chatServer({
      chats: [ANNA, BORIS],
      messages: { 1: annaMessages() },
      requests: { 1: [chatRequest({ id: 41 })] },
    });
    vi.stubGlobal('fetch', server.handler);
    renderChat(`/${ORG}/chat/1`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(
      within(log)
        .getAllByText(/Hello!|When do we start|seat left/)
        .map((n) => n.textContent),
    ).toEqual(['Hello!', 'Hi! When do we start?', 'Is there a seat left?']);
    expect(await screen.findByRole('link', { name: 'Request #41' })).toHaveAttribute('href', `/${ORG}/bookings/41`);
    await waitFor(() => expect(server.callsTo('/crm/api/chat/mark-as-read')).toHaveLength(1));
    expect(server.callsTo('/crm/api/chat/mark-as-read')[0]!.body).toEqual({ chat_id: 1 });
    const list = screen.getByRole('list', { name: 'Chats' });
    await waitFor(() => expect(within(list).getAllByRole('link')[0]).not.toHaveTextContent('unread'));
  });

  it("names support's writers above their messages; a traveller (named in the header) is not repeated", async () => {
    const support = chat({
      id: 9,
      kind: 'support',
      title: 'Travel Market',
      traveller: null,
      tour: null,
      site: { id: 77, name: 'Travel Market' },
    });
    vi.stubGlobal(
      'fetch',
      chatServer({
        chats: [ANNA, support],
        messages: {
          1: annaMessages(),
          9: [
            message({
              id: 30,
              chat_id: 9,
              author: 'support',
              author_name: 'Olga',
              text: 'How can we help?',
            }),
          ],
        },
      }).handler,
    );
    const { router } = renderChat(`/${ORG}/chat/1`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).queryByText('Anna Smirnova')).not.toBeInTheDocument();
    await router.navigate(`/${ORG}/chat/9`);
    // an operator's answer carries the operator's name (issue 30)
    expect(await screen.findByText('Olga (Support)')).toBeInTheDocument();
  });

  it('shows a message text as text, never as HTML', async () => {
    const script = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    vi.stubGlobal(
      'fetch',
      chatServer({ chats: [ANNA], messages: { 1: [message({ id: 1, chat_id: 1, text: script })] } }).handler,
    );
    renderChat(`/${ORG}/chat/1`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText(script)).toBeInTheDocument();
    expect(log.querySelector('img')).toBeNull();
    expect(log.querySelector('script')).toBeNull();
  });

  it('links web addresses in a message, and only those', async () => {
    vi.stubGlobal(
      'fetch',
      chatServer({
        chats: [ANNA],
        messages: {
          1: [message({ id: 1, chat_id: 1, text: 'See https://example.com/route. Or javascript:alert(1)' })],
        },
      }).handler,
    );
    renderChat(`/${ORG}/chat/1`);
    const link = await screen.findByRole('link', { name: 'https://example.com/route' });
    expect(link).toHaveAttribute('href', 'https://example.com/route');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument();
  });

  it('Enter sends; the message is sending (1), then sent (3); Shift+Enter starts a new line', async () => {
    const server = chatServer({ chats: [ANNA], messages: { 1: annaMessages() } });
    server.state.holdSends = true;
    vi.stubGlobal('fetch', server.handler);
    renderChat(`/${ORG}/chat/1`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    await userEvent.type(box, '{Enter}');
    expect(box).toHaveValue('');
    const log = screen.getByRole('log', { name: 'Messages' });
    await waitFor(() => expect(log.querySelector('[data-status="loading"]')).not.toBeNull());
    expect(within(log).getByRole('status', { name: 'Sending…' })).toBeInTheDocument();
    const sent = server.callsTo('/crm/api/chat/send-message')[0]!.body!;
    expect(sent).toMatchObject({ chat_id: 1, message: 'First line\nsecond line', file_id: null });
    expect(typeof sent.client_id).toBe('string');
    // kept in local storage while on its way
    expect(JSON.parse(window.localStorage.getItem(outboxKey)!)).toEqual([
      expect.objectContaining({ uid: sent.client_id, status: 1 }),
    ]);

    server.release();
    await waitFor(() => expect(log.querySelector('[data-status="loading"]')).toBeNull());
    const bubble = within(log)
      .getByText(/First line/)
      .closest('[data-testid^="message-"]')!;
    expect(bubble.querySelector('[data-status="success"]')).not.toBeNull();
    expect(window.localStorage.getItem(outboxKey)).toBeNull();
    // the list shows it as the chat's last message
    expect(within(screen.getByRole('list', { name: 'Chats' })).getAllByRole('link')[0]).toHaveTextContent(
      'You: First line second line',
    );
  });

  it('a message the traveller read before the send answered shows read, not sent', async () => {
    const server = chatServer({ chats: [ANNA], messages: { 1: annaMessages() } });
    server.state.holdSends = true;
    vi.stubGlobal('fetch', server.handler);
    const { publish } = renderChat(`/${ORG}/chat/1`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Read at once{Enter}');
    const log = screen.getByRole('log', { name: 'Messages' });
    await waitFor(() => expect(log.querySelector('[data-status="loading"]')).not.toBeNull());
    // the traveller's open page read it (chat_is_read) before this page had the send's answer
    publish(organizerChannel(ORG), 'chat_is_read', {
      organizer_id: ORG,
      chat_id: 1,
      reader: 'traveller',
      last_read_id: 1_000_000,
    });
    server.release();
    await waitFor(() => expect(log.querySelector('[data-status="loading"]')).toBeNull());
    const bubble = within(log).getByText('Read at once').closest('[data-testid^="message-"]')!;
    expect(bubble.querySelector('[data-status="read"]')).not.toBeNull();
  });

  it('a failed send shows failed (2) with Retry, which sends it again with the same client id', async () => {
    const server = chatServer({ chats: [ANNA], messages: { 1: annaMessages() } });
    server.state.failSends = 1;
    vi.stubGlobal('fetch', server.handler);
    renderChat(`/${ORG}/chat/1`);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: Server Error');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    const sends = server.callsTo('/crm/api/chat/send-message');
    expect(sends).toHaveLength(2);
    expect(sends[1]!.body!.client_id).toBe(sends[0]!.body!.client_id);
    expect(server.state.messages[1]!.filter((m) => m.text === 'Are you there?')).toHaveLength(1);
  });

  it('after a reload, a failed message is still there with Retry, one being sent is sent again and merged', async () => {
    const server = chatServer({ chats: [ANNA], messages: { 1: annaMessages() } });
    vi.stubGlobal('fetch', server.handler);
    window.localStorage.setItem(
      outboxKey,
      JSON.stringify([
        {
          uid: 'c-1',
          chatId: 1,
          message: 'Sent before the reload',
          file: null,
          status: 1,
          createdAt: '2027-05-01T10:01:00.000Z',
        },
        {
          uid: 'c-2',
          chatId: 1,
          message: 'Failed before the reload',
          file: null,
          status: 2,
          createdAt: '2027-05-01T10:02:00.000Z',
          error: 'Network error',
        },
      ]),
    );
    // the server already had the first one (the page closed before its answer)
    server.state.messages[1]!.push(
      message({
        id: 90,
        chat_id: 1,
        type: 'output',
        author: 'organizer',
        text: 'Sent before the reload',
        client_id: 'c-1',
      }),
    );
    renderChat(`/${ORG}/chat/1`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getAllByText('Sent before the reload')).toHaveLength(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent: Network error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(outboxKey)!)).toEqual([expect.objectContaining({ uid: 'c-2' })]),
    );
  });

  it('a failed message can be deleted', async () => {
    window.localStorage.setItem(
      outboxKey,
      JSON.stringify([
        {
          uid: 'c-2',
          chatId: 1,
          message: 'Give up on me',
          file: null,
          status: 2,
          createdAt: '2027-05-01T10:02:00.000Z',
        },
      ]),
    );
    vi.stubGlobal('fetch', chatServer({ chats: [ANNA], messages: { 1: annaMessages() } }).handler);
    renderChat(`/${ORG}/chat/1`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.queryByText('Give up on me')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(outboxKey)).toBeNull();
  });

  it('loads older messages before the oldest shown, keeping what was on screen in place', async () => {
    const many = Array.from({ length: 30 }, (_, i) => message({ id: i + 1, chat_id: 1, text: `Note ${i + 1}` }));
    const server = chatServer({ chats: [ANNA], messages: { 1: many } });
    vi.stubGlobal('fetch', server.handler);
    renderChat(`/${ORG}/chat/1`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).queryByText('Note 10')).not.toBeInTheDocument();
    expect(within(log).getByText('Note 11')).toBeInTheDocument();

    // layout as a browser would: each row 50 px high, a 400 px window
    const scroller = screen.getByTestId('message-scroller');
    Object.defineProperty(scroller, 'scrollHeight', {
      configurable: true,
      get: () => scroller.querySelectorAll('li').length * 50,
    });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 400 });
    const heightBefore = scroller.scrollHeight;
    scroller.scrollTop = 40;
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(within(log).getByText('Note 1')).toBeInTheDocument());
    expect(server.callsTo('/crm/api/chat/get-messages').map((c) => c.query.get('before_id'))).toEqual([null, '11']);
    // the same message stays under the reader's eyes: the view moved down by what was added above
    expect(scroller.scrollTop).toBe(scroller.scrollHeight - heightBefore + 40);
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });

  it('a frozen chat shows why nothing can be written; a chat frozen live does too', async () => {
    const server = chatServer({ chats: [ANNA, { ...BORIS, is_frozen: true }] });
    vi.stubGlobal('fetch', server.handler);
    const { publish, router } = renderChat(`/${ORG}/chat/2`);
    expect(await screen.findByText('This chat is frozen.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();

    await router.navigate(`/${ORG}/chat/1`);
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    // frozen on the server too, as support's freeze is: a refetch in flight must not bring the composer back
    Object.assign(
      server.state.chats.find((c) => c.id === 1)!,
      { is_frozen: true, frozen_by: 'Anna' },
    );
    publish(organizerChannel(ORG), 'chat_is_frozen', {
      organizer_id: ORG,
      chat_id: 1,
      is_frozen: true,
      frozen_by: 'Anna',
    });
    expect(await screen.findByText('This chat is frozen.')).toBeInTheDocument();
    // who froze it: the support operator by name
    expect(screen.getByRole('status')).toHaveTextContent('Anna (Support) has frozen it: no more messages can be sent.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('follows the chat events live: a new message, an edit, a moderation, a deletion, the read ticks, a file received', async () => {
    const mine = message({
      id: 6,
      chat_id: 1,
      type: 'output',
      author: 'organizer',
      text: 'We start at nine',
      is_read: false,
    });
    const file = message({
      id: 7,
      chat_id: 1,
      text: '',
      file: {
        id: 70,
        name: 'ticket.pdf',
        size: 2_097_152,
        mime: 'application/pdf',
        url: '/files/70',
        is_image: false,
        download_status: 1,
      },
    });
    vi.stubGlobal('fetch', chatServer({ chats: [ANNA], messages: { 1: [...annaMessages(), mine, file] } }).handler);
    const { publish } = renderChat(`/${ORG}/chat/1`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Receiving ticket.pdf…')).toBeInTheDocument();
    const channel = organizerChannel(ORG);

    publish(channel, 'new_message', {
      organizer_id: ORG,
      chat_id: 1,
      message: message({ id: 8, chat_id: 1, text: 'Thanks!' }),
    });
    expect(await within(log).findByText('Thanks!')).toBeInTheDocument();
    publish(channel, 'message_was_edit', {
      organizer_id: ORG,
      chat_id: 1,
      message: message({ id: 8, chat_id: 1, text: 'Thanks a lot!', edited_at: '2027-05-01T12:00:00.000Z' }),
    });
    expect(await within(log).findByText('Thanks a lot!')).toBeInTheDocument();
    expect(within(log).getByText('edited')).toBeInTheDocument();
    publish(channel, 'message_was_moderated', {
      organizer_id: ORG,
      chat_id: 1,
      message: message({ id: 4, chat_id: 1, text: '', is_moderated: true }),
    });
    expect(await within(log).findByText('Message hidden by moderation')).toBeInTheDocument();
    expect(within(log).queryByText('Hi! When do we start?')).not.toBeInTheDocument();
    publish(channel, 'message_was_deleted', {
      organizer_id: ORG,
      chat_id: 1,
      message: message({ id: 5, chat_id: 1, text: '', is_deleted: true }),
    });
    expect(await within(log).findByText('Message deleted')).toBeInTheDocument();

    const tick = () => screen.getByTestId('message-6').querySelector('[data-status]')!.getAttribute('data-status');
    expect(tick()).toBe('success');
    publish(channel, 'chat_is_read', { organizer_id: ORG, chat_id: 1, reader: 'traveller', last_read_id: 6 });
    await waitFor(() => expect(tick()).toBe('read'));

    publish(channel, 'attachment_download_status_was_changed', {
      organizer_id: ORG,
      chat_id: 1,
      message_id: 7,
      file_id: 70,
      download_status: 2,
    });
    const download = await within(log).findByRole('link', { name: /ticket\.pdf/ });
    expect(download).toHaveAttribute('href', '/files/70');
    expect(download).toHaveTextContent('2.00 MB');
  });

  it('attaches a file with its upload progress; an image shows as a preview that opens the gallery', async () => {
    const uploads = fakeUpload();
    const server = chatServer({ chats: [ANNA], messages: { 1: annaMessages() } });
    vi.stubGlobal('fetch', server.handler);
    renderChat(`/${ORG}/chat/1`, { upload: uploads.upload });
    await screen.findByRole('button', { name: 'Attach a file' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['x'.repeat(2048)], 'photo.jpg', { type: 'image/jpeg' }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    uploads.started[0]!.progress(42.4);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    uploads.started[0]!.finish(555);
    expect(await screen.findByText('Ready to send')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.callsTo('/crm/api/chat/send-message')).toHaveLength(1));
    expect(server.callsTo('/crm/api/chat/send-message')[0]!.body).toMatchObject({
      chat_id: 1,
      message: '',
      file_id: 555,
    });
    const preview = await screen.findByRole('button', { name: 'Open the image photo.jpg' });
    expect(within(preview).getByRole('img', { name: 'photo.jpg' })).toHaveAttribute('src', '/files/555');
    await userEvent.click(preview);
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a failed upload says why, and the file can be removed', async () => {
    const uploads = fakeUpload();
    vi.stubGlobal('fetch', chatServer({ chats: [ANNA], messages: { 1: annaMessages() } }).handler);
    renderChat(`/${ORG}/chat/1`, { upload: uploads.upload });
    await screen.findByRole('button', { name: 'Attach a file' });
    await userEvent.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['x'], 'big.zip', { type: 'application/zip' }),
    );
    uploads.started[0]!.fail(new Error('boom'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not uploaded');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the file' }));
    expect(screen.queryByText('big.zip')).not.toBeInTheDocument();
  });

  it('says a chat of another organizer is not there', async () => {
    vi.stubGlobal('fetch', chatServer({ chats: [ANNA] }).handler);
    renderChat(`/${ORG}/chat/999`);
    expect(await screen.findByText('This chat is not there: it may belong to another organizer.')).toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    vi.stubGlobal('fetch', chatServer({ chats: [ANNA, BORIS], messages: { 1: annaMessages() } }).handler);
    renderChat(`/${ORG}/chat/1`, { language: 'ru' });
    expect(await screen.findByRole('textbox', { name: 'Сообщение' })).toHaveAttribute(
      'placeholder',
      'Напишите сообщение…',
    );
    const list = screen.getByRole('list', { name: 'Чаты' });
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Заявка №41');
    expect(screen.getByRole('button', { name: 'Прикрепить файл' })).toBeInTheDocument();
  });
});
