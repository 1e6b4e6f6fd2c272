import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@tourdesk/ui';
import { COOKIE_NAMES, MESSENGER_CODE_LIFETIME_S, RESEND_CODE_COUNTDOWN_S, TEXTS } from '@tourdesk/contract/constants';
import type { VerificationMethod } from '@tourdesk/contract/entities/verification';
import { createTestI18n } from '../../../lib/i18n/resources';
import { getCookie, removeCookie } from '../../../lib/cookies';
import { createRealtimeClient, type RealtimeClient } from '../../../lib/socket/realtime-client';
import { RealtimeProvider } from '../../../lib/socket/realtime-context';
import { PhoneConfirmModal } from './phone-confirm-modal';
import { messageError, validationError } from '../../../test/error-bodies';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** Matches a paragraph by its whole text (the manual word is a span inside it). */
const paragraph =
  (text: string | RegExp) =>
  (_content: string, element: Element | null): boolean =>
    element?.tagName === 'P' &&
    (typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? ''));

const method = (type: VerificationMethod['type'], extra: Partial<VerificationMethod> = {}): VerificationMethod => ({
  type,
  is_default: false,
  target: null,
  manual_number: null,
  is_subscribed: false,
  ...extra,
});

interface Backend {
  methods: VerificationMethod[];
  isBot?: boolean;
  sendStatus?: number;
  sendBody?: unknown;
  confirmOk?: boolean;
}

/** A fake API for the phone-confirmation calls; records every call. */
const stubBackend = (backend: Backend) => {
  const calls: { path: string; body: unknown }[] = [];
  let codes = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0] ?? url;
    const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
    calls.push({ path, body });
    if (path.endsWith('/user/phone-confirmation-methods'))
      return json(200, { verification_methods: backend.methods, is_bot: backend.isBot ?? false });
    if (path.endsWith('/user/send-confirmation-code'))
      return json(backend.sendStatus ?? 200, backend.sendBody ?? { success: true });
    if (path.endsWith('/user/confirm-phone'))
      return backend.confirmOk === false
        ? json(422, validationError({ code: 'invalid_code' }, 'invalid_code'))
        : json(200, { success: true });
    if (path.endsWith('/chat/generate-connection-code')) {
      codes += 1;
      return json(200, { code: `CODE${codes}`, expires_in: MESSENGER_CODE_LIFETIME_S, url: null });
    }
    return json(404, messageError('not_found'));
  });
  vi.stubGlobal('fetch', fetch);
  const sent = () =>
    calls
      .filter((c) => c.path.endsWith('/send-confirmation-code'))
      .map((c) => (c.body as { code_sender: string }).code_sender);
  const connectionCodes = () => calls.filter((c) => c.path.endsWith('/generate-connection-code')).length;
  return { calls, sent, connectionCodes };
};

