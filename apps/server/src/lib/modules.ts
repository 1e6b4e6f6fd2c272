import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { AuthService } from '../modules/auth/index';
import type { Realtime } from '../plugins/realtime';
import type { Limits } from '../plugins/rate-limit';
import type { BuildInfo } from './build-info';
import type { ContextOf } from './context';
import type { EventDispatcher, Subscriber } from './domain-events';
import type { Secrets } from './secrets';
import type { SweepJob } from './sweeps';
import type { Tenancy } from './tenancy';
import type { TokenSigner } from './tokens';
import type { Delivery } from './transports/index';
import type { RealtimeHandlers } from '../modules/realtime/index';

/**
 * What the app gives every module: the configuration and the parts that are not a module of the
 * domain (the database, the token signer, real time, rate limits, the outgoing messages' delivery).
 */
export interface Platform {
  config: Config;
  /** the database; `db` wakes the domain-event dispatcher after each commit that recorded events */
  database: Database;
  db: Db;
  secrets: Secrets;
  buildInfo: BuildInfo;
  log: FastifyBaseLogger;
  signer: TokenSigner;
  realtime: Realtime;
  limits: Limits;
  tenancy: Tenancy;
  delivery: Delivery;
  /** the sessions: the token check of every API route, and who is signed in */
  auth: AuthService;
  /** turns a route's request into the services' context (lib/context.ts) */
  contextOf: ContextOf;
  /** where an uploaded file is served */
  fileUrl: (fileId: number | null) => string | null;
  brandName: string;
  /** the marketplace operator's token (DATA_DIR/operator-token or ADMIN_TOKEN) */
  operatorToken: string;
  /** tests only: private addresses the upload URL fetcher may reach */
  uploadFetchAllowAddresses?: readonly string[];
}

/**
 * Every service of the app, by name: plain functions of a context and domain arguments
 * (lib/context.ts), for routes, sweeps, webhooks, commands and tests (`app.services`). The
 * platform's are declared here; each module adds its own from its manifest file with
 * `declare module '../../lib/modules' { interface Services { … } }`.
 */
export interface Services {
  tenancy: Tenancy;
  auth: AuthService;
  /** outgoing messages: the outbox, the transports; its delivery sweep retries */
  delivery: Delivery;
  /** the domain events' dispatcher: its subscribers, woken after each commit, and its sweeps */
  events: EventDispatcher;
}

/**
 * A server module's manifest (`modules/<name>/index.ts` exports it; `modules.ts` lists them in
 * the order they are built). The app builds each module's services, then registers every
 * module's routes, gathers their event subscribers and real-time handlers, and the server runs
 * their sweeps: adding a module touches that list, its migration and its contract.
 */
export interface ServerModule {
  name: string;
  /**
   * The services `create` reads while it builds (the list must build them first; reading another
   * one then throws). Services used only when called (a route, an event) need not be listed:
   * by then every module is built.
   */
  needs?: readonly (keyof Services)[];
  /** builds the services this module adds to `Services` */
  create?: (platform: Platform, services: Services) => Partial<Services> | Promise<Partial<Services>>;
  /** its API routes, registered once every module's services are built */
  routes?: (app: FastifyInstance, services: Services, platform: Platform) => void | Promise<void>;
  /** routes that read or set cookies (the refresh token, a file link's token copy): in the cookie scope */
  cookieRoutes?: (app: FastifyInstance, services: Services, platform: Platform) => void | Promise<void>;
  /** what the real-time subscriber publishes for its domain events */
  realtime?: (services: Services) => RealtimeHandlers;
  /** its own subscribers of the domain events (each with its cursor) */
  subscribers?: (services: Services, platform: Platform) => Subscriber[];
  /** its timed work, run by server.ts (each sweep takes its own lock on PostgreSQL) */
  sweeps?: (services: Services, platform: Platform) => SweepJob[];
}

/**
 * Builds the modules' services in the list's order into one registry (the app adds `events`, the
 * dispatcher of the modules' subscribers, once they are all built). While a module builds,
 * it may read only what it `needs` (and the platform's services), so an undeclared or misordered
 * dependency fails at start, not on the first call that meets it.
 */
export const buildServices = async (
  modules: readonly ServerModule[],
  platform: Platform,
  platformServices: Pick<Services, 'tenancy' | 'auth' | 'delivery'>,
): Promise<Services> => {
  const registry: Record<string, unknown> = { ...platformServices };
  let building: ServerModule | null = null;
  const services = new Proxy(registry, {
    get: (target, key) => {
      if (building && typeof key === 'string' && !(key in platformServices)) {
        if (!(building.needs ?? []).includes(key as keyof Services))
          throw new Error(
            `module ${building.name} reads services.${key} while it builds but does not list it in needs`,
          );
        if (!(key in target)) throw new Error(`module ${building.name} needs ${key}, which no module before it builds`);
      }
      return target[key as string];
    },
  }) as unknown as Services;
  for (const module of modules) {
    building = module;
    const built = module.create ? await module.create(platform, services) : {};
    building = null;
    for (const [key, value] of Object.entries(built)) {
      if (key in registry) throw new Error(`module ${module.name} builds services.${key}, which already exists`);
      registry[key] = value;
    }
  }
  return services;
};
