/**
 * A form's values, derived from the contract's request body (CONVENTIONS: a form names its
 * contract type and gets its values from it) instead of a hand-written `*Values` copy:
 * - every field is present (an optional field of the body is there, blank, in the form);
 * - a number may be null: an empty number input, or nothing chosen yet in a select of ids;
 * - nested objects and rows of objects are mapped the same way, so `penalties.2.percent` is
 *   `number | null` too; a list of plain values (ids, e-mails) stays as the body has it.
 * Where a screen holds more than the body (a UI-only toggle, every weekday), extend it
 * explicitly: `FormValues<Body> & { all_tours: boolean }`, with a `prepare` that makes the body.
 */
export type FormValues<Body> = { [K in keyof Body]-?: FormValue<Exclude<Body[K], undefined>> };

/** One field as the form holds it (see FormValues). */
export type FormValue<T> = [T] extends [never]
  ? never
  : T extends number
    ? T | null
    : T extends readonly (infer Row)[]
      ? Row extends object
        ? FormValues<Row>[]
        : T
      : T extends object
        ? FormValues<T>
        : T;

/**
 * The body the values make once the form's checks passed: the one place a form's values become
 * its request. The checks are the contract's rule map of that request (the server builds its
 * schema from the same map), so a number the request needs is not null any more, and an optional
 * field sent blank means what the server takes it to mean (nothing, or "clear it").
 */
export const formBody = <Body>(values: FormValues<Body>): Body => values as unknown as Body;

/**
 * The values of a form that asks some fields of its body only sometimes (the current password
 * when the account has one): those may be absent from the values, and then from the body.
 */
export type PartialFormValues<Body, Sometimes extends keyof Body> = Omit<FormValues<Body>, Sometimes> &
  Partial<Pick<FormValues<Body>, Sometimes>>;
