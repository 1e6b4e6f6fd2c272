import { useTranslation } from 'react-i18next';
import { Check, Minus } from 'lucide-react';
import { cn } from '@tourdesk/ui';
import { passwordStrength, PASSWORD_SPECIAL_CHARACTERS } from '@tourdesk/contract/validation';
import { MIN_PASSWORD_LENGTH } from '@tourdesk/contract/constants';

const CONDITIONS = ['length', 'lowercase', 'uppercase', 'digit', 'special'] as const;
const BAR = { none: 0, red: 1, medium: 2, strong: 3 } as const;
const COLOR = {
  none: 'bg-neutral-200',
  red: 'bg-danger-500',
  medium: 'bg-warning-500',
  strong: 'bg-success-500',
} as const;

/** SPEC §5 strength hint: red / medium / strong / none and its five conditions. */
export function PasswordStrengthHint({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('account');
  const { status, conditions } = passwordStrength(password);
  return (
    <div id={id} className="flex flex-col gap-2" data-strength={status}>
      <div className="flex items-center gap-3">
        <div className="flex flex-1 gap-1" aria-hidden="true">
          {[1, 2, 3].map((step) => (
            <span
              key={step}
              className={cn(
                'h-1.5 flex-1 rounded-full transition-colors',
                BAR[status] >= step ? COLOR[status] : 'bg-neutral-200',
              )}
            />
          ))}
        </div>
        <span
          aria-live="polite"
          className={cn(
            'min-w-16 text-end text-xs font-medium',
            status === 'red' && 'text-danger-600',
            status === 'medium' && 'text-warning-700',
            status === 'strong' && 'text-success-700',
            status === 'none' && 'text-neutral-500',
          )}
        >
          {t(`strength.status.${status}`)}
        </span>
      </div>
      <ul
        className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-2"
        aria-label={t('strength.conditionsLabel')}
      >
        {CONDITIONS.map((key) => (
          <li
            key={key}
            className={cn('flex items-center gap-1.5', conditions[key] ? 'text-success-700' : 'text-neutral-500')}
          >
            {conditions[key] ? <Check size={13} aria-hidden="true" /> : <Minus size={13} aria-hidden="true" />}
            <span>
              {t(`strength.conditions.${key}`, {
                length: MIN_PASSWORD_LENGTH,
                characters: PASSWORD_SPECIAL_CHARACTERS,
              })}
            </span>
            <span className="sr-only">{conditions[key] ? t('strength.met') : t('strength.notMet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
