import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@tourdesk/ui';
import {
  travellerMessageSettingsSchema,
  type TravellerMessageSettings,
  type UpdateTravellerMessageSettingsBody,
} from '@tourdesk/contract/api/traveller-message';
import {
  TRAVELLER_MESSAGE_KINDS,
  TRAVELLER_MESSAGE_SUBJECT_MAX_LENGTH,
} from '@tourdesk/contract/api/traveller-message-routes';
import { createTestI18n } from '../../../lib/i18n/resources';
import { validationError } from '../../../test/error-bodies';
import { TravellerMessageSettingsTab } from './traveller-message-settings';

configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver; the kit's Radix switch measures itself with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pathOf = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost').pathname;

const shipped = (kind: string) => ({
  en: { subject: `${kind} subject`, body: `Hello {customer.name}, ${kind}.` },
  ru: { subject: `${kind} тема`, body: `Здравствуйте, {customer.name}: ${kind}.` },
});

/** Every kind on, the shipped texts, but the cancellation off and a Russian text of its own for the invoice. */
const SETTINGS: TravellerMessageSettings = travellerMessageSettingsSchema.parse({
  organizer_id: 3,
  default_language: 'en',
  attach_contract: true,
  kinds: TRAVELLER_MESSAGE_KINDS.map((kind) => ({
    kind,
    enabled: kind !== 'canceled',
    texts: {
      en: null,
      ru: kind === 'invoice_issued' ? { subject: 'Ваш счёт', body: 'Оплатите до {invoice.due_date}.' } : null,
    },
    default_texts: shipped(kind),
  })),
  placeholders: [
    { key: '{customer.name}', label: "The customer's name" },
    { key: 'tour.name', label: 'The tour' },
  ],
});

