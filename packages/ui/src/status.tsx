import { cn } from './cn';
import { useUiTexts } from './i18n';
import { Spinner } from './spinner';
import { Button, type ButtonProps } from './button';
import { ChevronIcon } from './close-icon';

/** A centred spinner with the text 'Loading...'. */
export function LoadingState({ className, text }: { className?: string; text?: string }) {
  const { t } = useUiTexts();
  return (
    <div className={cn('flex items-center justify-center gap-3 py-8 text-sm text-neutral-600', className)}>
      <Spinner label={text ?? t('loading')} />
      <span aria-hidden="true">{text ?? t('loading')}</span>
    </div>
  );
}

/** A 'Go back' button; goes back in history unless onClick is given. */
export function GoBackButton({ onClick, children, variant = 'ghost', ...rest }: ButtonProps) {
  const { t } = useUiTexts();
  return (
    <Button variant={variant} onClick={onClick ?? (() => window.history.back())} {...rest}>
      <ChevronIcon direction="left" />
      {children ?? t('goBack')}
    </Button>
  );
}
