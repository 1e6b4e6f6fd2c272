import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { Spinner } from '@tourdesk/ui';
import { HelpForm } from '../../features/help';
import { profileQueryOptions } from '../../features/auth/api/get-profile';
import { organizerListQueryOptions } from '../../features/organizer/api/get-organizer-list';
import { api } from '../../lib/api/client';

/**
 * /help (boxed, for everyone): the help request. A guest's is e-mailed to support; a member's goes
 * into its organizer's support chat (`?org=` names which, else the first). `?from=` is the page the
 * person came from (a public site's "Report a problem" link), sent along.
 */
export function HelpPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const signedIn = api.hasToken();
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn, retry: false });
  const organizers = useQuery({ ...organizerListQueryOptions(), enabled: signedIn, retry: false });
  const waiting = signedIn && (profile.isPending || organizers.isPending) && !profile.isError;
  const asked = Number(params.get('org'));
  const organizerId = organizers.data?.find((o) => o.id === asked)?.id ?? organizers.data?.[0]?.id ?? null;
  const user = profile.data;
  const who = user
    ? {
        name: [user.first_name, user.last_name].filter(Boolean).join(' '),
        email: user.email ?? '',
        organizerId,
      }
    : null;
  const from = params.get('from');
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('help.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{who?.organizerId ? t('help.textMember') : t('help.text')}</p>
      </div>
      {waiting ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('help.loading')} />
        </div>
      ) : (
        <HelpForm key={user?.id ?? 0} who={who} page={from ?? (document.referrer || null)} />
      )}
      <Link
        to="/"
        className="inline-flex items-center justify-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft size={15} aria-hidden="true" />
        {signedIn ? t('help.back') : t('help.backToSignIn')}
      </Link>
    </div>
  );
}
