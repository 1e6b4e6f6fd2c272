import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  COOKIE_NAMES,
  fileUploadFieldsSchema,
  imageUploadFieldsSchema,
  queryIdSchema,
  uploadApi,
  videoUploadFieldsSchema,
} from '@tourdesk/contract';
import { AppError, type FieldMessages } from '../../lib/app-error';
import { bearerToken } from '../../plugins/auth';
import { registerRoute } from '../../lib/route';
import type { ReceivedFile, UploadService } from './upload.service';
import { contentDisposition } from '../../lib/content-disposition';

/** Reads a multipart body: at most one `file` part (size-capped) and the text fields. */
export const readMultipart = async (
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ file: ReceivedFile | null; fields: Record<string, string> }> => {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw AppError.validation({ [part.fieldname]: ['unknown_field'] });
        }
        file = { data: await part.toBuffer(), filename: part.filename || null };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.validation({ file: ['too_large'] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw AppError.validation({ file: ['incorrect_value'] });
    throw new AppError('bad_request');
  }
  return { file, fields };
};

/** The text fields of a multipart body, checked by the same contract schema as a JSON body. */
const parseFields = <S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> => {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: FieldMessages = {};
  for (const issue of parsed.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.') || '_'];
    for (const k of keys) errors[k] ??= [issue.code === 'unrecognized_keys' ? 'unknown_field' : 'incorrect_value'];
  }
  throw AppError.validation(errors);
};

const input = async <S extends z.ZodType>(
  request: FastifyRequest,
  body: unknown,
  schema: S,
  maxBytes: number,
): Promise<{ file: ReceivedFile | null } & z.output<S>> => {
  if (request.isMultipart()) {
    const { file, fields } = await readMultipart(request, maxBytes);
    return { ...(parseFields(schema, fields) as object), file } as { file: ReceivedFile | null } & z.output<S>;
  }
  return { ...((body ?? {}) as object), file: null } as { file: ReceivedFile | null } & z.output<S>;
};

// links and <img> tags carry no header: the SPA keeps a copy of the access token in a cookie
const bearerOrCookie = (request: FastifyRequest): string | null =>
  bearerToken(request) ?? request.cookies?.[COOKIE_NAMES.token] ?? null;

export const uploadRoutes = async (parent: FastifyInstance, deps: { uploads: UploadService }): Promise<void> => {
  const { uploads } = deps;
  // Multipart in a scope of its own: the JSON routes registered beside these (sign-in, profile…)
  // answer a form body with 415 instead of taking it for an empty body.
  await parent.register(async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: Math.max(uploads.maxFileBytes(), uploads.maxVideoBytes()), files: 1 },
    });

    registerRoute(app, uploadApi.image, async ({ userId, request, body }) =>
      uploads.image(userId, await input(request, body, imageUploadFieldsSchema, uploads.maxFileBytes())),
    );
    registerRoute(app, uploadApi.file, async ({ userId, request, body }) =>
      uploads.file(userId, await input(request, body, fileUploadFieldsSchema, uploads.maxFileBytes())),
    );
    registerRoute(app, uploadApi.video, async ({ userId, request, body }) =>
      uploads.video(userId, await input(request, body, videoUploadFieldsSchema, uploads.maxVideoBytes())),
    );

    const params = z.object({ id: queryIdSchema, variant: z.enum(['w1200', 'poster']).optional() });
    const serve = async (request: FastifyRequest<{ Params: unknown }>, reply: import('fastify').FastifyReply) => {
      const p = params.safeParse(request.params);
      if (!p.success) throw AppError.notFound();
      // the same check as the API: a token of an ended session reads no more than a guest
      const identity = await app.verifyAccessToken(bearerOrCookie(request));
      const file = await uploads.serve(identity?.userId ?? 0, p.data.id, p.data.variant);
      if (!file) throw AppError.notFound();
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.isInline ? 'inline' : 'attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
        .header('cache-control', file.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.data);
    };
    app.get('/files/:id', serve);
    app.get('/files/:id/:variant', serve);
  });
};
