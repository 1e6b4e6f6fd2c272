/** The organizer module's public face: what other modules may use of it. */
export { isOperatorToken } from './operator-token';
export type { OrganizerService } from './organizer.service';
