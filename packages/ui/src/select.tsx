import { useCallback, useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react';
import { cn } from './cn';
import { DROPDOWN_EDGE_PADDING, SELECT_OFFSET, SELECT_PLACEMENT } from './constants';
import { useUiTexts } from './i18n';
import { CheckIcon, ChevronIcon } from './close-icon';

export type SelectValue = string | number;
export type SelectOption = SelectValue | object;

interface SelectCommonProps<O extends SelectOption> {
  options: readonly O[];
  /** Key of an object option's text; default 'text'. */
  textKey?: string;
  /** Key of an object option's value; default 'value'. */
  valueKey?: string;
  /** An object option with this key (and no value) is a group heading; default 'header'. */
  headerKey?: string;
  searchable?: boolean;
  placeholder?: string;
  searchPlaceholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  name?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  className?: string;
  /** Minimum width of the dropdown in px (the dropdown is at least as wide as the trigger). */
  minWidth?: number;
  renderOption?: (option: O, state: { selected: boolean }) => ReactNode;
  /** Custom search predicate; default: the text contains the query (case-insensitive). */
  filter?: (option: O, query: string) => boolean;
  /** Shown under 'Nothing found' (e.g. a 'Use {code}' action); receives the query. */
  renderEmpty?: (query: string, close: () => void) => ReactNode;
  renderValue?: (selected: O[]) => ReactNode;
  onOpenChange?: (open: boolean) => void;
}

export interface SingleSelectProps<O extends SelectOption> extends SelectCommonProps<O> {
  multiple?: false;
  value: SelectValue | null | undefined;
  onChange: (value: SelectValue | null, option: O | null) => void;
}

export interface MultipleSelectProps<O extends SelectOption> extends SelectCommonProps<O> {
  multiple: true;
  value: readonly SelectValue[];
  onChange: (value: SelectValue[], options: O[]) => void;
}

export type SelectProps<O extends SelectOption = SelectOption> = SingleSelectProps<O> | MultipleSelectProps<O>;

export interface OptionKeys {
  textKey: string;
  valueKey: string;
  headerKey: string;
}

const DEFAULT_KEYS: OptionKeys = { textKey: 'text', valueKey: 'value', headerKey: 'header' };

export function isHeaderOption(option: SelectOption, keys: OptionKeys = DEFAULT_KEYS): boolean {
  return typeof option === 'object' && option !== null && keys.headerKey in option && !(keys.valueKey in option);
}

export function getOptionValue(option: SelectOption, keys: OptionKeys = DEFAULT_KEYS): SelectValue {
  if (typeof option !== 'object') return option;
  const value = (option as Record<string, unknown>)[keys.valueKey];
  return typeof value === 'number' ? value : String(value);
}

export function getOptionText(option: SelectOption, keys: OptionKeys = DEFAULT_KEYS): string {
  if (typeof option !== 'object') return String(option);
  const record = option as Record<string, unknown>;
  if (isHeaderOption(option, keys)) return String(record[keys.headerKey]);
  const text = record[keys.textKey];
  return text === undefined || text === null ? String(getOptionValue(option, keys)) : String(text);
}

/**
 * Options matching the query; a group heading stays when at least one of its options does.
 */
export function filterOptions<O extends SelectOption>(
  options: readonly O[],
  query: string,
  keys: OptionKeys = DEFAULT_KEYS,
  predicate?: (option: O, query: string) => boolean,
): O[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...options];
  const matches = predicate ?? ((option: O) => getOptionText(option, keys).toLowerCase().includes(q));
  const result: O[] = [];
  let pendingHeader: O | null = null;
  for (const option of options) {
    if (isHeaderOption(option, keys)) {
      pendingHeader = option;
      continue;
    }
    if (matches(option, query.trim())) {
      if (pendingHeader) {
        result.push(pendingHeader);
        pendingHeader = null;
      }
      result.push(option);
    }
  }
  return result;
}

/**
 * A select on Floating UI (offset 8, bottom-start): plain values or objects, group
 * headings, search, multiple selection; closes on Escape and on Tab.
 */
