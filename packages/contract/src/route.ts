import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * One API route: method, path, and the zod schemas of its query, body and response.
 * The server registers routes from these; the web derives fetcher types from them.
 */
export interface RouteContract<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: M;
  path: P;
  query?: Q;
  body?: B;
  response: R;
  /** true for routes a guest may call; every other route needs a valid access token */
  isPublic?: boolean;
  /** the call carries an invisible captcha token (SPEC §7) */
  invisibleCaptcha?: boolean;
  summary?: string;
}

export const defineRoute = <
  M extends HttpMethod,
  P extends string,
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  route: RouteContract<M, P, Q, B, R>,
): RouteContract<M, P, Q, B, R> => route;

export type RouteQuery<T> =
  T extends RouteContract<HttpMethod, string, infer Q> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type RouteBody<T> =
  T extends RouteContract<HttpMethod, string, z.ZodType | undefined, infer B>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type RouteResponse<T> =
  T extends RouteContract<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? z.output<R>
    : never;
