import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

export const fieldControlClassName = (invalid?: boolean, className?: string) =>
  cn(
    'block w-full rounded-lg border bg-surface px-3 text-sm text-neutral-900 placeholder:text-neutral-400 transition-colors',
    'focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40 focus:border-primary-500',
    'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500',
    invalid ? 'border-danger-500' : 'border-neutral-300 aria-invalid:border-danger-500',
    className,
  );

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, className, ...rest }, ref) {
  return (
    <input
      ref={ref}
      aria-invalid={invalid || rest['aria-invalid'] || undefined}
      className={fieldControlClassName(invalid, cn('h-10', className))}
      {...rest}
    />
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { invalid, className, rows = 4, ...rest },
  ref,
) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      aria-invalid={invalid || rest['aria-invalid'] || undefined}
      className={fieldControlClassName(invalid, cn('py-2', className))}
      {...rest}
    />
  );
});
