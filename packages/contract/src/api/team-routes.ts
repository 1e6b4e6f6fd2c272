/**
 * Route descriptors (method, path, flags) of ./team.ts, free of zod: the web calls the API with
 * these and never loads a schema.
 */
import type { RouteDescriptors } from '../route';

/** The routes of teamApi (./team.ts): an organizer's members and their roles (issue 29). */
export const teamRoutes = {
  members: { method: 'GET', path: '/crm/api/team/members' },
  changeRole: { method: 'POST', path: '/crm/api/team/change-role' },
  remove: { method: 'POST', path: '/crm/api/team/remove' },
} as const satisfies RouteDescriptors;
