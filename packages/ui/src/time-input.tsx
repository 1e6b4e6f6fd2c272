import { forwardRef, useState, type KeyboardEvent } from 'react';
import { Input, type InputProps } from './input';
import { useUiTexts } from './i18n';

const DAY_MINUTES = 24 * 60;
const VALUE = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** hours, optional separator and two-digit minutes, optional am/pm: 9, 930, 09:30, 9.30, 9h30, 9:30 pm, 21:30 */
const TYPED = /^(\d{1,2})(?:[:.,hч]?(\d{2}))?(?:([ap])\.?m?\.?)?$/;

/** Whether a value is a time of day as the kit hands it on: 24-hour 'HH:mm'. */
export const isTimeValue = (value: string): boolean => VALUE.test(value);

/**
 * Reads a typed time in either clock: '9', '930', '09:30', '9.30', '18:30', '6:30 pm', '12 am'.
 * Returns 24-hour 'HH:mm', or null when the text is no time of day.
 */
export function parseTime(text: string): string | null {
  const match = TYPED.exec(
    text
      .trim()
      .toLowerCase()
      .replace(/[\s\u00a0\u202f]+/g, ''),
  );
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const half = match[3];
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Whether the language writes times with AM/PM (en) rather than on a 24-hour clock (ru). */
export function usesHour12(locale: string): boolean {
  try {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  } catch {
    return false;
  }
}

/** An 'HH:mm' value as the language writes it: '18:30' in ru, '6:30 PM' in en. */
export function formatTime(value: string, locale: string, hour12: boolean = usesHour12(locale)): string {
  const match = VALUE.exec(value);
  if (!match) return value;
  const date = Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]));
  return new Intl.DateTimeFormat(locale, {
    hour: hour12 ? 'numeric' : '2-digit',
    minute: '2-digit',
    hour12,
    timeZone: 'UTC',
  })
    .format(date)
    .replace(/[\u00a0\u202f]/g, ' ');
}

const toMinutes = (value: string): number | null => {
  const match = VALUE.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};
const fromMinutes = (total: number): string => {
  const m = ((total % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

export interface TimeInputProps extends Omit<
  InputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'step' | 'min' | 'max'
> {
  /**
   * The time, 24-hour 'HH:mm'; '' for none. While the text is no time of day the value is that
   * text, so the host's rule refuses it.
   */
  value: string;
  onChange: (value: string) => void;
  /** Minutes that ArrowUp and ArrowDown move the time by (to the next multiple). Default 15. */
  step?: number;
  /** The clock; by default the one of the interface language (24-hour in ru, AM/PM in en). */
  hour12?: boolean;
}

/**
 * A time of day in the interface language's clock, instead of the browser's `<input type=time>`
 * (which follows the browser's locale: AM/PM in a Russian interface). Typed freely ('930',
 * '9:30 pm', '21.30'), written out as the language does on blur, ArrowUp/ArrowDown move it by
 * `step` minutes; the value is always 24-hour 'HH:mm'. A labelled text box: label it with
 * `Field` or `aria-label`.
 */
export const TimeInput = forwardRef<HTMLInputElement, TimeInputProps>(function TimeInput(
  { value, onChange, step = 15, hour12, onBlur, onKeyDown, placeholder, ...rest },
  ref,
) {
  const { locale, t } = useUiTexts();
  const twelve = hour12 ?? usesHour12(locale);
  /** what is being typed; null shows the value as the language writes it */
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (isTimeValue(value) ? formatTime(value, locale, twelve) : value);

  const move = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const now = toMinutes(parseTime(draft ?? '') ?? value) ?? 0;
    const next = event.key === 'ArrowUp' ? Math.floor(now / step) * step + step : Math.ceil(now / step) * step - step;
    setDraft(null);
    onChange(fromMinutes(next));
  };

  return (
    <Input
      {...rest}
      ref={ref}
      type="text"
      inputMode={twelve ? 'text' : 'numeric'}
      autoComplete="off"
      placeholder={placeholder ?? (twelve ? t('timeFormat12') : t('timeFormat24'))}
      value={shown}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        onChange(parseTime(text) ?? text.trim());
      }}
      onBlur={(event) => {
        setDraft(null);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        move(event);
        onKeyDown?.(event);
      }}
    />
  );
});
