import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, toast } from '@tourdesk/ui';
import { Users } from 'lucide-react';
import { BASE_PATH } from '@tourdesk/contract/constants';
import { useProfile } from '../auth';
import { api } from '../../lib/api/client';
import { apiErrorText } from '../../lib/form-errors';
import { useAcceptInvitation, useInvitationPreview } from './team-api';

/** The account that would join (its e-mail must be the invited one). */
function SignedInAs() {
  const profile = useProfile();
  return profile.data?.email ? <p className="text-xs text-neutral-500">{profile.data.email}</p> : null;
}

/**
 * /invite/:token (public, boxed; issue 29): what the link invites to — organizer, role, invited
 * e-mail. A guest signs in or signs up and comes back here (`?redirect=`); a signed-in account
 * joins with one button and lands in the organizer. The server refuses another e-mail, a used,
 * expired or revoked link, and an account that is a member already, with a clear text.
 */
export function InvitePage() {
  const { t } = useTranslation('organizer', { keyPrefix: 'invitation' });
  const { t: tt } = useTranslation('organizer', { keyPrefix: 'team' });
  const { t: te } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = api.hasToken();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const back = encodeURIComponent(`${BASE_PATH}/invite/${token}`);
  const inv = preview.data;

  const join = () =>
    accept.mutate(token, {
      onSuccess: (res) => {
        toast.success(t('joined', { organizer: inv?.organizer_name ?? '' }));
        void navigate(`/${res.organizer_id}/dashboard`, { replace: true });
      },
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          <Users size={20} aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('title')}</h1>
      </div>
      {preview.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : preview.isError || !inv ? (
        <div role="alert" className="flex flex-col gap-2">
          <p className="font-medium text-neutral-900">{t('invalid')}</p>
          <p className="text-sm text-neutral-600">{apiErrorText(preview.error, te)}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <p className="text-neutral-800">
              {t('text', { organizer: inv.organizer_name, role: tt(`roles.${inv.role}`).toLowerCase() })}
            </p>
            <p className="text-sm text-neutral-600 first-letter:uppercase">{tt(`roleHints.${inv.role}`)}</p>
            <p className="text-sm text-neutral-600">{t('for', { email: inv.email })}</p>
          </div>
          {signedIn ? (
            <div className="flex flex-col gap-3">
              <SignedInAs />
              <Button onClick={join} loading={accept.isPending}>
                {t('join')}
              </Button>
              {accept.isError && (
                <p role="alert" className="text-sm text-danger-700">
                  {apiErrorText(accept.error, te)}
                </p>
              )}
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-neutral-600">{t('signedOut', { email: inv.email })}</p>
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link to={`/register?redirect=${back}`}>{t('signUp')}</Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link to={`/login?redirect=${back}`}>{t('signIn')}</Link>
                </Button>
              </div>
            </div>
          )}
        </>
      )}
      {signedIn && (
        <Link to="/" className="text-center text-sm font-medium text-primary-700 hover:underline">
          {t('home')}
        </Link>
      )}
    </div>
  );
}
