// Heavy: import lazily via '@tourdesk/ui/calendar' or LazyCalendar / LazyDatePicker from '@tourdesk/ui'.
import './calendar.css';
import { useId, useMemo, useState } from 'react';
import { DayPicker, type DateRange, type Matcher } from 'react-day-picker';
import { enUS } from 'react-day-picker/locale/en-US';
import { ru } from 'react-day-picker/locale/ru';
import { format } from 'date-fns';
import { Popover } from 'radix-ui';
import { cn } from './cn';
import { CALENDAR_MONTHS_DEFAULT, DROPDOWN_ARROW_PADDING, DROPDOWN_EDGE_PADDING } from './constants';
import { parseDateLimit, type DateLimit } from './date-limits';
import { useUiTexts, type UiLocale } from './i18n';
import { Button } from './button';

export { parseDateLimit, toIsoDate, isOutsideLimits, type DateLimit } from './date-limits';
export type { DateRange } from 'react-day-picker';

const LOCALES = { en: enUS, ru } as const;

interface CalendarBaseProps {
  /** Earliest selectable day: 'yyyy-MM-dd' or 'today'. */
  min?: DateLimit;
  /** Latest selectable day: 'yyyy-MM-dd' or 'today'. */
  max?: DateLimit;
  /** Months shown side by side; default 1. */
  months?: number;
  /** Default: the kit's current language. */
  locale?: UiLocale;
  /** More days to disable. */
  disabled?: Matcher | Matcher[];
  defaultMonth?: Date;
  className?: string;
}

export interface SingleCalendarProps extends CalendarBaseProps {
  mode: 'single';
  value: Date | undefined;
  onChange: (value: Date | undefined) => void;
}
export interface MultipleCalendarProps extends CalendarBaseProps {
  mode: 'multiple';
  value: Date[];
  onChange: (value: Date[]) => void;
}
export interface RangeCalendarProps extends CalendarBaseProps {
  mode: 'range';
  value: DateRange | undefined;
  onChange: (value: DateRange | undefined) => void;
}
export type CalendarProps = SingleCalendarProps | MultipleCalendarProps | RangeCalendarProps;

function useLimits(min?: DateLimit, max?: DateLimit, extra?: Matcher | Matcher[]) {
  return useMemo(() => {
    const minDate = parseDateLimit(min);
    const maxDate = parseDateLimit(max);
    const matchers: Matcher[] = [];
    if (minDate) matchers.push({ before: minDate });
    if (maxDate) matchers.push({ after: maxDate });
    if (extra) matchers.push(...(Array.isArray(extra) ? extra : [extra]));
    return { minDate, maxDate, matchers };
  }, [min, max, extra]);
}

/**
 * A calendar on react-day-picker: single, multiple or range; 6 weeks of 7 days; days
 * outside min/max disabled; en (Sunday first) and ru (Monday first).
 */
export function Calendar(props: CalendarProps) {
  const { min, max, months = CALENDAR_MONTHS_DEFAULT, locale: localeProp, disabled, defaultMonth, className } = props;
  const { locale: uiLocale } = useUiTexts();
  const locale = LOCALES[localeProp ?? uiLocale];
  const { minDate, maxDate, matchers } = useLimits(min, max, disabled);
  const common = {
    locale,
    numberOfMonths: months,
    fixedWeeks: true,
    showOutsideDays: true,
    disabled: matchers,
    startMonth: minDate,
    endMonth: maxDate,
    defaultMonth:
      defaultMonth ??
      (props.mode === 'single' ? props.value : props.mode === 'range' ? props.value?.from : props.value[0]) ??
      minDate,
    className: cn('rdp-kit text-sm', className),
  };
  if (props.mode === 'single')
    return <DayPicker {...common} mode="single" selected={props.value} onSelect={props.onChange} />;
  if (props.mode === 'multiple')
    return (
      <DayPicker {...common} mode="multiple" selected={props.value} onSelect={(value) => props.onChange(value ?? [])} />
    );
  return <DayPicker {...common} mode="range" selected={props.value} onSelect={props.onChange} />;
}

type DatePickerValue<M> = M extends 'single' ? Date | undefined : M extends 'multiple' ? Date[] : DateRange | undefined;

