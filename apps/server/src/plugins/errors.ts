import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_ERROR_MESSAGES, SERVER_ERROR_MESSAGE } from '@tourdesk/contract';
import { AppError } from '../lib/app-error';

const STATUS_MESSAGES: Record<number, string> = {
  400: DEFAULT_ERROR_MESSAGES.bad_request,
  401: DEFAULT_ERROR_MESSAGES.unauthorized,
  403: DEFAULT_ERROR_MESSAGES.forbidden,
  404: DEFAULT_ERROR_MESSAGES.not_found,
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: DEFAULT_ERROR_MESSAGES.payload_too_large,
  415: DEFAULT_ERROR_MESSAGES.unsupported_media_type,
  429: DEFAULT_ERROR_MESSAGES.too_many_requests,
};

/** Fastify's own client errors we answer with a clearer text than its internal one. */
const FASTIFY_CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body cannot be empty when content-type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: DEFAULT_ERROR_MESSAGES.payload_too_large,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: DEFAULT_ERROR_MESSAGES.unsupported_media_type,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
};

/** 'body.email' / 'querystring.limit' → 'email' / 'limit': the form field the client knows. */
const fieldName = (instancePath: string, missing?: unknown): string => {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missing === 'string') parts.push(missing);
  return parts.join('.') || '_';
};

interface ZodIssueParams {
  keys?: string[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  expected?: string;
}

/** The value at a validation error's path in what the client sent (zod issues carry no input). */
const sentValue = (source: unknown, instancePath: string): unknown => {
  let cur = source;
  for (const part of instancePath.split('/').filter(Boolean)) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
};

/** Zod issues in the words of SPEC §5, so a form shows the same text the client-side rule would. */
const specMessage = (keyword: string, p: ZodIssueParams, fallback: string | undefined, sent: unknown): string => {
  // a missing field is required; one sent with the wrong type (a list for a name) is incorrect
  if (keyword === 'invalid_type') return sent === undefined || sent === null ? 'Required field' : 'Incorrect value';
  if (keyword === 'too_small' && p.origin === 'string') return Number(p.minimum) <= 1 ? 'Required field' : `Minimum ${p.minimum} characters`;
  if (keyword === 'too_big' && p.origin === 'string') return `Maximum ${p.maximum} characters`;
  // an exclusive bound (positive(): 0 itself is refused) has no 'Minimum N' that is true for
  // decimals; SPEC's non_zero says 'Incorrect value'. So does a number past the safe integers.
  if ((keyword === 'too_small' || keyword === 'too_big') && (p.inclusive === false || p.origin === 'int')) return 'Incorrect value';
  if (keyword === 'too_small' && p.origin === 'number') return `Minimum ${p.minimum}`;
  if (keyword === 'too_big' && p.origin === 'number') return `Maximum ${p.maximum}`;
  if (keyword === 'invalid_format' && p.format === 'email') return 'Please enter a valid e-mail';
  if (keyword === 'invalid_format' && p.format === 'url') return 'Incorrect url';
  return fallback ?? 'Incorrect value';
};

/** One error handler for the whole app: the SPEC error shapes, never a stack trace or SQL text. */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'service error');
      if (error.code === 'validation') return reply.status(422).send({ message: error.message, errors: error.options.fields ?? {} });
      if (error.code === 'too_many_requests' && error.options.captcha) return reply.status(429).send({ ...error.options.captcha, message: error.message });
      return reply.status(error.status).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      const source = (error as FastifyError).validationContext === 'querystring' ? request.query : request.body;
      for (const v of error.validation) {
        const params = (v.params ?? {}) as ZodIssueParams;
        if (v.keyword === 'unrecognized_keys' && params.keys) {
          for (const k of params.keys) (errors[fieldName(v.instancePath, k)] ??= []).push('Unknown field');
          continue;
        }
        const key = fieldName(v.instancePath);
        if (!errors[key]) errors[key] = [specMessage(v.keyword, params, v.message, sentValue(source, v.instancePath))];
      }
      return reply.status(422).send({ message: DEFAULT_ERROR_MESSAGES.validation, errors });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      const message = (code && FASTIFY_CODE_MESSAGES[code]) ?? STATUS_MESSAGES[status] ?? DEFAULT_ERROR_MESSAGES.bad_request;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: DEFAULT_ERROR_MESSAGES.not_found }));
};
