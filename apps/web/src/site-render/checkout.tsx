import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';

import { checkoutRoutes } from '@tourdesk/contract/api/checkout-routes';
import type {
  CheckoutRecoverResponse,
  CheckoutConfirmResponse,
  CheckoutFirstPaint,
  CheckoutHold,
  CheckoutOptions,
  CheckoutPricing,
} from '@tourdesk/contract/api/checkout';
import { dateRange } from './cards';
import type { CheckoutContactValues } from './checkout-contact';
import { CheckoutDone, CheckoutPrice, errorText, postJson, useEmbed } from './checkout-parts';
import { siteText } from './i18n';
import type { SiteRenderContext } from './types';

// the contact step (the kit's phone input, the tourist fields) loads when the traveller continues
const CheckoutContact = lazy(() => import('./checkout-contact').then((m) => ({ default: m.CheckoutContact })));

/**
 * The traveller's checkout (issue 27), the booking page's island: a departure, travellers per
 * category, extras and a promo code priced by the server (quote) → a hold of the places with a
 * visible countdown (extended while the traveller types, released on leaving) → contact and the
 * documents → the booking: its number, and the pay link of an instant booking. The server renders
 * its first step's frame; the browser loads the tour's options and runs the rest.
 */
export interface CheckoutIslandProps {
  tourId: number;
  dateId: number | null;
  /** the options, first choice and its price, rendered by the server (no shift when it hydrates); else fetched */
  first?: CheckoutFirstPaint | null;
  /** in the booking widget's frame: the host page's origin, the only one its messages go to */
  embed?: { parentOrigin: string | null };
}

type Step = 'choose' | 'contact' | 'done';

