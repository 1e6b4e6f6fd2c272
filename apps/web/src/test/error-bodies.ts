import { coded, messageText, type CodedMessage, type MessageCode } from '@tourdesk/contract/messages';

type Ref = MessageCode | CodedMessage;
const toCoded = (ref: Ref): CodedMessage => (typeof ref === 'string' ? coded(ref) : ref);

/** A `{ message, code }` body as the server sends it, the text made from the code. */
export const messageError = (ref: Ref) => {
  const c = toCoded(ref);
  return { message: messageText(c.code, c.params), ...c };
};

/** A 422 body as the server sends it: `errors` texts and their `codes`, field by field. */
export const validationError = (fields: Record<string, Ref>, message: Ref = 'validation') => ({
  ...messageError(message),
  errors: Object.fromEntries(Object.entries(fields).map(([f, r]) => [f, [messageError(r).message]])),
  codes: Object.fromEntries(Object.entries(fields).map(([f, r]) => [f, [toCoded(r)]])),
});
