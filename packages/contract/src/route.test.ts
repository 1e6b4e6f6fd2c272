import fs from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as contract from './index';
import type { RouteBody, RouteContract, RouteDescriptor, RouteQuery, RouteResponse } from './route';
import type { organizerApi } from './api/organizer';
import type { organizerRoutes } from './api/organizer-routes';
import type { userApi } from './api/user';
import type { userRoutes } from './api/user-routes';
import type { User } from './entities/user';

const FLAGS = ['isPublic', 'invisibleCaptcha'] as const;
const descriptorOf = (r: RouteDescriptor) => ({
  method: r.method,
  path: r.path,
  ...Object.fromEntries(FLAGS.filter((f) => r[f] !== undefined).map((f) => [f, r[f]])),
});

/** Every `xxxApi` map of the contract, by name. */
const apiMaps = Object.entries(contract).filter(([name]) => name.endsWith('Api')) as [
  string,
  Record<string, RouteContract>,
][];

/** Every `xxxRoutes` map of the api/*-routes.ts modules, by name. */
const areas = fs
  .readdirSync(new URL('./api/', import.meta.url))
  .filter((f) => f.endsWith('-routes.ts'))
  .map((f) => f.replace(/-routes\.ts$/, ''));
const descriptorMaps = new Map<string, Record<string, RouteDescriptor>>();
for (const area of areas) {
  const module = (await import(`./api/${area}-routes.ts`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module))
    if (name.endsWith('Routes')) descriptorMaps.set(name, value as Record<string, RouteDescriptor>);
}

describe('route descriptors (what the web calls with)', () => {
  it('exist for every route of every API map, with its method, path and flags', () => {
    expect(apiMaps.length).toBeGreaterThanOrEqual(10);
    for (const [apiName, routes] of apiMaps) {
      const descriptors = descriptorMaps.get(apiName.replace(/Api$/, 'Routes'));
      expect(descriptors, `${apiName}: no descriptors in api/*-routes.ts`).toBeDefined();
      expect(Object.keys(descriptors!).sort(), apiName).toEqual(Object.keys(routes).sort());
      for (const [key, route] of Object.entries(routes))
        expect(descriptorOf(route), `${apiName}.${key}`).toEqual(descriptorOf(descriptors![key]!));
    }
  });

  it('carry nothing but method, path and flags (no schema)', () => {
    expect(descriptorMaps.size).toBe(apiMaps.length);
    for (const [name, descriptors] of descriptorMaps)
      for (const [key, d] of Object.entries(descriptors))
        expect(
          Object.keys(d).every((k) => ['method', 'path', ...FLAGS].includes(k)),
          `${name}.${key}`,
        ).toBe(true);
  });

  it('name each method and path once', () => {
    const all = apiMaps.flatMap(([, routes]) => Object.values(routes).map((r) => `${r.method} ${r.path}`));
    expect(new Set(all).size).toBe(all.length);
  });

  it("type a call by its descriptor exactly as by the route's contract", () => {
    expectTypeOf<RouteResponse<typeof userRoutes.profile>>().toEqualTypeOf<User>();
    expectTypeOf<RouteResponse<typeof userRoutes.auth>>().toEqualTypeOf<RouteResponse<typeof userApi.auth>>();
    expectTypeOf<RouteBody<typeof userRoutes.auth>>().toEqualTypeOf<RouteBody<typeof userApi.auth>>();
    expectTypeOf<RouteQuery<typeof organizerRoutes.info>>().toEqualTypeOf<RouteQuery<typeof organizerApi.info>>();
    expectTypeOf<RouteBody<typeof userRoutes.profile>>().toEqualTypeOf<undefined>();
  });
});
