/**
 * Route descriptors (method, path, flags) of ./agent.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./agent.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** The routes of agentApi (./agent.ts): method, path and flags. */
export const agentRoutes = {
  get: { method: 'GET', path: '/crm/api/agent/get' },
  update: { method: 'POST', path: '/crm/api/agent/update' },
} as const satisfies RouteDescriptors;
