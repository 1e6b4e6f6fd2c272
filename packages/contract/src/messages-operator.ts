/**
 * Texts of the operator console (issue 30). Part of MESSAGE_TEXTS (./messages.ts).
 */
export const OPERATOR_MESSAGES = {
  /** a wrong e-mail or password at the console's sign-in (the same text for an unknown e-mail) */
  operator_invalid_credentials: 'Incorrect e-mail or password',
  /** the second factor: the authenticator app's six digits */
  operator_invalid_totp: 'Incorrect authenticator code',
  /** too many failed sign-ins in a row: the account waits, whatever is typed */
  operator_locked: 'Too many failed attempts: the account is locked for {minutes} minutes',
  /** a deactivated operator account */
  operator_inactive: 'This operator account is deactivated',
  /** a console route without a live operator session */
  operator_session_required: 'Operator sign-in required',
  /** the operator's role does not allow this action */
  operator_role_forbidden: 'Your operator role does not allow this',
  /** a provider's member whose role (issue 29: manager, guide, accountant) does not allow this */
  member_role_forbidden: 'Your role in this organizer does not allow this',
  /** a member changes their own role or removes themselves: another owner does it */
  member_self_change: 'You cannot change your own role or remove yourself',
  /** the change would leave the organizer without an owner */
  member_last_owner: 'An organizer keeps at least one owner',
  member_not_found: 'Member not found',
  /** an invitation link that does not exist, or whose invitation was revoked or re-sent (a new link) */
  invitation_not_found: 'This invitation link is not valid: ask the owner for a new one',
  /** an invitation link older than 7 days */
  invitation_expired: 'This invitation has expired: ask the owner to send it again',
  /** an invitation link used already */
  invitation_used: 'This invitation has already been used',
  /** accepting with an account whose e-mail is not the invited one */
  invitation_email_mismatch: 'This invitation was sent to {email}: sign in with that e-mail to accept it',
  /** the invited e-mail (or the account accepting) is a member of the organizer already */
  invitation_already_member: 'This person is already a member of the team',
  operator_email_taken: 'An operator with this e-mail already exists',
  operator_not_found: 'Operator not found',
  /** the organizer sent no verification document (or it is gone) */
  document_not_found: 'No verification document was sent',
  /** an admin changes their own role or deactivates themselves: another admin does it */
  operator_self_change: 'You cannot change your own role or deactivate yourself',
  /** the queue item was decided meanwhile (another operator, the CLI) */
  queue_item_gone: 'This item is no longer waiting in the queue',
  /** a rejection or a send-back must say why: the provider reads it */
  reason_required: 'Say why: the provider reads it',
} as const;
