/**
 * Texts of bookings (requests, tourists, the questionnaire, seats) and of money (invoices,
 * payments): design, SPEC §8 "not shown". Part of MESSAGE_TEXTS (./messages.ts).
 */
export const BOOKING_MESSAGES = {
  request_not_found: 'Request not found',
  /** issue 29: a check-in on a request canceled meanwhile (e.g. while the guide was offline) */
  checkin_request_canceled: 'This request was canceled: its travellers cannot be checked in',
  /** issue 29: a check-in for a place the request does not have, or a request not on this departure */
  checkin_place_not_found: 'No such traveller on this departure',
  /** an illegal status change; from and to are the statuses' numbers (the web names them) */
  request_status_illegal: 'A request in status {from} cannot move to status {to}',
  request_canceled: 'The request is canceled',
  not_enough_seats: 'Not enough free seats: {free} left on this departure',
  /** issue 29: the provider canceled the whole departure; it is not for sale */
  departure_canceled: 'This departure is canceled',
  departure_not_of_tour: 'Choose a departure of this tour',
  departure_started: 'This departure has already started',
  request_needs_departure: 'Choose a departure',
  request_individual_only: 'Only a request for an individual tour has its own dates',
  request_not_individual: 'This request is for a departure, not an individual tour',
  tourist_not_found: 'Tourist not found',
  tourists_over_count: 'The request is for {count} tourist(s); raise the number first',
  birthday_in_future: 'The birthday cannot be in the future',
  questionnaire_not_found: 'This link is no longer valid',
  questionnaire_closed: 'The trip is over or canceled: the questionnaire is closed',
  hold_not_active: 'The request holds no seats',
  request_closed: 'The trip is over or the request is canceled: it cannot be changed',
  tourists_count_below_listed: 'At least {count}: that many tourists are listed',
  meet_data_not_confirmed: 'Meeting details can be sent once the request is confirmed, and not after it is canceled',
  meet_data_email_unknown: 'Choose among the e-mails of the customer and the tourists',
  /** an individual tour's dates before the organizer's today */
  date_in_past: 'The date cannot be in the past',
  /** `{seconds}` until another send of the same request is taken (MEET_DATA_RESEND_SECONDS) */
  meet_data_sent_recently: 'The meeting details have just been sent; you can send them again in {seconds} s',
  traveller_message_not_found: 'Message not found',
  /** send again: the request has no invoice, payment, meeting details… of that kind (yet) */
  traveller_message_nothing_to_send: 'This request has nothing of this kind to send yet',
  traveller_message_no_recipient: 'The request has no e-mail or linked messenger to send it to',
} as const;

export const PAYMENT_MESSAGES = {
  invoice_not_found: 'Invoice not found',
  invoice_not_editable: 'A paid or canceled invoice cannot be changed',
  invoice_over_balance: 'More than is left to pay ({balance})',
  amount_positive: 'Must be more than 0',
  payment_not_found: 'Payment not found',
  payment_failed: 'The payment did not go through',
  payment_provider_unavailable: 'The payment service did not answer; try again in a minute',
  refund_over_paid: 'At most {amount} can be refunded',
  request_nothing_to_pay: 'Nothing is left to pay on this request',
  invoice_request_closed: 'The request is canceled or its tour is over: it takes no new invoices',
  invoice_prepayment_exists: 'The request already has a prepayment invoice',
  payment_not_refundable: 'Only a succeeded payment can be refunded',
  /** the pay page was opened before the invoice's amount changed: `{amount}` is the new one */
  invoice_amount_changed: 'The amount to pay has changed to {amount}: check it and pay again',
  /** the organizer's own YooKassa account (issue 27) */
  payment_account_shop_id_invalid: 'The shop ID is digits only (YooKassa: Integration → API keys)',
  payment_account_secret_invalid: 'The secret key starts with live_ or test_',
  payment_account_rejected: 'YooKassa did not accept this shop ID and secret key',
  payment_account_shop_mismatch: 'This secret key belongs to another YooKassa shop',
  payment_account_not_found: 'No payment account is connected',
} as const;

/** Prices (issue 26): traveller categories, extras, promo codes, changing a booking. */
export const PRICE_MESSAGES = {
  category_ages_empty: 'The age range is empty: “from” is above “to”',
  category_ages_overlap: 'The ages overlap with another category',
  category_adult_required: 'A tour always has exactly one adult category',
  category_adult_base: 'The adult category costs the departure’s price',
  category_min_over_max: 'The minimum is above the maximum',
  category_not_of_tour: 'Choose a traveller category of this tour',
  category_count_below_min: 'At least {min} per booking',
  category_count_over_max: 'At most {max} per booking',
  booking_needs_traveller: 'A booking needs at least one traveller taking a seat',
  booking_not_priced: 'A request without a tour departure has no categories or extras',
  extra_not_of_tour: 'Choose an extra of this tour',
  extra_out_of_stock: 'Not enough left: {free} for this departure',
  extra_over_travellers: 'At most {count}: one per traveller',
  extra_name_required: 'Name the extra in English or Russian',
  booking_change_by_category:
    'This booking has traveller categories, extras or a promo code: change it by its travellers per category',
  category_tourists_over: 'The booking has {count} traveller(s) of this category: change the booking first',
  adjustment_over_total: 'The discounts take off more than the price',
  promo_code_not_found: 'Promo code not found',
  promo_code_taken: 'This code already exists',
  promo_code_unknown: 'No such promo code',
  promo_code_used_up: 'This promo code has been used up',
  promo_code_expired: 'This promo code is not valid on this date',
  promo_code_other_tour: 'This promo code is not for this tour',
  promo_code_used_by_email: 'This promo code has already been used for this e-mail',
  promo_percent_over_100: 'A percent is at most 100',
} as const;
