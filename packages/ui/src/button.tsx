import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button. */
  loading?: boolean;
  /** Full width. */
  block?: boolean;
  /** Render the single child (e.g. a router Link) with the button's styling. */
  asChild?: boolean;
}

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-primary-600 text-on-primary hover:bg-primary-700 active:bg-primary-800 border border-transparent',
  secondary:
    'bg-primary-50 text-primary-700 hover:bg-primary-100 border border-transparent dark:bg-neutral-200 dark:text-neutral-900 dark:hover:bg-neutral-300',
  outline: 'border border-neutral-300 bg-surface text-neutral-800 hover:bg-neutral-50',
  ghost: 'border border-transparent bg-transparent text-neutral-800 hover:bg-neutral-100',
  danger:
    'border border-transparent bg-danger-600 text-white hover:bg-danger-700 dark:bg-danger-400 dark:hover:bg-danger-300',
  link: 'border border-transparent bg-transparent px-0 text-primary-700 underline-offset-4 hover:underline dark:text-primary-300',
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'block' | 'className'> = {}): string {
  return cn(
    'inline-flex items-center justify-center rounded-lg font-medium whitespace-nowrap transition-colors select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    VARIANT_CLASSES[variant],
    SIZE_CLASSES[size],
    variant === 'link' && 'h-auto',
    block && 'w-full',
    className,
  );
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    block = false,
    asChild = false,
    className,
    disabled,
    children,
    type,
    ...rest
  },
  ref,
) {
  const classes = buttonClassName({ variant, size, block, className });
  if (asChild) {
    return (
      <Slot.Root ref={ref} className={classes} aria-busy={loading || undefined} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size={size === 'sm' ? 16 : 18} stroke={2} />}
      {children}
    </button>
  );
});
