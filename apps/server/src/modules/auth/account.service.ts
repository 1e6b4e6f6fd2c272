import { userChannel } from '@tourdesk/contract';
import type { RealtimeHandlers } from '../realtime';
import { createAccountKit, type AccountDeps } from './account-kit';
import { createAccountPhone } from './account-phone.service';
import { createAccountProfile } from './account-profile.service';
import { createAccountSignIn } from './account-sign-in.service';

export type { AccountDeps } from './account-kit';

/**
 * The account service: sign-in and registration, the account's settings, its phone confirmation,
 * each a part of its own sharing one kit (the send countdown, the answer floor).
 */
export const createAccountService = (deps: AccountDeps) => {
  const parts = { ...deps, kit: createAccountKit(deps) };
  return { ...createAccountSignIn(parts), ...createAccountProfile(parts), ...createAccountPhone(parts) };
};
export type AccountService = ReturnType<typeof createAccountService>;

/** The user's open tabs hear their phone was confirmed (SPEC §4; the phone dialog closes). */
export const accountRealtime: RealtimeHandlers = {
  'user.phone_confirmed': (event, _tx, tell) =>
    tell(userChannel(event.payload.user_id), 'crm_user_phone_was_confirmed', { user_id: event.payload.user_id }),
};
