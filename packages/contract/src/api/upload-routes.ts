/**
 * Route descriptors (method, path, flags) of ./upload.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./upload.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** Image types accepted, recognised by their first bytes (never by name or the client's type). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** Image variants made on upload (SPEC §9 media thumbnails): 1200 wide, and a 374x500 poster crop. */
export const IMAGE_VARIANTS = { w1200: { width: 1200 }, poster: { width: 374, height: 500 } } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

/** The routes of uploadApi (./upload.ts): method, path and flags. */
export const uploadRoutes = {
  image: { method: 'POST', path: '/crm/api/image/upload', invisibleCaptcha: true },
  file: { method: 'POST', path: '/crm/api/file/upload', invisibleCaptcha: true },
  video: { method: 'POST', path: '/crm/api/file/upload-video', invisibleCaptcha: true },
} as const satisfies RouteDescriptors;
