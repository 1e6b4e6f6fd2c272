/** The team feature (issue 29): the Team tab, the invitation page, what the caller's role may do. */
export { TeamTab } from './team-tab';
export { InvitePage } from './invite-page';
export { useCan, useRole } from './use-can';
