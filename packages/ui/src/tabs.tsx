import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';
import { ScrollStrip } from './scroll-strip';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
}

const TRIGGER_CLASS = cn(
  '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900',
  'focus-visible:outline-2 focus-visible:outline-primary-500 data-[state=active]:border-primary-600 data-[state=active]:text-primary-700',
  'disabled:opacity-50 dark:data-[state=active]:text-primary-300',
);

/**
 * Tabs from a list of items, as the WAI-ARIA tabs pattern with automatic activation: one tab
 * in the Tab order (the selected one), Left/Right (wrapping), Home and End move and select,
 * disabled tabs are skipped, only the selected panel is rendered. Written out rather than
 * taken from Radix: it sits on the sign-in screen, where Radix's tabs cost ~8 KB gzip.
 */
export function Tabs({ items, value, defaultValue, onValueChange, label, className }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? items.find((i) => !i.disabled)?.value ?? items[0]?.value);
  const selected = value ?? own;
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (v: string) => `${baseId}-tab-${v}`;
  const panelId = (v: string) => `${baseId}-panel-${v}`;

  const select = (v: string) => {
    if (value === undefined) setOwn(v);
    if (v !== selected) onValueChange?.(v);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const enabled = items.filter((i) => !i.disabled);
    const at = enabled.findIndex((i) => i.value === selected);
    let next: TabItem | undefined;
    if (event.key === 'ArrowRight') next = enabled[(at + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next.value);
    refs.current.get(next.value)?.focus();
  };

  const current = items.find((i) => i.value === selected);
  return (
    <div className={className}>
      {/* on a narrow screen the tabs that do not fit are a scroll away, and the strip shows it */}
      <ScrollStrip activeKey={selected}>
        <div
          role="tablist"
          aria-label={label}
          aria-orientation="horizontal"
          className="flex grow gap-1 border-b border-neutral-200"
        >
          {items.map((item) => {
            const active = item.value === selected;
            return (
              <button
                key={item.value}
                ref={(el) => {
                  if (el) refs.current.set(item.value, el);
                  else refs.current.delete(item.value);
                }}
                type="button"
                role="tab"
                id={tabId(item.value)}
                aria-selected={active}
                aria-controls={active ? panelId(item.value) : undefined}
                tabIndex={active ? 0 : -1}
                disabled={item.disabled}
                data-state={active ? 'active' : 'inactive'}
                className={TRIGGER_CLASS}
                onClick={() => select(item.value)}
                onKeyDown={onKeyDown}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      </ScrollStrip>
      {current && (
        <div
          role="tabpanel"
          id={panelId(current.value)}
          aria-labelledby={tabId(current.value)}
          tabIndex={0}
          className="pt-4 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          {current.content}
        </div>
      )}
    </div>
  );
}