/** The settings' server: GET answers the stored settings, update-settings applies the kinds it names. */
const serve = (
  settings: TravellerMessageSettings = SETTINGS,
  reject?: (body: UpdateTravellerMessageSettingsBody) => Response | undefined,
) => {
  let stored = settings;
  const updates: UpdateTravellerMessageSettingsBody[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = pathOf(input);
    const query = new URL(String(input), 'http://localhost').searchParams;
    if (path === '/crm/api/traveller-messages/settings') {
      expect(query.get('organizer_id')).toBe('3');
      return json(200, stored);
    }
    if (path === '/crm/api/traveller-messages/update-settings' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as UpdateTravellerMessageSettingsBody;
      const refused = reject?.(body);
      if (refused) return refused;
      updates.push(body);
      stored = {
        ...stored,
        default_language: body.default_language ?? stored.default_language,
        attach_contract: body.attach_contract ?? stored.attach_contract,
        kinds: stored.kinds.map((k) => {
          const change = body.kinds?.find((c) => c.kind === k.kind);
          return change ? { ...k, enabled: change.enabled, texts: change.texts } : k;
        }),
      };
      return json(200, stored);
    }
    if (path === '/crm/api/traveller-messages/preview') {
      const kind = query.get('kind') ?? '';
      const lang = query.get('lang') === 'ru' ? 'ru' : 'en';
      const own = stored.kinds.find((k) => k.kind === kind);
      const subject = (own?.texts[lang] ?? own?.default_texts[lang])?.subject ?? '';
      return json(200, { subject, html: `<html><body><h1>${subject}</h1></body></html>`, text: subject });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, updates };
};

const renderTab = (language: 'en' | 'ru' = 'en') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <TravellerMessageSettingsTab organizerId={3} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Messages to travellers', () => {
  it('lists every kind with what it is, its switch and its text; the default language', async () => {
    serve();
    renderTab();
    const list = await screen.findByRole('list', { name: 'Kinds of messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(TRAVELLER_MESSAGE_KINDS.length);
    const confirmed = within(list).getByRole('listitem', { name: 'Booking confirmed' });
    expect(confirmed).toHaveTextContent('When you confirm a request');
    expect(confirmed).toHaveTextContent('The standard text');
    expect(within(confirmed).getByRole('switch', { name: 'Send automatically: Booking confirmed' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Send automatically: Cancellation' })).not.toBeChecked();
    expect(within(list).getByRole('listitem', { name: 'Invoice' })).toHaveTextContent('Your own text in Русский');
    expect(screen.getByRole('combobox', { name: 'Language of messages' })).toHaveTextContent('English');
  });

  it('turns a kind off at once, keeping its texts, and says so', async () => {
    const { updates } = serve();
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Send automatically: Invoice' });
    await userEvent.click(toggle);
    expect(await screen.findByText('“Invoice” no longer goes out by itself')).toBeInTheDocument();
    expect(updates).toEqual([
      {
        organizer_id: 3,
        kinds: [
          {
            kind: 'invoice_issued',
            enabled: false,
            texts: { en: null, ru: { subject: 'Ваш счёт', body: 'Оплатите до {invoice.due_date}.' } },
          },
        ],
      },
    ]);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toBeEnabled();
  });

  it('stops attaching the contract to payment receipts', async () => {
    const { updates } = serve();
    renderTab();
    const receipt = await screen.findByRole('listitem', { name: 'Payment receipt' });
    const attach = within(receipt).getByRole('switch', { name: 'Attach the contract (PDF with your stamp)' });
    expect(attach).toBeChecked();
    await userEvent.click(attach);
    expect(await screen.findByText('Payment receipts go without the contract')).toBeInTheDocument();
    expect(updates).toEqual([{ organizer_id: 3, attach_contract: false }]);
    await waitFor(() => expect(attach).not.toBeChecked());
  });

  it('changes the default language of messages', async () => {
    const { updates } = serve();
    renderTab();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Language of messages' }));
    await userEvent.click(screen.getByRole('option', { name: 'Русский' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(updates).toEqual([{ organizer_id: 3, default_language: 'ru' }]);
    expect(screen.getByRole('combobox', { name: 'Language of messages' })).toHaveTextContent('Русский');
  });

  it('edits a text: refuses an empty or too long subject in the SPEC words, inserts a placeholder at the cursor, saves', async () => {
    const { updates } = serve();
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit text: Booking confirmed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text of “Booking confirmed”' });
    expect(within(dialog).getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('confirmed subject');
    expect(within(dialog).getByText('This is the standard text.')).toBeInTheDocument();

    await userEvent.clear(subject);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    fireEvent.change(subject, { target: { value: 'x'.repeat(TRAVELLER_MESSAGE_SUBJECT_MAX_LENGTH + 1) } });
    expect(await within(dialog).findByText(`Maximum ${TRAVELLER_MESSAGE_SUBJECT_MAX_LENGTH} characters`)).toBeVisible();
    expect(updates).toEqual([]);

    await userEvent.clear(subject);
    await userEvent.type(subject, 'Your places on  are held');
    // the cursor between "on " and " are": the placeholder goes there
    subject.focus();
    (subject as HTMLInputElement).setSelectionRange(15, 15);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert {tour.name}: The tour' }));
    expect(subject).toHaveValue('Your places on {tour.name} are held');
    expect(within(dialog).getByText('This is your own text.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updates).toEqual([
      {
        organizer_id: 3,
        kinds: [
          {
            kind: 'confirmed',
            enabled: true,
            // the Russian text was not touched: it stays the shipped one (null)
            texts: {
              en: { subject: 'Your places on {tour.name} are held', body: 'Hello {customer.name}, confirmed.' },
              ru: null,
            },
          },
        ],
      },
    ]);
    expect(screen.getByRole('listitem', { name: 'Booking confirmed' })).toHaveTextContent('Your own text in English');
  });

  it('an error in the other language shows its tab; "Use the standard text" saves null; a server 422 lands on its field', async () => {
    const { updates } = serve(SETTINGS, (body) =>
      body.kinds?.[0]?.texts.en?.body.includes('<script>')
        ? json(422, validationError({ 'kinds.0.texts.en.body': { code: 'incorrect_value' } }))
        : undefined,
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit text: Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text of “Invoice”' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Русский' }));
    const ruBody = within(dialog).getByRole('textbox', { name: /Сообщение|Message/ });
    expect(ruBody).toHaveValue('Оплатите до {invoice.due_date}.');
    await userEvent.clear(ruBody);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'English' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // the error is on the Russian tab: it is shown, and its tab says so
    const ruTab = await within(dialog).findByRole('tab', { name: /^Русский\s*\(has errors\)$/ });
    expect(ruTab).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('Required field')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the standard text' }));
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Здравствуйте, {customer.name}: invoice_issued.',
    );
    await userEvent.click(within(dialog).getByRole('tab', { name: 'English' }));
    const enBody = within(dialog).getByRole('textbox', { name: 'Message' });
    await userEvent.type(enBody, ' <script>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Incorrect value')).toBeInTheDocument();
    expect(updates).toEqual([]);

    await userEvent.clear(enBody);
    await userEvent.type(enBody, 'Pay by the due date.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.kinds?.[0]?.texts).toEqual({
      en: { subject: 'invoice_issued subject', body: 'Pay by the due date.' },
      ru: null,
    });
  });

  it('previews the saved text in a sandboxed frame, and says the edits are not in it yet', async () => {
    serve();
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit text: Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text of “Refund”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const frame = await within(dialog).findByTitle('Preview of “Refund” in English');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>refund subject</h1>');
    expect(within(dialog).getByText('Subject: refund subject')).toBeInTheDocument();
    expect(within(dialog).queryByText(/The preview shows the saved text/)).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Subject' }), '!');
    expect(within(dialog).getByText('The preview shows the saved text: save to see your changes.')).toBeVisible();
  });

  it('is in Russian too', async () => {
    serve();
    renderTab('ru');
    expect(await screen.findByRole('heading', { name: 'Сообщения путешественникам' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Отправлять автоматически: Бронирование подтверждено' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Изменить текст: Возврат' }));
    const dialog = await screen.findByRole('dialog', { name: 'Текст: «Возврат»' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Тема' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Обязательное поле')).toBeInTheDocument();
  });
});
