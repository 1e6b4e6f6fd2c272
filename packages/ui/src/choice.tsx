import { forwardRef, useId, type ComponentPropsWithoutRef, type ElementRef, type ReactNode } from 'react';
import { Checkbox as RadixCheckbox, RadioGroup as RadixRadioGroup, Switch as RadixSwitch } from 'radix-ui';
import { cn } from './cn';
import { CheckIcon } from './close-icon';

export interface CheckboxProps extends Omit<ComponentPropsWithoutRef<typeof RadixCheckbox.Root>, 'children'> {
  label?: ReactNode;
  invalid?: boolean;
}

/** A checkbox (Radix) with an optional label; `checked` may be 'indeterminate'. */
export const Checkbox = forwardRef<ElementRef<typeof RadixCheckbox.Root>, CheckboxProps>(function Checkbox(
  { label, invalid, className, id, ...rest },
  ref,
) {
  const autoId = useId();
  const controlId = id ?? `checkbox-${autoId}`;
  const box = (
    <RadixCheckbox.Root
      ref={ref}
      id={controlId}
      aria-invalid={invalid || undefined}
      className={cn(
        'peer flex size-5 shrink-0 items-center justify-center rounded-md border bg-surface text-on-primary transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:border-primary-600 data-[state=checked]:bg-primary-600 data-[state=indeterminate]:border-primary-600 data-[state=indeterminate]:bg-primary-600',
        invalid ? 'border-danger-500' : 'border-neutral-400',
        !label && className,
      )}
      {...rest}
    >
      <RadixCheckbox.Indicator>
        {rest.checked === 'indeterminate' ? (
          <span className="block h-0.5 w-2.5 rounded bg-current" />
        ) : (
          <CheckIcon size={14} />
        )}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
  if (!label) return box;
  return (
    <div className={cn('flex items-start gap-2', className)}>
      {box}
      <label htmlFor={controlId} className="text-sm text-neutral-800 peer-disabled:opacity-50">
        {label}
      </label>
    </div>
  );
});

export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps extends Omit<ComponentPropsWithoutRef<typeof RadixRadioGroup.Root>, 'children'> {
  options: RadioOption[];
  /** Accessible name of the group. */
  label?: string;
}

/** Radio buttons (Radix RadioGroup); arrows move the choice. */
export const RadioGroup = forwardRef<ElementRef<typeof RadixRadioGroup.Root>, RadioGroupProps>(function RadioGroup(
  { options, label, className, orientation = 'vertical', ...rest },
  ref,
) {
  const autoId = useId();
  return (
    <RadixRadioGroup.Root
      ref={ref}
      aria-label={label}
      orientation={orientation}
      className={cn('flex gap-3', orientation === 'vertical' ? 'flex-col' : 'flex-row flex-wrap', className)}
      {...rest}
    >
      {options.map((option) => {
        const itemId = `radio-${autoId}-${option.value}`;
        return (
          <div key={option.value} className="flex items-center gap-2">
            <RadixRadioGroup.Item
              id={itemId}
              value={option.value}
              disabled={option.disabled}
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full border border-neutral-400 bg-surface',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50',
                'data-[state=checked]:border-primary-600',
              )}
            >
              <RadixRadioGroup.Indicator className="block size-2.5 rounded-full bg-primary-600" />
            </RadixRadioGroup.Item>
            <label htmlFor={itemId} className={cn('text-sm text-neutral-800', option.disabled && 'opacity-50')}>
              {option.label}
            </label>
          </div>
        );
      })}
    </RadixRadioGroup.Root>
  );
});

export interface SwitchProps extends Omit<ComponentPropsWithoutRef<typeof RadixSwitch.Root>, 'children'> {
  label?: ReactNode;
}

/** An on/off switch (Radix Switch, role="switch"). */
export const Switch = forwardRef<ElementRef<typeof RadixSwitch.Root>, SwitchProps>(function Switch(
  { label, className, id, ...rest },
  ref,
) {
  const autoId = useId();
  const controlId = id ?? `switch-${autoId}`;
  const control = (
    <RadixSwitch.Root
      ref={ref}
      id={controlId}
      className={cn(
        'peer relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-neutral-300 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary-600',
        !label && className,
      )}
      {...rest}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </RadixSwitch.Root>
  );
  if (!label) return control;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      {control}
      <label htmlFor={controlId} className="text-sm text-neutral-800 peer-disabled:opacity-50">
        {label}
      </label>
    </div>
  );
});
