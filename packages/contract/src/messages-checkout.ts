/**
 * Texts of the traveller's checkout (issue 27). Part of MESSAGE_TEXTS (./messages.ts).
 */
export const CHECKOUT_MESSAGES = {
  /** a hold token that was never given (or mistyped) */
  checkout_not_found: 'This booking session was not found: start again',
  /** the hold lapsed (or was released): its seats went back */
  checkout_hold_expired: 'Your hold on these places has expired: choose the places again',
  /** the session made its booking already, with another key */
  checkout_already_confirmed: 'This booking has already been made',
  /** an abandoned checkout's link whose places were sold meanwhile */
  checkout_recovery_sold_out: 'These places are no longer free: choose another departure',
  /** the server's total differs from the one the traveller saw */
  checkout_price_changed: 'The price has changed: the total is now {total}. Check it and confirm again',
  /** too late: the tour's booking closes before the start */
  checkout_booking_closed: 'Booking for this departure is closed',
  checkout_group_max: 'At most {max} travellers per booking',
  checkout_group_min: 'At least {min} travellers per booking',
  /** a booking link that was never given (or mistyped) */
  booking_link_not_found: 'This booking link is not valid',
  booking_contract_not_available: 'The contract is available once the organizer confirms the booking',
  /** the booking has nothing left to pay, or is not confirmed yet */
  booking_nothing_to_pay: 'There is nothing to pay for this booking now',
  /** canceled or complete already */
  booking_not_cancelable: 'This booking can no longer be canceled',
  /** the server's penalty differs from the one the traveller saw */
  booking_penalty_changed: 'The cancellation penalty is now {penalty}. Check it and confirm again',
} as const;
