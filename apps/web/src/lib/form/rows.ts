import { useFieldArray, type ArrayPath, type Control, type FieldArray, type FieldValues } from 'react-hook-form';

/**
 * Rows of a list field (penalties, programme days, discounts, dates): add up to `max`, remove,
 * move. Each row's fields register as `${name}.${index}.field`, so their errors (the form's and
 * the server's, e.g. `penalties.2.percent`) land on the row.
 */
export function useRows<V extends FieldValues, N extends ArrayPath<V>>({
  control,
  name,
  max,
  empty,
}: {
  control: Control<V>;
  name: N;
  max?: number;
  /** a new row's values */
  empty: () => FieldArray<V, N>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name });
  const canAdd = max === undefined || fields.length < max;
  return {
    rows: fields,
    canAdd,
    add: () => canAdd && append(empty()),
    remove,
    move,
  };
}