const renderModal = (props: { language?: 'en' | 'ru'; phone?: string | null } = {}) => {
  const onClose = vi.fn();
  const onConfirmed = vi.fn();
  const onChangePhone = vi.fn();
  const realtime: RealtimeClient = createRealtimeClient({
    fetchChannels: async () => ({ connectionToken: 't', channels: [] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(props.language ?? 'en')}>
        <RealtimeProvider client={realtime}>
          <PhoneConfirmModal
            open
            phone={props.phone === undefined ? '+79991234567' : props.phone}
            onClose={onClose}
            onConfirmed={onConfirmed}
            onChangePhone={onChangePhone}
          />
          <Toaster />
        </RealtimeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onClose, onConfirmed, onChangePhone, realtime };
};

const dialog = () => screen.getByRole('dialog', { name: TEXTS.phoneConfirmTitle });
const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  removeCookie(COOKIE_NAMES.phoneConfirmSuppressed);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('phone confirmation', () => {
  it('opens on the prompt: the phone, Change, Confirm now and Confirm later; later closes and sets the one-day cookie', async () => {
    stubBackend({ methods: [method('sms', { is_default: true })] });
    const { onClose, onChangePhone } = renderModal();
    expect(within(dialog()).getByText('+79991234567')).toBeInTheDocument();
    await user().click(within(dialog()).getByRole('button', { name: TEXTS.phoneChange }));
    expect(onChangePhone).toHaveBeenCalled();
    expect(within(dialog()).getByRole('button', { name: TEXTS.phoneConfirmNow })).toBeInTheDocument();
    await user().click(within(dialog()).getByRole('button', { name: TEXTS.phoneConfirmLater }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(getCookie(COOKIE_NAMES.phoneConfirmSuppressed)).toBe('1');
  });

  it('a user without a phone is offered to add one, not to confirm a number that is not set', async () => {
    const api = stubBackend({ methods: [method('sms', { is_default: true })] });
    const { onClose, onChangePhone } = renderModal({ phone: null });
    const prompt = screen.getByRole('dialog', { name: 'Add your phone number' });
    expect(prompt).toHaveTextContent(
      'Add a phone number so that travellers and partner sites can reach you and you can sign in with a code. You confirm it with a code right after.',
    );
    expect(within(prompt).queryByText('Not set')).toBeNull();
    expect(within(prompt).queryByRole('button', { name: TEXTS.phoneConfirmNow })).toBeNull();
    await user().click(within(prompt).getByRole('button', { name: 'Add a phone number' }));
    expect(onChangePhone).toHaveBeenCalledTimes(1);
    expect(api.calls).toEqual([]);
    await user().click(within(prompt).getByRole('button', { name: 'Add later' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(getCookie(COOKIE_NAMES.phoneConfirmSuppressed)).toBe('1');
  });

  it('a user without a phone, in Russian', () => {
    stubBackend({ methods: [] });
    renderModal({ phone: null, language: 'ru' });
    const prompt = screen.getByRole('dialog', { name: 'Добавьте номер телефона' });
    expect(within(prompt).getByRole('button', { name: 'Добавить номер' })).toBeEnabled();
    expect(within(prompt).getByRole('button', { name: 'Добавить позже' })).toBeEnabled();
  });

  it('writes the suppression cookie for 24 hours', async () => {
    stubBackend({ methods: [] });
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      descriptor?.set?.call(document, value);
    });
    renderModal();
    await user().click(within(dialog()).getByRole('button', { name: TEXTS.phoneConfirmLater }));
    expect(written.find((c) => c.startsWith(`${COOKIE_NAMES.phoneConfirmSuppressed}=`))).toContain(
      `Max-Age=${24 * 60 * 60}`,
    );
    vi.restoreAllMocks();
  });

  it('Verify sends the code by the default method at once and counts 60 s down before a resend', async () => {
    const api = stubBackend({ methods: [method('email'), method('sms', { is_default: true })] });
    renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await waitFor(() => expect(api.sent()).toEqual(['sms']));
    expect(await within(dialog()).findByLabelText(TEXTS.phoneConfirmCodeLabel)).toBeInTheDocument();
    expect(within(dialog()).getByRole('timer')).toHaveTextContent('Resend the code in 01:00');
    act(() => vi.advanceTimersByTime((RESEND_CODE_COUNTDOWN_S - 1) * 1000));
    expect(within(dialog()).getByRole('timer')).toHaveTextContent('Resend the code in 00:01');
    expect(within(dialog()).queryByRole('button', { name: 'Send the code again' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    await user().click(within(dialog()).getByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(api.sent()).toEqual(['sms', 'sms']));
    expect(within(dialog()).getByRole('timer')).toHaveTextContent('Resend the code in 01:00');
  });

  it('without a default method nothing is sent until one is chosen; choosing one sends by it', async () => {
    const api = stubBackend({ methods: [method('sms'), method('email')] });
    renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await user().click(await within(dialog()).findByRole('button', { name: 'E-mail' }));
    await waitFor(() => expect(api.sent()).toEqual(['email']));
    expect(within(dialog()).queryByLabelText(TEXTS.phoneConfirmCodeLabel)).not.toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Code from E-mail')).toBeInTheDocument();
  });

  it('choosing another way from "Other ways to verify phone number" sends by it (it becomes the default)', async () => {
    const api = stubBackend({ methods: [method('sms', { is_default: true }), method('telegram')] });
    renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await waitFor(() => expect(api.sent()).toEqual(['sms']));
    await user().click(within(dialog()).getByRole('button', { name: TEXTS.phoneConfirmOtherWays }));
    await user().click(within(dialog()).getByRole('button', { name: 'Telegram' }));
    await waitFor(() => expect(api.sent()).toEqual(['sms', 'telegram']));
  });

  it('WhatsApp with a target is manual: the code input stays hidden and the word to send is shown', async () => {
    const api = stubBackend({ methods: [method('whatsapp', { is_default: true, target: 'CONFIRM-42' })] });
    renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await waitFor(() => expect(api.sent()).toEqual(['whatsapp']));
    expect(await within(dialog()).findByText(/CONFIRM-42/)).toBeInTheDocument();
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('the manual WhatsApp flow shows the word, the business number and a wa.me link; no code, no resend; the real-time event closes it with success', async () => {
    const api = stubBackend({
      methods: [
        method('sms'),
        method('whatsapp', { is_default: true, target: 'TD-482193', manual_number: '+79990000000' }),
      ],
    });
    const { realtime, onConfirmed, onClose } = renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await waitFor(() => expect(api.sent()).toEqual(['whatsapp']));
    expect(
      await within(dialog()).findByText(
        paragraph(
          'Send the word TD-482193 to us in WhatsApp from your phone: your number is confirmed when the message arrives.',
        ),
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText('Our WhatsApp number:')).toHaveTextContent('Our WhatsApp number: +79990000000');
    const link = within(dialog()).getByRole('link', { name: /Open WhatsApp with the word/ });
    expect(link).toHaveAttribute('href', 'https://wa.me/79990000000?text=TD-482193');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: /Send the code/ })).not.toBeInTheDocument();

    act(() => realtime.dispatch({ channel: 'user:1', event: 'crm_user_phone_was_confirmed', payload: { user_id: 1 } }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    expect((await screen.findAllByText(TEXTS.phoneConfirmSuccess)).length).toBeGreaterThan(0);
  });

  it('the manual WhatsApp flow in Russian', async () => {
    stubBackend({
      methods: [method('whatsapp', { is_default: true, target: 'TD-482193', manual_number: '+79990000000' })],
    });
    renderModal({ language: 'ru' });
    await user().click(screen.getByRole('button', { name: 'Подтвердить сейчас' }));
    expect(await screen.findByText(paragraph(/Отправьте нам в WhatsApp слово TD-482193/))).toBeInTheDocument();
    // the word itself is set apart and never breaks at its dash
    expect(screen.getByText('TD-482193')).toHaveClass('whitespace-nowrap');
    expect(screen.getByText('Наш номер в WhatsApp:')).toHaveTextContent('+79990000000');
    expect(screen.getByRole('link', { name: /Открыть WhatsApp со словом/ })).toHaveAttribute(
      'href',
      'https://wa.me/79990000000?text=TD-482193',
    );
  });

  it('Telegram with phone request needs the subscription first: the subscribe form with a 300 s code, fetched again at 0', async () => {
    const api = stubBackend({ methods: [method('telegram_with_phone_request', { is_default: true })] });
    renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    expect(await within(dialog()).findByRole('button', { name: 'Copy the code CODE1' })).toBeInTheDocument();
    expect(api.sent()).toEqual([]);
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('timer')).toHaveTextContent('Valid for 05:00');
    act(() => vi.advanceTimersByTime(60_000));
    expect(within(dialog()).getByRole('timer')).toHaveTextContent('Valid for 04:00');
    act(() => vi.advanceTimersByTime((MESSENGER_CODE_LIFETIME_S - 60) * 1000));
    expect(await within(dialog()).findByRole('button', { name: 'Copy the code CODE2' })).toBeInTheDocument();
    expect(api.connectionCodes()).toBe(2);
    expect(within(dialog()).getByRole('timer')).toHaveTextContent('Valid for 05:00');
  });

  it('copies the connection code on click', async () => {
    stubBackend({ methods: [method('telegram_with_phone_request', { is_default: true })] });
    renderModal();
    const u = user();
    await u.click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await u.click(await within(dialog()).findByRole('button', { name: 'Copy the code CODE1' }));
    expect(await navigator.clipboard.readText()).toBe('CODE1');
    expect(await screen.findByText('The code is copied')).toBeInTheDocument();
  });

  it('a right code refreshes the user, closes with the success toast and sets the cookie', async () => {
    const api = stubBackend({ methods: [method('sms', { is_default: true })] });
    const { onConfirmed, onClose } = renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await user().click(await within(dialog()).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog()).findByText('Required field')).toBeInTheDocument();
    await user().type(within(dialog()).getByLabelText(TEXTS.phoneConfirmCodeLabel), '123456');
    await user().click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((c) => c.path.endsWith('/confirm-phone'))?.body).toEqual({
      code: '123456',
      verify_method: 'sms',
    });
    expect(onConfirmed).toHaveBeenCalled();
    expect(await screen.findByText(TEXTS.phoneConfirmSuccess)).toBeInTheDocument();
    expect(getCookie(COOKIE_NAMES.phoneConfirmSuppressed)).toBe('1');
  });

  it('a wrong code stays on the field', async () => {
    stubBackend({ methods: [method('sms', { is_default: true })], confirmOk: false });
    const { onClose } = renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await user().type(await within(dialog()).findByLabelText(TEXTS.phoneConfirmCodeLabel), '000000');
    await user().click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog()).findByText('Incorrect or expired code')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('the real-time crm_user_phone_was_confirmed event closes it with success', async () => {
    stubBackend({ methods: [method('sms', { is_default: true })] });
    const { realtime, onConfirmed, onClose } = renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await within(dialog()).findByLabelText(TEXTS.phoneConfirmCodeLabel);
    act(() => realtime.dispatch({ channel: 'user:1', event: 'crm_user_phone_was_confirmed', payload: {} }));
    act(() => realtime.dispatch({ channel: 'user:1', event: 'crm_user_phone_was_confirmed', payload: {} }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    // (sonner keeps earlier tests' toasts in its store)
    expect((await screen.findAllByText(TEXTS.phoneConfirmSuccess)).length).toBeGreaterThan(0);
  });

  it('a code sent moments ago (the server refuses a new one for 42 s) is asked for, with the countdown to a new one', async () => {
    const api = stubBackend({
      methods: [method('sms', { is_default: true })],
      sendStatus: 422,
      sendBody: validationError({ code_sender: { code: 'resend_too_soon', params: { seconds: 42 } } }),
    });
    renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    await waitFor(() => expect(api.sent()).toEqual(['sms']));
    expect(await within(dialog()).findByLabelText(TEXTS.phoneConfirmCodeLabel)).toBeInTheDocument();
    expect(within(dialog()).getByText(/was sent to \+79991234567 a moment ago/)).toBeInTheDocument();
    expect(within(dialog()).queryByText('The code has not been sent yet.')).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('timer')).toHaveTextContent('Resend the code in 00:42');
    await user().type(within(dialog()).getByLabelText(TEXTS.phoneConfirmCodeLabel), '1234');
    await user().click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/user/confirm-phone'))).toBe(true));
  });

  it('the bot flag shows the SPEC robot text; a blocked send shows the SPEC text on code_sender', async () => {
    stubBackend({
      methods: [method('sms', { is_default: true })],
      isBot: true,
      sendStatus: 422,
      sendBody: validationError({ code_sender: 'code_send_failed' }),
    });
    renderModal();
    await user().click(screen.getByRole('button', { name: TEXTS.phoneConfirmNow }));
    expect(await within(dialog()).findByText(TEXTS.botDetected)).toBeInTheDocument();
    expect(await within(dialog()).findByText(TEXTS.codeSendFailed)).toBeInTheDocument();
    expect(within(dialog()).queryByLabelText(TEXTS.phoneConfirmCodeLabel)).not.toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    stubBackend({ methods: [method('sms', { is_default: true }), method('email')] });
    renderModal({ language: 'ru' });
    expect(screen.getByRole('dialog', { name: 'Подтвердите номер телефона' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Подтвердить позже' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Подтвердить сейчас' }));
    expect(await screen.findByLabelText('Код из SMS')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Другие способы подтвердить номер' })).toBeInTheDocument();
  });
});
