import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Spinner, buttonClassName, toast } from '@tourdesk/ui';
import { MailCheck, MailQuestion, MailX } from 'lucide-react';
import { useConfirmEmail } from '../../features/auth/api/confirm-email';
import { useProfile } from '../../features/auth/api/get-profile';
import { useEmailConfirmationRequest } from '../../features/auth/api/email-confirmation-request';
import { toastApiError } from '../../lib/form-errors';
import { QueryErrorState } from '../../components/query-error-state';

/**
 * /email-confirm?token=… (authOnly): confirm-email with the token from the link. Without a token
 * (or with a used one) it says where the account's e-mail stands: confirmed, waiting for its
 * link (with a new one on request), or not set yet.
 */
export function EmailConfirmPage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const again = useEmailConfirmationRequest();
  const profile = useProfile();
  const user = profile.data;
  const { mutate } = confirm;
  const started = useRef(false);

  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  const icon = (Icon: typeof MailCheck, tone: 'success' | 'danger' | 'neutral') => (
    <span
      className={
        tone === 'success'
          ? 'flex size-16 items-center justify-center rounded-2xl bg-success-50 text-success-600 ring-1 ring-success-100'
          : tone === 'danger'
            ? 'flex size-16 items-center justify-center rounded-2xl bg-danger-50 text-danger-600 ring-1 ring-danger-100'
            : 'flex size-16 items-center justify-center rounded-2xl bg-primary-50 text-primary-600 ring-1 ring-primary-100'
      }
    >
      <Icon size={28} strokeWidth={1.75} aria-hidden="true" />
    </span>
  );

  const sendAgain = (
    <Button
      size="lg"
      loading={again.isPending}
      disabled={again.isSuccess}
      onClick={() =>
        again.mutate(undefined, {
          onSuccess: () => toast.success(t('emailConfirm.sentAgain')),
          onError: (error) => toastApiError(error, tc),
        })
      }
    >
      {again.isSuccess ? t('emailConfirm.sentAgain') : t('emailConfirm.sendAgain')}
    </Button>
  );
  const toHome = (
    <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
      {t('emailConfirm.continue')}
    </Link>
  );
  // no link to check, or the link failed while the e-mail is confirmed anyway (an old link clicked again)
  const showAccount = token === '' || (confirm.isError && user?.is_email_confirm === true);

  let body;
  if (confirm.isSuccess) {
    body = (
      <div role="status">
        <EmptyState
          icon={icon(MailCheck, 'success')}
          title={<span className="block text-xl">{t('emailConfirm.success')}</span>}
          text={t('emailConfirm.successText', { email: confirm.data.email ?? '' })}
          action={toHome}
        />
      </div>
    );
  } else if (showAccount && !user) {
    body = profile.isError ? (
      <QueryErrorState error={profile.error} onRetry={() => void profile.refetch()} />
    ) : (
      <div className="flex justify-center py-10 text-primary-600">
        <Spinner label={tc('app.loading')} />
      </div>
    );
  } else if (showAccount && user?.is_email_confirm) {
    body = (
      <div role="status">
        <EmptyState
          icon={icon(MailCheck, 'success')}
          title={<span className="block text-xl">{t('emailConfirm.success')}</span>}
          text={t('emailConfirm.confirmedText', { email: user.email ?? '' })}
          action={toHome}
        />
      </div>
    );
  } else if (showAccount && user && (!user.is_email_set || !user.email)) {
    body = (
      <div role="status">
        <EmptyState
          icon={icon(MailQuestion, 'neutral')}
          title={<span className="block text-xl">{t('emailConfirm.notSet')}</span>}
          text={t('emailConfirm.notSetText')}
          action={
            <Link to="/profile" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
              {t('emailConfirm.toProfile')}
            </Link>
          }
        />
      </div>
    );
  } else if (token === '' && user) {
    body = (
      <div role="status">
        <EmptyState
          icon={icon(MailQuestion, 'neutral')}
          title={<span className="block text-xl">{t('emailConfirm.pending')}</span>}
          text={t('emailConfirm.pendingText', { email: user.email ?? '' })}
          action={sendAgain}
        />
      </div>
    );
  } else if (confirm.isError) {
    body = (
      <div role="alert">
        <EmptyState
          icon={icon(MailX, 'danger')}
          title={<span className="block text-xl">{t('emailConfirm.failure')}</span>}
          text={t('errors:invalid_link')}
          action={sendAgain}
        />
      </div>
    );
  } else {
    body = (
      <div className="flex justify-center py-10 text-primary-600">
        <Spinner label={t('emailConfirm.checking')} />
      </div>
    );
  }

  return (
    <Card className="mx-auto max-w-xl py-10">
      <h1 className="sr-only">{t('emailConfirm.title')}</h1>
      {body}
    </Card>
  );
}
