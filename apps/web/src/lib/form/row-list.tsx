import type { ReactNode } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { Button, cn } from '@tourdesk/ui';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useRows } from './rows';

/**
 * The frame of a list field's rows (questions, programme days, accommodations, discounts, cities):
 * the rows as a labelled list, each with its remove button (and, with `movable`, up/down), a text
 * when there are none, and the add button while fewer than `max`. The caller draws a row's fields
 * by path (`${name}.${index}.field`), so their errors land on the row.
 */
export function RowList({
  name,
  label,
  max,
  empty,
  emptyText,
  addText,
  removeLabel,
  movable,
  moveLabels,
  rowTitle,
  layout = 'card',
  className,
  children,
}: {
  name: string;
  /** the list's accessible name */
  label: string;
  max?: number;
  /** a new row's values */
  empty: () => Record<string, unknown>;
  emptyText?: string;
  addText: string;
  /** the remove button's accessible name for row n (1-based) */
  removeLabel: (n: number) => string;
  movable?: boolean;
  moveLabels?: { up: (n: number) => string; down: (n: number) => string };
  /** a card row's heading (e.g. 'Day 2'), beside its buttons */
  rowTitle?: (n: number) => string;
  /** 'card': fields stacked in a bordered card under its buttons; 'line': fields side by side on one line */
  layout?: 'card' | 'line';
  className?: string;
  children: (index: number) => ReactNode;
}) {
  const { control } = useFormContext<FieldValues>();
  const { rows, canAdd, add, remove, move } = useRows({ control, name, max, empty: empty as never });
  return (
    <div className={cn('flex flex-col gap-3 sm:col-span-2', className)}>
      {rows.length === 0 && emptyText && <p className="text-sm text-neutral-500">{emptyText}</p>}
      {rows.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={label}>
          {rows.map((row, i) => (
            <li
              key={row.id}
              className={cn(
                'rounded-lg border border-neutral-200',
                layout === 'line'
                  ? 'flex flex-wrap items-start gap-3 bg-neutral-50 px-3 py-2.5'
                  : 'flex flex-col gap-3 p-3',
              )}
            >
              {layout === 'line' && children(i)}
              <div
                className={cn(
                  'flex items-center gap-1',
                  layout === 'line' ? 'order-last mt-5 ms-auto' : '-mb-1 min-h-8',
                )}
              >
                {layout === 'card' && rowTitle && (
                  <h3 className="me-auto text-sm font-semibold text-neutral-900">{rowTitle(i + 1)}</h3>
                )}
                {layout === 'card' && !rowTitle && <span className="me-auto" />}
                {movable && moveLabels && (
                  <>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={moveLabels.up(i + 1)}
                    >
                      <ArrowUp size={15} aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={i === rows.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={moveLabels.down(i + 1)}
                    >
                      <ArrowDown size={15} aria-hidden="true" />
                    </Button>
                  </>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-danger-700"
                  onClick={() => remove(i)}
                  aria-label={removeLabel(i + 1)}
                >
                  <Trash2 size={15} aria-hidden="true" />
                </Button>
              </div>
              {layout === 'card' && children(i)}
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={add}>
          <Plus size={15} aria-hidden="true" />
          {addText}
        </Button>
      )}
    </div>
  );
}
