import { dateRange } from './cards';
import { CheckoutIsland } from './checkout';
import { siteText } from './i18n';
import { Island } from './island';
import { withLang, type SiteBooking, type SiteRenderContext } from './types';

/**
 * The booking page of a tour and departure ("crm booking" links lead here): the checkout (issue
 * 27, an island: departure, travellers, extras, promo → hold with a countdown → contact → booked),
 * and below it a plain form that posts to the site itself, so it works without JavaScript: it
 * starts a chat with the organizer; the traveller goes on to that chat.
 */
export function BookingPage({ ctx, booking }: { ctx: SiteRenderContext; booking: SiteBooking }) {
  const text = siteText(ctx.lang);
  const { tour, date, embed } = booking;
  const first = booking.checkout ?? null;
  return (
    <section className={embed ? 'site-block site-embed' : 'site-block'}>
      <div className="site-container flex max-w-2xl flex-col gap-6">
        <h1 className="site-h1">{text.t('bookingTitle')}</h1>
        {/* with a tour the checkout leads (the chat form below is for a question first) */}
        <p className="site-lead">{text.t(tour ? 'checkoutLead' : 'bookingLead')}</p>
        {tour ? (
          <dl className="site-card grid gap-2 p-4 sm:grid-cols-[auto_1fr]">
            <dt className="site-muted">{text.t('bookingTour')}</dt>
            <dd className="font-semibold">{tour.name}</dd>
            {date ? (
              <>
                <dt className="site-muted">{text.t('bookingDate')}</dt>
                <dd>{`${dateRange(text, date)} · ${text.money(date.price, date.currency)}`}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {tour ? (
          <Island name="checkout" props={{ tourId: tour.id, dateId: date?.id ?? null, embed, first }} ctx={ctx}>
            <CheckoutIsland tourId={tour.id} dateId={date?.id ?? null} embed={embed} first={first} ctx={ctx} />
          </Island>
        ) : null}
        {/* in the widget's frame the checkout is all: a question goes through the site itself */}
        {tour && embed ? null : <BookingChatForm ctx={ctx} booking={booking} />}
      </div>
    </section>
  );
}

/** The plain form (without JavaScript too): a question to the organizer, a chat with them. */
function BookingChatForm({ ctx, booking }: { ctx: SiteRenderContext; booking: SiteBooking }) {
  const text = siteText(ctx.lang);
  const { tour, date, values, errors } = booking;
  const field = (name: 'name' | 'email' | 'message') => {
    const error = errors[name];
    return {
      id: `booking-${name}`,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `booking-${name}-error` : name === 'message' ? 'booking-message-hint' : undefined,
      className: 'site-input',
    } as const;
  };
  const errorOf = (name: 'name' | 'email' | 'message') =>
    errors[name] ? (
      <p id={`booking-${name}-error`} className="site-field-error">
        {text.t(errors[name])}
      </p>
    ) : null;
  return (
    <>
      {tour ? <h2 className="site-h2">{text.t('checkoutQuestion')}</h2> : null}
      {errors.form ? (
        <p role="alert" className="site-field-error">
          {text.t(errors.form)}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p role="alert" className="site-field-error">
          {text.t('errorForm')}
        </p>
      ) : null}
      <form
        method="post"
        action={withLang(ctx.bookingHref(tour?.id ?? null, date?.id ?? null), ctx)}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="booking-name" className="font-semibold">
            {text.t('yourName')}
          </label>
          <input
            {...field('name')}
            type="text"
            autoComplete="name"
            maxLength={100}
            required
            defaultValue={values.name}
          />
          {errorOf('name')}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="booking-email" className="font-semibold">
            {text.t('yourEmail')}
          </label>
          <input
            {...field('email')}
            type="email"
            autoComplete="email"
            maxLength={254}
            required
            defaultValue={values.email}
          />
          {errorOf('email')}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="booking-message" className="font-semibold">
            {text.t('yourMessage')}
          </label>
          <textarea {...field('message')} rows={5} maxLength={4000} required defaultValue={values.message} />
          <p id="booking-message-hint" className="site-muted text-sm">
            {text.t('bookingMessageHint')}
          </p>
          {errorOf('message')}
        </div>
        <div>
          <button type="submit" className="site-btn">
            {text.t('sendRequest')}
          </button>
        </div>
      </form>
    </>
  );
}
