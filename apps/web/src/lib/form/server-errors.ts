import type { CodedMessage } from '@tourdesk/contract/messages';
import { isApiError } from '../api/api-error';

/**
 * Where a failed call's messages go (CONVENTIONS): a 422's field errors onto the form's fields by
 * path (`penalties.2.percent`), the first one focused; whatever no field of this form can take
 * (another field, a `{ message }` body, a network or server failure) as one translated toast.
 */
export interface ServerErrorTargets {
  fields: { path: string; message: CodedMessage }[];
  /** true when a toast must say something; `message` is what it says when the server sent one */
  toast: boolean;
  toastMessage?: CodedMessage;
}

export const serverErrorTargets = (error: unknown, owns: (path: string) => boolean): ServerErrorTargets => {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return { fields: [], toast: true };
  const fields: ServerErrorTargets['fields'] = [];
  let stray: CodedMessage | undefined;
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0];
    if (!first) continue;
    if (owns(path)) fields.push({ path, message: first });
    else stray ??= first;
  }
  if (fields.length === 0) return { fields, toast: true, toastMessage: stray ?? error.coded ?? undefined };
  return stray ? { fields, toast: true, toastMessage: stray } : { fields, toast: false };
};
