import { forwardRef, useState } from 'react';
import { cn } from './cn';
import { useUiTexts } from './i18n';
import { Input, type InputProps } from './input';

export type PasswordInputProps = Omit<InputProps, 'type'>;

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" />}
    </svg>
  );
}

/** An input for passwords with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { className, ...rest },
  ref,
) {
  const { t } = useUiTexts();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className={cn('pe-10', className)} {...rest} />
      <button
        type="button"
        className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-lg text-neutral-500 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-primary-500"
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        disabled={rest.disabled}
      >
        <EyeIcon open={visible} />
      </button>
    </div>
  );
});
