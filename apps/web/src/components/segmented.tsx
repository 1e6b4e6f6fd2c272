import { cn } from '@tourdesk/ui';

/** One value of a few as a row of toggle buttons (a filter, a type); `undefined` may stand for "all". */
export function Segmented<V extends string | number>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: V | undefined;
  options: readonly { value: V | undefined; text: string }[];
  onChange: (value: V | undefined) => void;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex flex-wrap self-start rounded-lg border border-neutral-200 p-0.5', className)}
    >
      {options.map((o) => (
        <button
          key={String(o.value ?? 'all')}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600',
            o.value === value ? 'bg-primary-600 text-white' : 'text-neutral-700 hover:bg-neutral-100',
          )}
        >
          {o.text}
        </button>
      ))}
    </div>
  );
}
