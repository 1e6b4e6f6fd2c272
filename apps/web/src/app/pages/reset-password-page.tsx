import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner, buttonClassName, toast } from '@tourdesk/ui';
import { LinkIcon } from 'lucide-react';
import { usePasswordResetToken } from '../../features/auth/api/check-password-reset-token';
import { userKeys } from '../../features/auth/api/user-keys';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** /reset-password?token=…: the token is checked first; then the new password; then signed in. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token')?.trim() ?? '';
  const check = usePasswordResetToken(token);
  const invalid = token === '' || check.isError || check.data?.success === false;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('reset.title')}</h1>
        {!invalid && <p className="mt-1 text-sm text-neutral-600">{t('reset.subtitle')}</p>}
      </div>
      {invalid ? (
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-danger-50 text-danger-600 ring-1 ring-danger-100">
            <LinkIcon size={24} aria-hidden="true" />
          </span>
          <p className="text-sm text-neutral-700">{t('errors:invalid_link')}</p>
          <Link to="/password-recovery" className={buttonClassName({ variant: 'primary' })}>
            {t('reset.requestAgain')}
          </Link>
        </div>
      ) : check.isPending ? (
        <div className="flex justify-center py-6 text-primary-600">
          <Spinner label={t('reset.checking')} />
        </div>
      ) : (
        <ResetPasswordForm
          token={token}
          onInvalidToken={() => void queryClient.invalidateQueries({ queryKey: userKeys.resetToken(token) })}
          onDone={() => {
            toast.success(t('reset.done'));
            void navigate('/', { replace: true });
          }}
        />
      )}
    </div>
  );
}
