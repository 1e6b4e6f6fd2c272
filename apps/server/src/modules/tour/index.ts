/** The tour module's public face: what other modules may use of it. */
export { toTourDate } from './tour-date.service';
export type { TourModerationService } from './tour-moderation.service';
export { htmlToText } from './tour-program.pdf';
