/**
 * Route descriptors of ./help.ts, free of zod (the web calls the API with these and never loads a
 * schema), and the help form's limits the web's form checks too.
 */
import type { RouteDescriptors } from '../route';

/** POST /spa/submit-help-request (SPEC §7, `data`): public, the invisible captcha. */
export const helpRoutes = {
  submit: { method: 'POST', path: '/spa/submit-help-request', isPublic: true, invisibleCaptcha: true },
} as const satisfies RouteDescriptors;

export const HELP_NAME_MAX_LENGTH = 120;
export const HELP_MESSAGE_MAX_LENGTH = 4000;
/** where the form was sent from: a page address or path */
export const HELP_PAGE_MAX_LENGTH = 500;
