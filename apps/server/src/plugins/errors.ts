import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_ERROR_MESSAGES, SERVER_ERROR_MESSAGE } from '@tourdesk/contract';
import { AppError } from '../lib/app-error';

const STATUS_MESSAGES: Record<number, string> = {
  400: DEFAULT_ERROR_MESSAGES.bad_request,
  401: DEFAULT_ERROR_MESSAGES.unauthorized,
  403: DEFAULT_ERROR_MESSAGES.forbidden,
  404: DEFAULT_ERROR_MESSAGES.not_found,
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'Request timeout',
  413: DEFAULT_ERROR_MESSAGES.payload_too_large,
  414: 'URI too long',
  415: DEFAULT_ERROR_MESSAGES.unsupported_media_type,
  429: DEFAULT_ERROR_MESSAGES.too_many_requests,
  431: 'Request headers too large',
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

/**
 * zod's own (locale) wording for an issue. A message that differs is one the contract gave the
 * field (`z.enum([...], 'Pick one')`, a refine's message, the SPEC rules' custom issues) and is
 * kept; zod's wording is never shown. The issue is rebuilt from what the validation error keeps
 * (zod drops the input, so the value sent is put back for kinds whose wording names it).
 */
const zodWording = (keyword: string, params: ZodIssueParams, sent: unknown): string | undefined => {
  const worded = z
    .config()
    .localeError?.({ ...params, code: keyword, input: sent, path: [] } as unknown as Parameters<
      NonNullable<z.core.$ZodConfig['localeError']>
    >[0]);
  return typeof worded === 'string' ? worded : (worded?.message ?? undefined);
};

/**
 * Zod issues in the words of SPEC §5, so a form shows the same text the client-side rule would.
 * Every kind SPEC has no words for (a value outside an enum, a union no branch of which fits, a
 * list too long, a pattern…) is SPEC's default, 'Incorrect value'.
 */
const specMessage = (keyword: string, p: ZodIssueParams, sent: unknown): string => {
  // a missing field is required; one sent with the wrong type (a list for a name) is incorrect
  if (keyword === 'invalid_type') return sent === undefined || sent === null ? 'Required field' : 'Incorrect value';
  if (keyword === 'too_small' && p.origin === 'string')
    return Number(p.minimum) <= 1 ? 'Required field' : `Minimum ${p.minimum} characters`;
  if (keyword === 'too_big' && p.origin === 'string') return `Maximum ${p.maximum} characters`;
  // an exclusive bound (positive(): 0 itself is refused) has no 'Minimum N' that is true for
  // decimals; SPEC's non_zero says 'Incorrect value'. So does a number past the safe integers.
  if ((keyword === 'too_small' || keyword === 'too_big') && (p.inclusive === false || p.origin === 'int'))
    return 'Incorrect value';
  if (keyword === 'too_small' && p.origin === 'number') return `Minimum ${p.minimum}`;
  if (keyword === 'too_big' && p.origin === 'number') return `Maximum ${p.maximum}`;
  if (keyword === 'invalid_format' && p.format === 'email') return 'Please enter a valid e-mail';
  if (keyword === 'invalid_format' && p.format === 'url') return 'Incorrect url';
  return 'Incorrect value';
};

/** The field's message: the contract's own when it gave one, else SPEC's words for the issue. */
const issueMessage = (keyword: string, p: ZodIssueParams, message: string | undefined, sent: unknown): string => {
  // a type error's wording names the type received; contracts give type errors no words of their own
  if (keyword !== 'invalid_type' && message && message !== zodWording(keyword, p, sent)) return message;
  return specMessage(keyword, p, sent);
};

const sendMessage = (reply: FastifyReply, status: number, code: string | undefined): FastifyReply => {
  const message =
    (code && FASTIFY_CODE_MESSAGES[code]) ?? STATUS_MESSAGES[status] ?? DEFAULT_ERROR_MESSAGES.bad_request;
  return reply.status(status).send({ message });
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a URL that
 * does not decode, a path parameter past maxParamLength, a failing async constraint). Answered in
 * the SPEC shape with the headers every answer has, not Fastify's `{ error, code, statusCode }`.
 */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'framework error');
    void reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
    return;
  }
  void sendMessage(reply, status, undefined);
};

type ConnectionError = Error & { code?: string };
/**
 * Fastify's `clientErrorHandler`: a request node's HTTP parser cannot read (a broken header line,
 * headers too large, a timeout) gets the SPEC shape on the socket too.
 */
export const answerClientError = (error: ConnectionError, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) {
    const body = JSON.stringify({ message: STATUS_MESSAGES[status] });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};

/** One error handler for the whole app: the SPEC error shapes, never a stack trace or SQL text. */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'service error');
      if (error.code === 'validation')
        return reply.status(422).send({ message: error.message, errors: error.options.fields ?? {} });
      if (error.code === 'too_many_requests' && error.options.captcha)
        return reply.status(429).send({ ...error.options.captcha, message: error.message });
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
        if (!errors[key]) errors[key] = [issueMessage(v.keyword, params, v.message, sentValue(source, v.instancePath))];
      }
      return reply.status(422).send({ message: DEFAULT_ERROR_MESSAGES.validation, errors });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return sendMessage(reply, status, (error as FastifyError).code);
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: DEFAULT_ERROR_MESSAGES.not_found }));
};
