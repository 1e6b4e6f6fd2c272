import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COOKIE_NAMES } from '@tourdesk/contract/constants';
import type { User } from '@tourdesk/contract/entities/user';
import { profileQueryOptions } from '../features/auth/api/get-profile';
import { userKeys } from '../features/auth/api/user-keys';
import { api } from '../lib/api/client';
import { getCookie } from '../lib/cookies';
import {
  finishRequestedSite,
  noteRequestedSiteAtLoad,
  takeRequestedSite,
} from '../features/organizer/components/partner-site-request';

// The modals load only when one is due: the sign-in screen never pays for them.
const PhoneConfirmModal = lazy(() =>
  import('../features/account/components/phone-confirm-modal').then((m) => ({ default: m.PhoneConfirmModal })),
);
const PhoneChangeModal = lazy(() =>
  import('../features/account/components/phone-change-modal').then((m) => ({ default: m.PhoneChangeModal })),
);
const loadSignPartnership = () =>
  import('../features/organizer/components/sign-partnership-startup').then((m) => ({
    default: m.SignPartnershipStartup,
  }));
// The partner-site cookie lives 1 s: with a session it is noted as the signed-in shell loads,
// and the sign-partnership screens are fetched at once only when a partner marketplace asked
// for one; a guest (the sign-in screen) reads nothing.
if (typeof window !== 'undefined' && api.hasToken() && noteRequestedSiteAtLoad() !== null) void loadSignPartnership();
const SignPartnershipStartup = lazy(loadSignPartnership);

/** Takes the partner marketplace's request once signed in; without one nothing more loads. */
function PartnershipStartup({ enabled, onDone }: { enabled: boolean; onDone: () => void }) {
  const [requestedSiteId] = useState(takeRequestedSite);
  if (requestedSiteId === null) return null;
  return (
    <Suspense fallback={null}>
      <SignPartnershipStartup requestedSiteId={requestedSiteId} enabled={enabled} onDone={onDone} />
    </Suspense>
  );
}
const EmailPasswordSetupModal = lazy(() =>
  import('../features/account/components/email-password-setup-modal').then((m) => ({
    default: m.EmailPasswordSetupModal,
  })),
);

export type StartupModal = 'phoneConfirm' | 'emailPassword' | 'signPartnership';

export interface StartupState {
  user: Pick<User, 'is_phone_confirm' | 'is_password_set' | 'is_email_set'> | null | undefined;
  /** the one-day cookie set by every close of the phone prompt */
  phonePromptSuppressed: boolean;
}

/**
 * SPEC §4 start-up persistent modals, one at a time, in this order: the phone-confirm prompt
 * (logged in, phone unconfirmed, no suppression cookie), the e-mail and password dialog
 * (password or e-mail not set), then the sign-partnership modal, which decides its own
 * conditions (requested site, route, active organizer) once nothing else is open.
 */
export const pickStartupModal = ({ user, phonePromptSuppressed }: StartupState): StartupModal | null => {
  if (!user) return null;
  if (!user.is_phone_confirm && !phonePromptSuppressed) return 'phoneConfirm';
  if (!user.is_password_set || !user.is_email_set) return 'emailPassword';
  return 'signPartnership';
};

const isPhonePromptSuppressed = (): boolean => getCookie(COOKIE_NAMES.phoneConfirmSuppressed) !== null;

/** Mounted once for the whole app; shows nothing for a guest. */
export function StartupModals() {
  useLocation();
  const queryClient = useQueryClient();
  const { data: user } = useQuery({ ...profileQueryOptions(), enabled: api.hasToken() });
  // Read on every render (each navigation re-renders): the cookie may be set or expire meanwhile.
  const [, setClosedCount] = useState(0);
  const suppressed = isPhonePromptSuppressed();
  const [changingPhone, setChangingPhone] = useState(false);
  const [partnershipDone, setPartnershipDone] = useState(false);
  const signedIn = api.hasToken() && user !== undefined;
  const active = pickStartupModal({ user: signedIn ? user : null, phonePromptSuppressed: suppressed });

  // X-Currency follows the user's currency (SPEC §7).
  useEffect(() => {
    if (user?.currency) api.setCurrencyGetter(() => user.currency);
  }, [user?.currency]);

  const refreshUser = () => queryClient.invalidateQueries({ queryKey: userKeys.profile() });

  if (!signedIn || !user) return null;
  return (
    <>
      <Suspense fallback={null}>
        {active === 'phoneConfirm' && (
          <>
            <PhoneConfirmModal
              open={!changingPhone}
              phone={user.phone}
              onClose={() => setClosedCount((n) => n + 1)}
              onConfirmed={refreshUser}
              onChangePhone={() => setChangingPhone(true)}
            />
            <PhoneChangeModal
              open={changingPhone}
              phone={user.phone}
              onClose={() => setChangingPhone(false)}
              onChanged={refreshUser}
            />
          </>
        )}
        {active === 'emailPassword' && <EmailPasswordSetupModal open user={user} onDone={refreshUser} />}
      </Suspense>
      {!partnershipDone && (
        <PartnershipStartup
          enabled={active === 'signPartnership'}
          onDone={() => {
            finishRequestedSite();
            setPartnershipDone(true);
          }}
        />
      )}
    </>
  );
}
