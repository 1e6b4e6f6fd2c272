import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { HttpMethod, RouteContract } from '@tourdesk/contract';

/** The parsed type of an optional contract schema; undefined when the route has none. */
type Out<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.output<NonNullable<S>>
    : undefined;

export interface RouteInput<C extends RouteContract> {
  query: Out<C['query']>;
  body: Out<C['body']>;
  /** the signed-in user; 0 on public routes without a token */
  userId: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Per-route hooks; `onRequest` runs before the body is read and validated (e.g. a webhook's secret). */
export interface RouteHooks {
  onRequest?: onRequestHookHandler;
}

/**
 * Registers a route from its contract: method, path, query and body schemas (unknown fields
 * refused by the strict schemas), and whether it is public. Handlers return the response body.
 */
export const registerRoute = <
  C extends RouteContract<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType>,
>(
  app: FastifyInstance,
  contract: C,
  handler: (input: RouteInput<C>) => Promise<z.input<C['response']>> | z.input<C['response']>,
  hooks: RouteHooks = {},
): void => {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
    },
    config: { isPublic: contract.isPublic === true, invisibleCaptcha: contract.invisibleCaptcha === true },
    ...(hooks.onRequest ? { onRequest: hooks.onRequest } : {}),
    // (not async: the handler's own promise is enough, one fewer per request)
    handler: (request, reply) =>
      handler({
        query: request.query as Out<C['query']>,
        body: request.body as Out<C['body']>,
        userId: request.userId,
        request,
        reply,
      }),
  });
};
