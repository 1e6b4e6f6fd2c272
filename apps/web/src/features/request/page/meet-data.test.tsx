import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import { requestSchema, type BookingRequest } from '@tourdesk/contract/entities/request';
import type { MeetDataPreview, MeetDataSend } from '@tourdesk/contract/api/request-meet-data';
import { createTestI18n } from '../../../lib/i18n/resources';
import { messageError, validationError } from '../../../test/error-bodies';
import { RequestPage } from './request-page';

// a busy two-core machine: the page's lazy parts and queries may take longer than the default second
configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver; the kit's Radix checkbox measures itself with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const bodyOf = (init: RequestInit | undefined) =>
  (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
const urlOf = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost');

/** A confirmed request (2) of Olga, with Ivan among its tourists. */
const REQUEST: BookingRequest = requestSchema.parse({
  request_id: 41,
  uuid: '5b0d8f3e-6c1f-4f57-9a43-8d1b2a6e7c10',
  tour_organizer_id: 3,
  status: 2,
  source: 'own',
  tour: { id: 9, name: 'Altai lakes', type: 1 },
  tour_date_id: 70,
  date_start: '2031-07-10',
  date_end: '2031-07-16',
  currency: 'RUB',
  tourists_count: 2,
  price: 60000,
  customer_name: 'Olga Petrova',
  customer_email: 'olga@example.com',
  tourists: [
    { id: 501, request_id: 41, full_name: 'Petrova Olga', first_name: 'Olga', last_name: 'Petrova' },
    { id: 502, request_id: 41, full_name: 'Petrov Ivan', first_name: 'Ivan', last_name: 'Petrov' },
  ],
  created_at: '2031-05-01T09:00:00.000Z',
});

const TEMPLATES = [
  { id: 7, name: 'Station', is_default: true },
  { id: 8, name: 'Airport', is_default: false },
];
const FILLED: Record<number, NonNullable<MeetDataPreview['template']>> = {
  7: {
    id: 7,
    name: 'Station',
    text: 'We meet on July 10, 2031 at 8 am, Altai lakes.',
    place: 'Biysk station, main entrance',
    contact_phone: '+79991234567',
  },
  8: { id: 8, name: 'Airport', text: 'Arrivals hall at 10 am.', place: 'Gorno-Altaysk airport', contact_phone: '' },
};
const RECIPIENTS = [
  { email: 'olga@example.com', name: 'Olga Petrova', role: 'customer' as const },
  { email: 'ivan@example.com', name: 'Ivan Petrov', role: 'tourist' as const },
];
const SENT: MeetDataSend = {
  id: 3,
  request_id: 41,
  template_id: 7,
  template_name: 'Station',
  text: 'We meet at 8 am.',
  place: 'Biysk station, main entrance',
  contact_phone: '+79991234567',
  emails: ['ivan@example.com'],
  sent_by: 12,
  sent_by_name: 'Anna Guide',
  sent_at: '2031-06-01T07:30:00.000Z',
};

const previewOf = (templateId: number | null, sends: MeetDataSend[], over: Partial<MeetDataPreview> = {}) => ({
  request_id: 41,
  status: 2,
  can_send: true,
  templates: TEMPLATES,
  template: FILLED[templateId ?? 7],
  recipients: RECIPIENTS,
  sends,
  ...over,
});

type Handler = (url: URL, init?: RequestInit) => Response | undefined;

/**
 * The page's server: the request, its meet data (sends kept here: a send adds one), and whatever
 * `handler` answers first; anything else of the page is not found.
 */
const serve = (opts: { handler?: Handler; request?: BookingRequest; preview?: Partial<MeetDataPreview> } = {}) => {
  const sends: MeetDataSend[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const own = opts.handler?.(url, init);
    if (own) return own;
    if (url.pathname === '/crm/api/request/get') return json(200, opts.request ?? REQUEST);
    if (url.pathname === '/crm/api/request/meet-data-preview') {
      const id = url.searchParams.get('template_id');
      return json(200, previewOf(id ? Number(id) : null, sends, opts.preview));
    }
    if (url.pathname === '/crm/api/request/send-meet-data') {
      const body = bodyOf(init);
      const send = { ...SENT, id: 10 + sends.length, emails: body.emails as string[], text: body.text as string };
      sends.unshift(send);
      return json(200, { ...send, not_delivered: [] });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const calls = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.filter(([u]) => urlOf(u).pathname === path);

const renderPage = (language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      { path: '/:orgId/bookings/:id', element: <RequestPage /> },
      { path: '/:orgId/contract-template', element: <h1>Templates page</h1> },
    ],
    { initialEntries: ['/3/bookings/41'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
};
const card = async (name = 'Meeting details') =>
  (await screen.findByRole('heading', { name, level: 3 })).closest('div.rounded-2xl') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('meeting details on the request page', () => {
  it('sends the filled, edited text to the ticked recipients; the card then says when, to whom and with which template', async () => {
    const fetch = serve();
    renderPage();
    const box = await card();
    expect(await within(box).findByText('Not sent yet: tell the tourists where and when to meet.')).toBeInTheDocument();
    await userEvent.click(within(box).getByRole('button', { name: 'Send meeting details' }));

    const dialog = await screen.findByRole('dialog', { name: 'Meeting details for request #41' });
    expect(within(dialog).getByRole('combobox', { name: 'Template' })).toHaveTextContent('Station (default)');
    const text = await within(dialog).findByRole('textbox', { name: /Message/ });
    expect(text).toHaveValue('We meet on July 10, 2031 at 8 am, Altai lakes.');
    expect(within(dialog).getByText('Biysk station, main entrance')).toBeInTheDocument();
    expect(within(dialog).getByText('+79991234567')).toBeInTheDocument();
    const olga = within(dialog).getByRole('checkbox', { name: /Olga Petrova/ });
    const ivan = within(dialog).getByRole('checkbox', { name: /Ivan Petrov/ });
    expect(olga).toBeChecked();
    expect(ivan).toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Send to' })).toBeInTheDocument();

    await userEvent.click(olga);
    expect(olga).not.toBeChecked();
    await userEvent.clear(text);
    await userEvent.type(text, 'We meet at 8 am.');
    expect(within(dialog).getByText('16 of 5000 characters.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Meeting details sent to 1 recipient')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls(fetch, '/crm/api/request/send-meet-data');
    expect(sent).toHaveLength(1);
    expect(bodyOf(sent[0]![1])).toEqual({
      request_id: 41,
      template_id: 7,
      text: 'We meet at 8 am.',
      emails: ['ivan@example.com'],
    });
    expect(await within(box).findByText('To ivan@example.com')).toBeInTheDocument();
    expect(within(box).getByText('Template: Station')).toBeInTheDocument();
    expect(within(box).getByText(/^Sent (?!by)/)).toBeInTheDocument();
    expect(within(box).getByText('Sent by Anna Guide')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Send again' })).toBeEnabled();
  });

  it('fills another template when it is chosen, and keeps the server’s field errors on their fields', async () => {
    const fetch = serve({
      handler: (url) =>
        url.pathname === '/crm/api/request/send-meet-data'
          ? json(
              422,
              validationError({
                emails: 'meet_data_email_unknown',
                text: { code: 'max_length', params: { length: 5000 } },
              }),
            )
          : undefined,
    });
    renderPage();
    await userEvent.click(await within(await card()).findByRole('button', { name: 'Send meeting details' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Airport' }));
    const text = await within(dialog).findByRole('textbox', { name: /Message/ });
    await waitFor(() => expect(text).toHaveValue('Arrivals hall at 10 am.'));
    expect(
      calls(fetch, '/crm/api/request/meet-data-preview').some(
        ([u]) => urlOf(u).searchParams.get('template_id') === '8',
      ),
    ).toBe(true);
    expect(within(dialog).getByText('not given')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText('Choose among the e-mails of the customer and the tourists'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Send to' })).toHaveAccessibleDescription(
      'Choose among the e-mails of the customer and the tourists',
    );
    expect(text).toHaveAccessibleDescription(expect.stringContaining('5000'));
    expect(bodyOf(calls(fetch, '/crm/api/request/send-meet-data')[0]![1]).template_id).toBe(8);
  });

  it('checks before sending: no recipient ticked, an empty text', async () => {
    const fetch = serve();
    renderPage();
    await userEvent.click(await within(await card()).findByRole('button', { name: 'Send meeting details' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(await within(dialog).findByRole('textbox', { name: /Message/ }));
    for (const box of within(dialog).getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findAllByRole('alert')).toHaveLength(2);
    expect(calls(fetch, '/crm/api/request/send-meet-data')).toHaveLength(0);
  });

  it('a refusal without a field (sent a moment ago) is a toast, and the dialog stays', async () => {
    serve({
      handler: (url) =>
        url.pathname === '/crm/api/request/send-meet-data'
          ? json(422, {
              ...messageError({ code: 'meet_data_sent_recently', params: { seconds: 24 } }),
              errors: {},
              codes: {},
            })
          : undefined,
    });
    renderPage();
    await userEvent.click(await within(await card()).findByRole('button', { name: 'Send meeting details' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('textbox', { name: /Message/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('The meeting details have just been sent; you can send them again in 24 s'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('without a template: a link to the templates instead of a form', async () => {
    serve({ preview: { templates: [], template: null } });
    const router = renderPage();
    await userEvent.click(await within(await card()).findByRole('button', { name: 'Send meeting details' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/You have no meeting details templates yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Create one in Templates → Meeting details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/3/contract-template'));
  });

  it('a pending request cannot get it yet, and says why (in Russian); earlier sends are listed', async () => {
    serve({
      request: { ...REQUEST, status: 1 },
      preview: {
        status: 1,
        can_send: false,
        sends: [
          SENT,
          {
            ...SENT,
            id: 2,
            template_id: null,
            template_name: 'Old',
            emails: ['olga@example.com'],
            sent_at: '2031-05-20T07:30:00.000Z',
          },
        ],
      },
    });
    renderPage('ru');
    const box = await card('Информация о встрече');
    expect(await within(box).findByText('Кому: ivan@example.com')).toBeInTheDocument();
    const button = within(box).getByRole('button', { name: 'Отправить ещё раз' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Сначала подтвердите заявку: информация о встрече отправляется по подтверждённым заявкам.',
    );
    expect(within(box).getByText('Шаблон: Station')).toBeInTheDocument();
    expect(within(box).getAllByText('Отправитель: Anna Guide')).toHaveLength(2);
    await userEvent.click(within(box).getByText('Ещё 1 отправка раньше'));
    expect(within(box).getByText('Шаблон: Old (уже удалён)')).toBeVisible();
  });
});
