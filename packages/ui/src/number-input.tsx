import { forwardRef, useState, type ChangeEvent } from 'react';
import { Input, type InputProps } from './input';
import { clamp } from './utils';

export interface NumberInputProps extends Omit<
  InputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step'
> {
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
}

/** Parses the typed text; empty → null, unparsable → NaN. Accepts a decimal comma. */
export function parseNumberInput(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || trimmed === '-') return null;
  return Number(trimmed);
}

/** A numeric input that clamps to min and max on change. */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  { value, onChange, min, max, step = 1, onKeyDown, ...rest },
  ref,
) {
  const [draft, setDraft] = useState<string | null>(null);
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const parsed = parseNumberInput(event.target.value);
    if (parsed === null) {
      setDraft(event.target.value);
      onChange(null);
      return;
    }
    if (Number.isNaN(parsed)) return;
    const clamped = clamp(parsed, min, max);
    // Keep "1." or "0.50" as typed while it equals the value; show the clamped number otherwise.
    setDraft(clamped === parsed ? event.target.value : null);
    onChange(clamped);
  };
  const shown =
    draft !== null && parseNumberInput(draft) === value ? draft : value === null ? (draft ?? '') : String(value);
  return (
    <Input
      {...rest}
      ref={ref}
      type="text"
      inputMode="decimal"
      role="spinbutton"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value ?? undefined}
      value={shown}
      onChange={onInput}
      onKeyDown={(event) => {
        if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault();
          const next = clamp((value ?? min ?? 0) + (event.key === 'ArrowUp' ? step : -step), min, max);
          setDraft(null);
          onChange(next);
        }
        onKeyDown?.(event);
      }}
    />
  );
});
