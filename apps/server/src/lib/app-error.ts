import {
  ERROR_STATUS,
  coded,
  messageText,
  type CaptchaType,
  type CodedMessage,
  type ErrorCode,
  type MessageCode,
} from '@tourdesk/contract';

/** A text as its code (`'email_taken'`) or a code with params (`coded('resend_too_soon', { seconds })`). */
export type MessageRef = MessageCode | CodedMessage;
/** field path → its messages, for 422 */
export type FieldMessages = Record<string, MessageRef[]>;

export const toCoded = (ref: MessageRef): CodedMessage => (typeof ref === 'string' ? coded(ref) : ref);

export interface AppErrorOptions {
  /** the message, when not the kind's own text (`not_found` → 'Not found') */
  message?: MessageRef;
  /** field → messages, for 422 */
  fields?: FieldMessages;
  /** for 429 */
  captcha?: { type: CaptchaType; request_id?: string; requestUUID?: string; subscriber_id?: string };
}

/**
 * What services throw; the error handler turns it into the SPEC error shape. Texts are named by
 * their codes (packages/contract/src/messages.ts); the English text is made from the code.
 */
export class AppError extends Error {
  readonly status: number;
  /** the message's code and params, sent beside the text */
  readonly coded: CodedMessage;
  constructor(
    /** the kind, which sets the HTTP status */
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    const message = toCoded(options.message ?? code);
    super(messageText(message.code, message.params));
    this.coded = message;
    this.status = ERROR_STATUS[code];
  }

  static validation(fields: FieldMessages, message?: MessageRef): AppError {
    return new AppError('validation', { fields, message });
  }

  static notFound(message?: MessageRef): AppError {
    return new AppError('not_found', { message });
  }
}
