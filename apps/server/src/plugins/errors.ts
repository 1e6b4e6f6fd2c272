import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  MAX_ID,
  coded,
  messageCodeOf,
  messageText,
  type CodedMessage,
  type MessageCode,
  type MessageParams,
  type ValidationErrorBody,
} from '@tourdesk/contract';
import { AppError, toCoded, type FieldMessages } from '../lib/app-error';

/** The message code of each status we answer ourselves (the kind's own code where there is one). */
const STATUS_CODES_OF: Record<number, MessageCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
};

/** Fastify's own client errors we answer with a clearer text than its internal one. */
const FASTIFY_CODES: Record<string, MessageCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_json_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
};

/** A `{ message, code, params? }` body: the English text made from the code, and the code beside it. */
export const messageBody = (message: CodedMessage): { message: string; code: MessageCode; params?: MessageParams } =>
  message.params
    ? { message: messageText(message.code, message.params), code: message.code, params: message.params }
    : { message: messageText(message.code), code: message.code };

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
 * Zod issues in the words of SPEC §5, so a form shows the same text the client-side rule would.
 * Every kind SPEC has no words for (a value outside an enum, a union no branch of which fits, a
 * list too long, a pattern…) is SPEC's default, 'Incorrect value'.
 */
const specCode = (keyword: string, p: ZodIssueParams, sent: unknown): CodedMessage => {
  // a missing field is required; one sent with the wrong type (a list for a name) is incorrect
  if (keyword === 'invalid_type') return coded(sent === undefined || sent === null ? 'required' : 'incorrect_value');
  if (keyword === 'too_small' && p.origin === 'string')
    return Number(p.minimum) <= 1 ? coded('required') : coded('min_length', { length: Number(p.minimum) });
  if (keyword === 'too_big' && p.origin === 'string') return coded('max_length', { length: Number(p.maximum) });
  // an exclusive bound (positive(): 0 itself is refused) has no 'Minimum N' that is true for
  // decimals; SPEC's non_zero says 'Incorrect value'. So does a number past the safe integers.
  if ((keyword === 'too_small' || keyword === 'too_big') && (p.inclusive === false || p.origin === 'int'))
    return coded('incorrect_value');
  if (keyword === 'too_small' && p.origin === 'number') return coded('min_value', { min: Number(p.minimum) });
  // an id past PostgreSQL's integer names no row: 'Maximum 2147483647' would mean nothing to a person
  if (keyword === 'too_big' && p.origin === 'number' && Number(p.maximum) === MAX_ID) return coded('incorrect_value');
  if (keyword === 'too_big' && p.origin === 'number') return coded('max_value', { max: Number(p.maximum) });
  if (keyword === 'invalid_format' && p.format === 'email') return coded('email');
  if (keyword === 'invalid_format' && p.format === 'url') return coded('url');
  return coded('incorrect_value');
};

/**
 * The field's message: the code the contract gave the issue (`issueOf`, the SPEC rules' custom
 * issues) when it gave one, else SPEC's words for the issue. A contract text without a code is
 * not sent: every text the server sends is made from a code.
 */
const issueCode = (keyword: string, p: ZodIssueParams & { params?: unknown }, sent: unknown): CodedMessage =>
  (keyword !== 'invalid_type' && messageCodeOf(p.params)) || specCode(keyword, p, sent);

/**
 * Zod issues of a value a service parses itself (a body field typed `unknown` in the contract) as
 * field messages, in the same words as the route validation's, each path under `prefix`.
 */
export const zodIssueFields = (
  issues: readonly { code: string; path: PropertyKey[]; message: string }[],
  source: unknown,
  prefix: string,
): FieldMessages => {
  const fields: FieldMessages = {};
  for (const issue of issues) {
    const { code, path, message: _message, ...params } = issue as typeof issue & ZodIssueParams;
    const instancePath = `/${path.map(String).join('/')}`;
    if (code === 'unrecognized_keys' && (params as ZodIssueParams).keys) {
      for (const k of (params as ZodIssueParams).keys!)
        (fields[[prefix, fieldName(instancePath, k)].join('.')] ??= []).push('unknown_field');
      continue;
    }
    const key = path.length ? `${prefix}.${fieldName(instancePath)}` : prefix;
    fields[key] ??= [issueCode(code, params as ZodIssueParams, sentValue(source, instancePath))];
  }
  return fields;
};

const sendMessage = (reply: FastifyReply, status: number, fastifyCode: string | undefined): FastifyReply => {
  const code = (fastifyCode && FASTIFY_CODES[fastifyCode]) || STATUS_CODES_OF[status] || 'bad_request';
  return reply.status(status).send(messageBody(coded(code)));
};

const SERVER_ERROR_BODY = messageBody(coded('server'));

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
    void reply.status(500).send(SERVER_ERROR_BODY);
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
    const body = JSON.stringify(messageBody(coded(STATUS_CODES_OF[status] ?? 'bad_request')));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};

/** A 422 body: the SPEC's `errors` texts, and beside them `codes`, field by field in the same order. */
export const validationBody = (fields: FieldMessages, message: CodedMessage): ValidationErrorBody => {
  const errors: Record<string, string[]> = {};
  const codes: Record<string, CodedMessage[]> = {};
  for (const [field, refs] of Object.entries(fields)) {
    codes[field] = refs.map(toCoded);
    errors[field] = codes[field].map((c) => messageText(c.code, c.params));
  }
  return { ...messageBody(message), errors, codes };
};

/** One error handler for the whole app: the SPEC error shapes, never a stack trace or SQL text. */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'service error');
      if (error.code === 'validation')
        return reply.status(422).send(validationBody(error.options.fields ?? {}, error.coded));
      if (error.code === 'too_many_requests' && error.options.captcha)
        return reply.status(429).send({ ...error.options.captcha, ...messageBody(error.coded) });
      return reply.status(error.status).send(messageBody(error.coded));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldMessages = {};
      const source = (error as FastifyError).validationContext === 'querystring' ? request.query : request.body;
      for (const v of error.validation) {
        const params = (v.params ?? {}) as ZodIssueParams & { params?: unknown };
        if (v.keyword === 'unrecognized_keys' && params.keys) {
          for (const k of params.keys) (fields[fieldName(v.instancePath, k)] ??= []).push('unknown_field');
          continue;
        }
        const key = fieldName(v.instancePath);
        fields[key] ??= [issueCode(v.keyword, params, sentValue(source, v.instancePath))];
      }
      return reply.status(422).send(validationBody(fields, coded('validation')));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return sendMessage(reply, status, (error as FastifyError).code);
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(SERVER_ERROR_BODY);
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send(messageBody(coded('not_found'))));
};