export type DatePickerProps = CalendarProps & {
  /** Accessible name of the trigger (e.g. the field label). */
  'aria-label'?: string;
  id?: string;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
};

/** Formats a selection for the trigger: dd.MM.yyyy in ru, MMM d, yyyy in en. */
export function formatSelection(
  mode: CalendarProps['mode'],
  value: Date | Date[] | DateRange | undefined,
  locale: UiLocale,
): string | null {
  const pattern = locale === 'ru' ? 'dd.MM.yyyy' : 'MMM d, yyyy';
  const f = (d: Date) => format(d, pattern, { locale: LOCALES[locale] });
  if (!value) return null;
  if (mode === 'single') return f(value as Date);
  if (mode === 'multiple') {
    const dates = value as Date[];
    return dates.length
      ? [...dates]
          .sort((a, b) => a.getTime() - b.getTime())
          .map(f)
          .join(', ')
      : null;
  }
  const range = value as DateRange;
  if (!range.from) return null;
  return range.to ? `${f(range.from)} – ${f(range.to)}` : f(range.from);
}

/** A trigger showing the selection ('Select dates' when empty) that opens a calendar with 'Apply'. */
export function DatePicker(props: DatePickerProps) {
  const { t, locale: uiLocale } = useUiTexts();
  const locale = props.locale ?? uiLocale;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Date | Date[] | DateRange | undefined>(props.value);
  const autoId = useId();
  const text = formatSelection(props.mode, props.value, locale);

  const apply = () => {
    (props.onChange as (value: DatePickerValue<typeof props.mode>) => void)(draft as never);
    setOpen(false);
  };
  // closed without 'Apply' (Escape, a click outside): a choice made (a day, a range; one click is a
  // one-day range, as 'Apply' takes it) is kept rather than dropped; nothing changed changes nothing
  const keepChoice = () => {
    if (props.mode === 'multiple') return;
    const time = (d: Date | undefined) => d?.getTime();
    if (props.mode === 'single') {
      const day = draft as Date | undefined;
      if (day && time(day) !== time(props.value)) props.onChange(day);
      return;
    }
    const range = draft as DateRange | undefined;
    if (
      range?.from &&
      range.to &&
      (time(range.from) !== time(props.value?.from) || time(range.to) !== time(props.value?.to))
    )
      props.onChange(range);
  };

  const calendarProps = {
    min: props.min,
    max: props.max,
    months: props.months,
    locale,
    disabled: props.disabled,
    defaultMonth: props.defaultMonth,
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(props.value);
        else keepChoice();
        setOpen(next);
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          id={props.id}
          disabled={props.disabled}
          aria-label={props['aria-label'] ? `${props['aria-label']}${text ? `: ${text}` : ''}` : undefined}
          data-invalid={props.invalid || undefined}
          className={cn(
            'flex h-10 w-full items-center gap-2 rounded-lg border bg-surface px-3 text-start text-sm',
            'focus-visible:border-primary-500 focus-visible:ring-2 focus-visible:ring-primary-500/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60',
            props.invalid ? 'border-danger-500' : 'border-neutral-300',
            text ? 'text-neutral-900' : 'text-neutral-500',
            props.className,
          )}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
            className="shrink-0 text-neutral-500"
          >
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
          <span className="truncate">{text ?? props.placeholder ?? t('selectDates')}</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={8}
          collisionPadding={DROPDOWN_EDGE_PADDING}
          arrowPadding={DROPDOWN_ARROW_PADDING}
          aria-label={props['aria-label'] ?? t('selectDates')}
          id={`${autoId}-calendar`}
          className="z-50 rounded-xl border border-neutral-200 bg-surface-raised p-3 shadow-lg animate-pop-in"
        >
          {props.mode === 'single' && (
            <Calendar {...calendarProps} mode="single" value={draft as Date | undefined} onChange={setDraft} />
          )}
          {props.mode === 'multiple' && (
            <Calendar
              {...calendarProps}
              mode="multiple"
              value={(draft as Date[] | undefined) ?? []}
              onChange={setDraft}
            />
          )}
          {props.mode === 'range' && (
            <Calendar {...calendarProps} mode="range" value={draft as DateRange | undefined} onChange={setDraft} />
          )}
          <div className="mt-2 flex justify-end">
            <Button size="sm" onClick={apply}>
              {t('apply')}
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
