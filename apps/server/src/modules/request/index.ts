/** The request module's public face: what other modules may use of it. */
export { lockRequest, releaseSeats } from './request-seats';
export { moveStatus } from './request-status';
export { departureStarted } from './request-dates';