const clock = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const newKey = (): string => `co-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The departure chosen first: the asked one when it can be booked, else the first that can. */
const firstDate = (o: CheckoutOptions, asked: number | null): number | null =>
  asked && o.departures.some((x) => x.id === asked && x.bookable)
    ? asked
    : (o.departures.find((x) => x.bookable)?.id ?? null);

/** The travellers counted first: the group's least size of adults (a smaller one is refused). */
const firstCounts = (o: CheckoutOptions): Record<number, number> => {
  const adult = o.categories.find((c) => c.code === 'adult') ?? o.categories[0];
  return adult ? { [adult.id]: Math.max(1, o.tour.group_min ?? 1) } : {};
};

export function CheckoutIsland({
  tourId,
  dateId,
  embed,
  ctx,
  first,
}: CheckoutIslandProps & { ctx: SiteRenderContext }) {
  const text = siteText(ctx.lang);
  const lang = ctx.lang === 'ru' ? 'ru' : 'en';
  const given = first?.options ?? null;
  const [options, setOptions] = useState<CheckoutOptions | null>(given);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [date, setDate] = useState<number | null>(first ? first.date_id : dateId);
  const [counts, setCounts] = useState<Record<number, number>>(() =>
    Object.fromEntries((first?.travellers ?? []).map((t) => [t.category_id, t.count])),
  );
  const [extras, setExtras] = useState<Record<number, boolean>>({});
  const [promo, setPromo] = useState('');
  const [pricing, setPricing] = useState<CheckoutPricing | null>(first?.pricing ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>('choose');
  const [hold, setHold] = useState<CheckoutHold | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [done, setDone] = useState<CheckoutConfirmResponse | null>(null);
  const key = useRef(newKey());
  const lastExtend = useRef(0);
  /** the contact an abandoned checkout's link brings back; the e-mail last kept on the hold */
  const [initialContact, setInitialContact] = useState<{ name: string; email: string } | null>(null);
  const keptEmail = useRef('');
  const postToHost = useEmbed(embed?.parentOrigin);
  // links leave the widget's frame for a tab of their own
  const away = embed ? { target: '_blank', rel: 'noopener' } : {};

  // the tour's departures, prices and extras when the server did not render them
  useEffect(() => {
    if (given) return;
    void fetch(`${checkoutRoutes.options.path}?tour_id=${tourId}`)
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const o = (await res.json()) as CheckoutOptions;
        setOptions(o);
        setDate((d) => firstDate(o, d));
        setCounts(firstCounts(o));
      })
      .catch(() => setLoadError(text.t('checkoutFailed')));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tourId]);

  // an abandoned checkout's link (?recover=): the same choice held again, the contact filled in
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('recover');
    if (!token) return;
    void postJson<CheckoutRecoverResponse>(checkoutRoutes.recover.path, { token, language: lang }).then((r) => {
      // the link is used: a reload starts a plain checkout
      const url = new URL(window.location.href);
      url.searchParams.delete('recover');
      window.history.replaceState(window.history.state, '', url.toString());
      if (!r.ok) return setError(errorText(r.error, text));
      const c = r.data.choice;
      setDate(c.tour_date_id);
      setCounts(Object.fromEntries(c.travellers.map((t) => [t.category_id, t.count])));
      setExtras(Object.fromEntries(c.extras.map((e) => [e.extra_id, true])));
      setPromo(c.promo_code ?? '');
      setInitialContact(r.data.contact);
      keptEmail.current = r.data.contact.email;
      lastExtend.current = Date.now();
      setHold(r.data.hold);
      setPricing(r.data.hold.pricing);
      setNow(Date.now());
      setStep('contact');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A valid e-mail left on the hold: an abandoned checkout gets one message about it (issue 27). */
  const keepContact = (email: string, name: string) => {
    if (!hold || keptEmail.current === email) return;
    keptEmail.current = email;
    void postJson(checkoutRoutes.contact.path, { token: hold.token, email, name });
  };

  const choice = useCallback(
    () => ({
      tour_id: tourId,
      tour_date_id: date,
      travellers: Object.entries(counts).map(([id, count]) => ({ category_id: Number(id), count })),
      extras: Object.entries(extras)
        .filter(([, on]) => on)
        .map(([id]) => ({ extra_id: Number(id), quantity: 1 })),
      promo_code: promo.trim() || null,
    }),
    [tourId, date, counts, extras, promo],
  );

  // the server's price of the choice, as it changes
  useEffect(() => {
    if (!options || date === null || step !== 'choose') return;
    // nobody counted yet (a count being typed): nothing to price
    if (!Object.values(counts).some((n) => n > 0)) return;
    const timer = setTimeout(() => {
      void postJson<{ pricing: CheckoutPricing }>(checkoutRoutes.quote.path, choice()).then((r) => {
        if (r.ok) {
          setPricing(r.data.pricing);
          setError(null);
        } else {
          setPricing(null);
          setError(errorText(r.error, text));
        }
      });
    }, 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options, date, counts, extras, promo, step]);

  // the countdown
  useEffect(() => {
    if (!hold || step !== 'contact') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [hold, step]);

  // leaving the page gives the places back at once
  useEffect(() => {
    if (!hold || step !== 'contact') return;
    const release = () =>
      void fetch(checkoutRoutes.release.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: hold.token }),
        keepalive: true,
      }).catch(() => undefined);
    window.addEventListener('pagehide', release);
    return () => window.removeEventListener('pagehide', release);
  }, [hold, step]);

  const left = hold ? Date.parse(hold.expires_at) - now : 0;
  const expired = step === 'contact' && hold !== null && left <= 0;

  /** Typing is activity: the hold is extended, at most once a minute. */
  const touch = () => {
    if (!hold || Date.now() - lastExtend.current < 60_000) return;
    lastExtend.current = Date.now();
    void postJson<{ expires_at: string; max_expires_at: string }>(checkoutRoutes.extend.path, {
      token: hold.token,
    }).then((r) => {
      if (r.ok) setHold({ ...hold, expires_at: r.data.expires_at });
    });
  };

  const takeHold = async () => {
    setBusy(true);
    setError(null);
    const r = await postJson<CheckoutHold>(checkoutRoutes.hold.path, { ...choice(), language: lang });
    setBusy(false);
    if (!r.ok) return setError(errorText(r.error, text));
    lastExtend.current = Date.now();
    setHold(r.data);
    setPricing(r.data.pricing);
    setNow(Date.now());
    setStep('contact');
  };

  const confirm = async (values: CheckoutContactValues & { documents_accepted: boolean }) => {
    if (!hold || !pricing) return;
    setBusy(true);
    setError(null);
    const r = await postJson<CheckoutConfirmResponse>(checkoutRoutes.confirm.path, {
      token: hold.token,
      ...values,
      total: pricing.total,
      idempotency_key: key.current,
      language: lang,
    });
    setBusy(false);
    if (!r.ok) {
      setFieldErrors(r.error.errors ?? {});
      return setError(errorText(r.error, text));
    }
    setDone(r.data);
    setStep('done');
    postToHost({ type: 'tourdesk:booked', request_id: r.data.request_id, instant: r.data.instant });
  };

  const back = () => {
    if (hold) void postJson(checkoutRoutes.release.path, { token: hold.token });
    setHold(null);
    setStep('choose');
  };

  if (loadError)
    return (
      <p role="alert" className="site-field-error">
        {loadError}
      </p>
    );
  if (!options)
    return (
      <p className="site-muted" aria-live="polite">
        {text.t('checkoutLoading')}
      </p>
    );

  if (step === 'done' && done) return <CheckoutDone done={done} text={text} lang={lang} away={away} />;

  const departure = options.departures.find((d) => d.id === date) ?? null;
  // the price shown: none while nobody is counted (no quote is asked then)
  const counted = Object.values(counts).some((n) => n > 0);
  const shown = step === 'contact' || counted ? pricing : null;
  const currency = options.tour.currency;
  const optionalExtras = options.extras.filter((e) => !e.is_mandatory);

  return (
    <div className="flex flex-col gap-5" data-testid="checkout">
      {step === 'choose' ? (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">{text.t('bookingDate')}</legend>
            {options.departures.length === 0 ? <p className="site-muted">{text.t('noDepartures')}</p> : null}
            {options.departures.map((d) => (
              <label key={d.id} className={`site-card flex items-center gap-3 p-3 ${d.bookable ? '' : 'opacity-60'}`}>
                <input
                  type="radio"
                  name="checkout-date"
                  value={d.id}
                  checked={date === d.id}
                  disabled={!d.bookable}
                  onChange={() => setDate(d.id)}
                />
                <span className="flex flex-1 flex-col">
                  <span>
                    {dateRange(text, d)}
                    {d.time_start ? <span className="site-muted">, {d.time_start}</span> : null}
                    {d.variant ? <span className="site-muted"> · {d.variant}</span> : null}
                  </span>
                  {d.not_guaranteed || d.flight_included ? (
                    <span className="site-muted text-sm">
                      {[
                        d.flight_included ? text.t('flightIncluded') : '',
                        d.not_guaranteed ? text.t('notGuaranteed') : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  ) : null}
                </span>
                <span className="site-muted text-sm">
                  {d.bookable
                    ? text.plural('seats', d.free_seats)
                    : text.t(d.reason === 'sold_out' ? 'noSeats' : 'checkoutClosed')}
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">{text.t('checkoutTravellers')}</legend>
            {options.categories.map((c) => {
              const price = departure?.prices.find((p) => p.category_id === c.id)?.unit_price;
              const name = lang === 'ru' ? c.name_ru : c.name_en;
              return (
                <div key={c.id} className="flex items-center justify-between gap-3">
                  <label htmlFor={`checkout-cat-${c.id}`}>
                    {name}
                    {price !== undefined ? (
                      <span className="site-muted text-sm"> · {text.money(price, currency)}</span>
                    ) : null}
                  </label>
                  <input
                    id={`checkout-cat-${c.id}`}
                    className="site-input w-20"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={20}
                    value={counts[c.id] ?? 0}
                    onChange={(e) =>
                      setCounts({ ...counts, [c.id]: Math.max(0, Math.min(20, Number(e.target.value) || 0)) })
                    }
                  />
                </div>
              );
            })}
          </fieldset>
          {optionalExtras.length > 0 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">{text.t('checkoutExtras')}</legend>
              {optionalExtras.map((e) => (
                <label key={e.id} className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    checked={extras[e.id] === true}
                    onChange={(ev) => setExtras({ ...extras, [e.id]: ev.target.checked })}
                  />
                  <span>
                    {lang === 'ru' ? e.name_ru : e.name_en}
                    <span className="site-muted text-sm"> · {text.money(e.price, currency)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="flex flex-col gap-1">
            <label htmlFor="checkout-promo" className="font-semibold">
              {text.t('checkoutPromo')}
            </label>
            <input
              id="checkout-promo"
              className="site-input"
              value={promo}
              maxLength={32}
              autoComplete="off"
              onChange={(e) => setPromo(e.target.value)}
            />
          </div>
        </>
      ) : (
        <div className="site-card flex flex-col gap-1 p-4">
          <p className="font-semibold">{departure ? dateRange(text, departure) : ''}</p>
          <p
            role="timer"
            aria-live="off"
            data-testid="checkout-countdown"
            className={expired ? 'site-field-error' : ''}
          >
            {expired ? text.t('checkoutExpired') : text.t('checkoutHeldFor', { time: clock(left) })}
          </p>
          <button type="button" className="self-start text-sm underline" onClick={back}>
            {text.t('checkoutChange')}
          </button>
        </div>
      )}
      {shown ? <CheckoutPrice shown={shown} text={text} lang={lang} currency={currency} /> : null}
      {error ? (
        <p role="alert" className="site-field-error">
          {error}
        </p>
      ) : null}
      {step === 'choose' ? (
        <button
          type="button"
          className="site-btn self-start"
          disabled={busy || !shown || date === null}
          onClick={() => void takeHold()}
        >
          {text.t('checkoutContinue')}
        </button>
      ) : (
        <Suspense fallback={<p className="site-muted">{text.t('checkoutLoading')}</p>}>
          <CheckoutContact
            ctx={ctx}
            people={hold?.pricing.tourists_count ?? 1}
            busy={busy}
            expired={expired}
            submitLabel={options.tour.instant_booking ? text.t('checkoutBook') : text.t('checkoutRequest')}
            errors={fieldErrors}
            onTouch={touch}
            initial={initialContact}
            onEmail={keepContact}
            onSubmit={(values) => void confirm(values)}
          />
        </Suspense>
      )}
    </div>
  );
}
