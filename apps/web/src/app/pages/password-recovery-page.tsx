import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { PasswordRecoveryForm } from '../../features/auth/components/password-recovery-form';

/** /password-recovery (boxed, guestOnly). */
export function PasswordRecoveryPage() {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('recovery.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('recovery.subtitle')}</p>
      </div>
      <PasswordRecoveryForm />
      <Link
        to="/login"
        className="inline-flex items-center justify-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft size={15} aria-hidden="true" />
        {t('recovery.backToSignIn')}
      </Link>
    </div>
  );
}
