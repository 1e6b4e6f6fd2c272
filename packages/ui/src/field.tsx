import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** The control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  id?: string;
  required?: boolean;
  className?: string;
}

/** A labelled form control with its hint and error. */
export function Field({ label, error, hint, children, id, required, className }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? (children.props.id as string | undefined) ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy =
    [children.props['aria-describedby'] as string | undefined, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id: controlId,
    'aria-invalid': error ? true : children.props['aria-invalid'],
    'aria-describedby': describedBy,
    ...(required ? { 'aria-required': true } : {}),
  });
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-neutral-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-danger-600">
            *
          </span>
        )}
      </label>
      {control}
      {hint && (
        <div id={hintId} className="text-xs text-neutral-500">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} role="alert" className="text-xs text-danger-600">
          {error}
        </div>
      )}
    </div>
  );
}
