import { useEffect } from 'react';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner, toast } from '@tourdesk/ui';
import type { Session } from '../session';
import { homePathFor } from '../route-meta';
import { parseRedirectQuery } from '../redirect-query';

/** /redirect (no layout): forwards to `?to=` (same-origin /org paths only), else to the active organizer's bookings. */
export function RedirectPage() {
  const { t } = useTranslation();
  const session = useLoaderData() as Session | null;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const target = parseRedirectQuery(params.get('to'));
    if (target.kind === 'illegal') toast.error(t('errors.illegalRedirect'));
    void navigate(target.kind === 'path' ? target.path : homePathFor(session?.organizers ?? []), { replace: true });
  }, [navigate, params, session, t]);
  return (
    <main className="flex min-h-dvh items-center justify-center text-primary-600">
      <Spinner label={t('app.loading')} />
    </main>
  );
}
