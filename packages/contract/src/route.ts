import type { z } from 'zod';
import type * as contract from './index';

export type HttpMethod = 'GET' | 'POST';

/**
 * What a client needs to call a route: method, path and flags. Plain data: the web calls the API
 * with these (`api/<area>-routes.ts`, free of zod) and never loads a schema; the route's full
 * contract in `api/<area>.ts` is built from the same descriptor, so the two cannot drift.
 */
export interface RouteDescriptor<M extends HttpMethod = HttpMethod, P extends string = string> {
  method: M;
  path: P;
  /** true for routes a guest may call; every other route needs a valid access token */
  isPublic?: boolean;
  /** the call carries an invisible captcha token (SPEC §7) */
  invisibleCaptcha?: boolean;
}
export type RouteDescriptors = Readonly<Record<string, Readonly<RouteDescriptor>>>;

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
> extends RouteDescriptor<M, P> {
  query?: Q;
  body?: B;
  response: R;
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

type Exports = typeof contract;
/** Every route contract of the API: the routes of each `xxxApi` map the contract exports. */
export type ApiRoute = {
  [K in keyof Exports]: K extends `${string}Api` ? Exports[K][keyof Exports[K]] : never;
}[keyof Exports];
/** The descriptor of any API route (what the web's client accepts). */
export type ApiRouteDescriptor = ApiRoute extends infer R
  ? R extends RouteContract
    ? RouteDescriptor<R['method'], R['path']>
    : never
  : never;

/** A route's contract: itself, or for a descriptor the API route of the same method and path. */
export type ContractOf<T> = T extends RouteContract
  ? T
  : T extends { method: infer M extends HttpMethod; path: infer P extends string }
    ? Extract<ApiRoute, { method: M; path: P }>
    : never;

type QueryOf<C> =
  C extends RouteContract<HttpMethod, string, infer Q> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
type BodyOf<C> =
  C extends RouteContract<HttpMethod, string, z.ZodType | undefined, infer B>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
type ResponseOf<C> =
  C extends RouteContract<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? z.output<R>
    : never;

/** What a route (its contract or its descriptor) takes as query, as body, and answers. */
export type RouteQuery<T> = QueryOf<ContractOf<T>>;
export type RouteBody<T> = BodyOf<ContractOf<T>>;
export type RouteResponse<T> = ResponseOf<ContractOf<T>>;
