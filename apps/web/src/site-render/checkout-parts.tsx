import { useCallback, useEffect } from 'react';
import type { CheckoutConfirmResponse, CheckoutPricing } from '@tourdesk/contract/api/checkout';
import type { SiteText } from './i18n';

export type ApiError = { message?: string; errors?: Record<string, string[]> };

export const postJson = async <T,>(
  path: string,
  body: unknown,
): Promise<{ ok: true; data: T } | { ok: false; error: ApiError; status: number }> => {
  try {
    const res = await fetch(path, {
      method: 'POST',
      // the server's messages in the page's language
      headers: {
        'content-type': 'application/json',
        'x-language': document.documentElement.lang === 'ru' ? 'ru' : 'en',
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as unknown;
    return res.ok ? { ok: true, data: json as T } : { ok: false, error: json as ApiError, status: res.status };
  } catch {
    return { ok: false, error: {}, status: 0 };
  }
};

/** The first error of an API answer, as its text. */
export const errorText = (e: ApiError, text: SiteText): string =>
  Object.values(e.errors ?? {})[0]?.[0] ?? e.message ?? text.t('checkoutFailed');

/**
 * The widget's side of the talk with its host page (site-web.widget.ts): the page's height as it
 * changes, Esc (close me), and the host's "focus" (the dialog opened) — from its origin only.
 */
export const useEmbed = (parentOrigin: string | null | undefined): ((msg: object) => void) => {
  const post = useCallback(
    (msg: object) => {
      if (parentOrigin && window.parent !== window) window.parent.postMessage(msg, parentOrigin);
    },
    [parentOrigin],
  );
  useEffect(() => {
    if (!parentOrigin || window.parent === window) return;
    const root = document.documentElement;
    const resize = () => post({ type: 'tourdesk:resize', height: root.scrollHeight });
    const observer = new ResizeObserver(resize);
    observer.observe(document.body);
    resize();
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== parentOrigin || e.source !== window.parent) return;
      if ((e.data as { type?: unknown } | null)?.type === 'tourdesk:focus')
        document.querySelector<HTMLElement>('#site-root input:not([disabled]), #site-root button')?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') post({ type: 'tourdesk:close' });
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
    };
  }, [parentOrigin, post]);
  return post;
};

/** The checkout's end: the booking's number, its total, the pay link of an instant one, its page and chat. */
export function CheckoutDone({
  done,
  text,
  lang,
  away,
}: {
  done: CheckoutConfirmResponse;
  text: SiteText;
  lang: 'en' | 'ru';
  away: { target?: string; rel?: string };
}) {
  return (
    <div className="site-card flex flex-col gap-3 p-4" role="status" data-testid="checkout-done">
      <h2 className="site-h2">{done.instant ? text.t('checkoutBooked') : text.t('checkoutRequested')}</h2>
      <p>
        {text.t('checkoutNumber')} <strong data-testid="checkout-number">{done.request_id}</strong>
      </p>
      <p>{done.instant ? text.t('checkoutBookedNext') : text.t('checkoutRequestedNext')}</p>
      <p>
        {text.t('checkoutTotal')}: <strong>{text.money(done.total, done.currency)}</strong>
      </p>
      {done.pay_url && done.prepayment !== null ? (
        <a className="site-btn self-start" href={done.pay_url} {...away}>
          {text.t('checkoutPay', { amount: text.money(done.prepayment, done.currency) })}
        </a>
      ) : null}
      {done.booking_url ? (
        <a className="underline" href={done.booking_url} data-testid="checkout-booking-link">
          {text.t('checkoutBookingPage')}
        </a>
      ) : null}
      {done.chat_url ? (
        <a className="underline" href={`${done.chat_url}?lang=${lang}`} {...away}>
          {text.t('checkoutChat')}
        </a>
      ) : null}
    </div>
  );
}

/** The server's price of the choice, line by line. */
export function CheckoutPrice({
  shown,
  text,
  lang,
  currency,
}: {
  shown: CheckoutPricing;
  text: SiteText;
  lang: 'en' | 'ru';
  currency: string;
}) {
  return (
    <dl className="site-card grid grid-cols-[1fr_auto] gap-1 p-4" aria-live="polite" data-testid="checkout-price">
      {shown.travellers.map((t) => (
        <div key={`t${t.category_id}`} className="contents">
          <dt>{`${lang === 'ru' ? t.name_ru : t.name_en} × ${t.count}`}</dt>
          <dd>{text.money(t.amount, currency)}</dd>
        </div>
      ))}
      {shown.extras.map((e) => (
        <div key={`e${e.extra_id}`} className="contents">
          <dt>{`${lang === 'ru' ? e.name_ru : e.name_en} × ${e.quantity}`}</dt>
          <dd>{text.money(e.amount, currency)}</dd>
        </div>
      ))}
      {shown.discount && shown.discount.amount > 0 ? (
        <div className="contents">
          <dt>{text.t('checkoutDiscount')}</dt>
          <dd>−{text.money(shown.discount.amount, currency)}</dd>
        </div>
      ) : null}
      {shown.promo && shown.promo.amount > 0 ? (
        <div className="contents">
          <dt>{shown.promo.code}</dt>
          <dd>−{text.money(shown.promo.amount, currency)}</dd>
        </div>
      ) : null}
      <dt className="font-semibold">{text.t('checkoutTotal')}</dt>
      <dd className="font-semibold" data-testid="checkout-total">
        {text.money(shown.total, currency)}
      </dd>
    </dl>
  );
}