export function Select<O extends SelectOption>(props: SelectProps<O>) {
  const {
    options,
    textKey = 'text',
    valueKey = 'value',
    headerKey = 'header',
    searchable = false,
    placeholder,
    searchPlaceholder,
    disabled,
    invalid,
    id,
    name,
    className,
    minWidth,
    renderOption,
    filter,
    renderEmpty,
    renderValue,
    onOpenChange,
  } = props;
  const { t } = useUiTexts();
  const keys = useMemo(() => ({ textKey, valueKey, headerKey }), [textKey, valueKey, headerKey]);
  const autoId = useId();
  const baseId = id ?? `select-${autoId}`;
  const listboxId = `${baseId}-listbox`;
  const [open, setOpenState] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const searchId = `${baseId}-search`;

  const selectedValues: SelectValue[] = props.multiple
    ? [...props.value]
    : props.value === null || props.value === undefined
      ? []
      : [props.value];
  const isSelected = (option: O) => selectedValues.includes(getOptionValue(option, keys));
  const selectedOptions = options.filter((option) => !isHeaderOption(option, keys) && isSelected(option));

  const visible = useMemo(() => filterOptions(options, query, keys, filter), [options, query, keys, filter]);
  const selectable = visible
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => !isHeaderOption(option, keys));

  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      onOpenChange?.(next);
      if (!next) setQuery('');
    },
    [onOpenChange],
  );

  const [referenceEl, setReferenceEl] = useState<HTMLButtonElement | null>(null);
  const [floatingEl, setFloatingEl] = useState<HTMLDivElement | null>(null);
  const { floatingStyles, context } = useFloating({
    elements: { reference: referenceEl, floating: floatingEl },
    open,
    onOpenChange: setOpen,
    placement: SELECT_PLACEMENT,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(SELECT_OFFSET),
      flip({ padding: DROPDOWN_EDGE_PADDING }),
      shift({ padding: DROPDOWN_EDGE_PADDING }),
      size({
        padding: DROPDOWN_EDGE_PADDING,
        apply({ rects, elements, availableHeight }) {
          Object.assign(elements.floating.style, {
            minWidth: `${Math.max(rects.reference.width, minWidth ?? 0)}px`,
            maxHeight: `${Math.min(320, Math.max(availableHeight, 120))}px`,
          });
        },
      }),
    ],
  });

  // A press outside the trigger and the dropdown closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (referenceEl?.contains(target) || floatingEl?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, referenceEl, floatingEl, setOpen]);

  const openList = () => {
    if (disabled) return;
    const firstSelected = selectable.findIndex(({ option }) => isSelected(option));
    setActiveIndex(firstSelected >= 0 ? (selectable[firstSelected]?.index ?? -1) : (selectable[0]?.index ?? -1));
    setOpen(true);
    requestAnimationFrame(() => (document.getElementById(searchId) ?? document.getElementById(listboxId))?.focus());
  };

  const close = (focusTrigger = true) => {
    flushSync(() => setOpen(false));
    if (focusTrigger) document.getElementById(baseId)?.focus();
  };

  const choose = (option: O) => {
    const value = getOptionValue(option, keys);
    if (props.multiple) {
      const next = selectedValues.includes(value)
        ? selectedValues.filter((v) => v !== value)
        : [...selectedValues, value];
      const nextOptions = options.filter((o) => !isHeaderOption(o, keys) && next.includes(getOptionValue(o, keys)));
      props.onChange(next, nextOptions);
    } else {
      props.onChange(value, option);
      close();
    }
  };

  const moveActive = (delta: number) => {
    if (selectable.length === 0) return;
    const position = selectable.findIndex(({ index }) => index === activeIndex);
    const nextPosition =
      position < 0
        ? delta > 0
          ? 0
          : selectable.length - 1
        : (position + delta + selectable.length) % selectable.length;
    const nextIndex = selectable[nextPosition]?.index ?? -1;
    setActiveIndex(nextIndex);
    document.getElementById(`${baseId}-option-${nextIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onPopupKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        // Close and let the browser move focus on from the trigger.
        close();
        break;
      case 'ArrowDown':
        event.preventDefault();
        moveActive(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveActive(-1);
        break;
      case 'Home':
        if ((event.target as HTMLElement).id === listboxId) {
          event.preventDefault();
          setActiveIndex(selectable[0]?.index ?? -1);
        }
        break;
      case 'End':
        if ((event.target as HTMLElement).id === listboxId) {
          event.preventDefault();
          setActiveIndex(selectable[selectable.length - 1]?.index ?? -1);
        }
        break;
      case 'Enter':
      case ' ': {
        if (event.key === ' ' && (event.target as HTMLElement).id === searchId) break;
        event.preventDefault();
        const active = visible[activeIndex];
        if (active !== undefined && !isHeaderOption(active, keys)) choose(active);
        break;
      }
      default:
        break;
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  };

  const display = renderValue
    ? renderValue(selectedOptions)
    : selectedOptions.length > 0
      ? selectedOptions.map((option) => getOptionText(option, keys)).join(', ')
      : null;

  const activeId =
    activeIndex >= 0 && visible[activeIndex] !== undefined ? `${baseId}-option-${activeIndex}` : undefined;

  return (
    <div className={cn('relative', className)}>
      <button
        type="button"
        id={baseId}
        ref={setReferenceEl}
        disabled={disabled}
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-label={props['aria-label']}
        aria-labelledby={props['aria-labelledby']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={invalid || props['aria-invalid'] || undefined}
        aria-required={props['aria-required']}
        data-invalid={invalid || undefined}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-lg border bg-surface px-3 text-start text-sm text-neutral-900',
          'focus-visible:border-primary-500 focus-visible:ring-2 focus-visible:ring-primary-500/40 focus-visible:outline-none',
          'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500',
          invalid || props['aria-invalid'] === true || props['aria-invalid'] === 'true'
            ? 'border-danger-500'
            : 'border-neutral-300',
        )}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onTriggerKeyDown}
      >
        <span className={cn('min-w-0 flex-1 truncate', display === null && 'text-neutral-500')}>
          {display ?? placeholder ?? t('select')}
        </span>
        <ChevronIcon direction={open ? 'up' : 'down'} />
      </button>
      {name &&
        selectedValues.map((value) => <input key={String(value)} type="hidden" name={name} value={String(value)} />)}
      {open && (
        <div
          ref={setFloatingEl}
          style={floatingStyles}
          className="z-50 flex flex-col overflow-hidden rounded-xl border border-neutral-200 bg-surface-raised text-sm text-neutral-900 shadow-lg"
          data-placement={context.placement}
          data-testid="select-dropdown"
        >
          {searchable && (
            <div className="border-b border-neutral-200 p-2">
              <input
                id={searchId}
                onKeyDown={onPopupKeyDown}
                type="search"
                aria-controls={listboxId}
                aria-activedescendant={activeId}
                aria-label={searchPlaceholder ?? t('search')}
                placeholder={searchPlaceholder ?? t('search')}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  const nextVisible = filterOptions(options, event.target.value, keys, filter);
                  setActiveIndex(nextVisible.findIndex((option) => !isHeaderOption(option, keys)));
                }}
                className="h-9 w-full rounded-lg border border-neutral-300 bg-surface px-3 text-sm focus:border-primary-500 focus:outline-none"
              />
            </div>
          )}
          <ul
            id={listboxId}
            onKeyDown={onPopupKeyDown}
            role="listbox"
            tabIndex={searchable ? -1 : 0}
            aria-multiselectable={props.multiple || undefined}
            aria-activedescendant={searchable ? undefined : activeId}
            aria-label={props['aria-label'] ?? placeholder ?? t('select')}
            className="min-h-0 flex-1 overflow-y-auto p-1 outline-none"
          >
            {visible.map((option, index) => {
              if (isHeaderOption(option, keys)) {
                return (
                  <li
                    key={`h-${index}`}
                    role="presentation"
                    className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase"
                  >
                    {getOptionText(option, keys)}
                  </li>
                );
              }
              const selected = isSelected(option);
              const optionDisabled =
                typeof option === 'object' && Boolean((option as Record<string, unknown>).disabled);
              return (
                // Keyboard selection is handled by the listbox (aria-activedescendant).
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={`o-${String(getOptionValue(option, keys))}`}
                  id={`${baseId}-option-${index}`}
                  role="option"
                  aria-selected={selected}
                  aria-disabled={optionDisabled || undefined}
                  data-active={index === activeIndex || undefined}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2',
                    index === activeIndex && 'bg-neutral-100',
                    selected && 'font-medium text-primary-700 dark:text-primary-300',
                    optionDisabled && 'cursor-not-allowed opacity-50',
                  )}
                  onMouseMove={() => setActiveIndex(index)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => !optionDisabled && choose(option)}
                >
                  {props.multiple && (
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-4 shrink-0 items-center justify-center rounded border',
                        selected ? 'border-primary-600 bg-primary-600 text-on-primary' : 'border-neutral-400',
                      )}
                    >
                      {selected && <CheckIcon size={12} />}
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    {renderOption ? renderOption(option, { selected }) : getOptionText(option, keys)}
                  </span>
                  {!props.multiple && selected && <CheckIcon size={14} />}
                </li>
              );
            })}
            {selectable.length === 0 && (
              <li role="presentation" className="px-3 py-2 text-neutral-500">
                <div role="status">{t('nothingFound')}</div>
                {renderEmpty?.(query, () => close())}
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
