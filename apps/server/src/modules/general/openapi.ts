import { z } from 'zod';
import * as contract from '@tourdesk/contract';
import type { RouteContract } from '@tourdesk/contract';

const isRoute = (v: unknown): v is RouteContract =>
  typeof v === 'object' &&
  v !== null &&
  'method' in v &&
  'path' in v &&
  'response' in v &&
  typeof (v as { path: unknown }).path === 'string';

/** Every route declared in packages/contract (each `xxxApi` object), found by shape. */
export const contractRoutes = (): RouteContract[] =>
  Object.values(contract)
    .filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    .flatMap((group) => Object.values(group as Record<string, unknown>).filter(isRoute));

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
  } catch {
    return {};
  }
};

/** OpenAPI 3 document generated from the contract: the same schemas the server validates with. */
export const buildOpenApi = (info: { title: string; version: string }) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of contractRoutes()) {
    const query = r.query
      ? (jsonSchema(r.query, 'input') as { properties?: Record<string, unknown>; required?: string[] })
      : null;
    const op: Record<string, unknown> = {
      ...(r.summary ? { summary: r.summary } : {}),
      ...(r.isPublic ? { security: [] } : {}),
      ...(query?.properties
        ? {
            parameters: Object.entries(query.properties).map(([name, schema]) => ({
              name,
              in: 'query',
              required: query.required?.includes(name) ?? false,
              schema,
            })),
          }
        : {}),
      ...(r.body ? { requestBody: { content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } } } : {}),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: jsonSchema(r.response, 'output') } } },
        ...(r.isPublic
          ? {}
          : {
              401: {
                description: 'Unauthenticated',
                content: { 'application/json': { schema: jsonSchema(contract.messageErrorBodySchema, 'output') } },
              },
            }),
        422: {
          description: 'Validation failed',
          content: { 'application/json': { schema: jsonSchema(contract.validationErrorBodySchema, 'output') } },
        },
        ...(r.invisibleCaptcha
          ? {
              429: {
                description: 'Captcha required',
                content: { 'application/json': { schema: jsonSchema(contract.captchaErrorBodySchema, 'output') } },
              },
            }
          : {}),
      },
    };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info,
    components: {
      securitySchemes: {
        bearer: { type: 'apiKey', in: 'header', name: 'X-Authorization', description: 'Bearer <access token>' },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
};
