import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Spinner, buttonClassName, toast } from '@tourdesk/ui';
import { MailCheck, MailX } from 'lucide-react';
import { useConfirmEmail } from '../../features/auth/api/confirm-email';
import { useEmailConfirmationRequest } from '../../features/auth/api/email-confirmation-request';
import { showApiError } from '../../lib/form-errors';

/** /email-confirm?token=… (authOnly): confirm-email with the token from the link. */
export function EmailConfirmPage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const again = useEmailConfirmationRequest();
  const { mutate } = confirm;
  const started = useRef(false);

  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  const icon = (Icon: typeof MailCheck, tone: 'success' | 'danger') => (
    <span
      className={
        tone === 'success'
          ? 'flex size-16 items-center justify-center rounded-2xl bg-success-50 text-success-600 ring-1 ring-success-100'
          : 'flex size-16 items-center justify-center rounded-2xl bg-danger-50 text-danger-600 ring-1 ring-danger-100'
      }
    >
      <Icon size={28} strokeWidth={1.75} aria-hidden="true" />
    </span>
  );

  let body;
  if (confirm.isSuccess) {
    body = (
      <div role="status">
        <EmptyState
          icon={icon(MailCheck, 'success')}
          title={<span className="block text-xl">{t('emailConfirm.success')}</span>}
          text={t('emailConfirm.successText', { email: confirm.data.email ?? '' })}
          action={
            <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
              {t('emailConfirm.continue')}
            </Link>
          }
        />
      </div>
    );
  } else if (token === '' || confirm.isError) {
    body = (
      <div role="alert">
        <EmptyState
          icon={icon(MailX, 'danger')}
          title={<span className="block text-xl">{t('emailConfirm.failure')}</span>}
          text={t('auth:server.invalidLink')}
          action={
            <Button
              size="lg"
              loading={again.isPending}
              disabled={again.isSuccess}
              onClick={() =>
                again.mutate(undefined, {
                  onSuccess: () => toast.success(t('emailConfirm.sentAgain')),
                  onError: (error) => showApiError(error, tc),
                })
              }
            >
              {again.isSuccess ? t('emailConfirm.sentAgain') : t('emailConfirm.sendAgain')}
            </Button>
          }
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
