import { useTranslation } from 'react-i18next';
import { cn } from '@tourdesk/ui';
import { LANGUAGES } from '@tourdesk/contract/entities/user-values';
import { changeLanguage, currentLanguage } from '../lib/i18n/i18n';

/** en / ru segmented switch; the choice persists (local storage + cookie) and drives X-Language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n);
  return (
    <div
      role="group"
      aria-label={t('user.language')}
      className={cn('inline-flex rounded-lg border border-neutral-200 bg-surface p-0.5 text-sm', className)}
    >
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={active === lng}
          onClick={() => void changeLanguage(lng, i18n)}
          className={cn(
            'rounded-md px-2.5 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500',
            active === lng
              ? 'bg-primary-600 text-white shadow-sm'
              : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900',
          )}
        >
          {t(`languages.${lng}`)}
        </button>
      ))}
    </div>
  );
}
