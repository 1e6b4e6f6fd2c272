import { z } from 'zod';
import { defineRoute } from '../route';
import { idSchema, queryIdSchema } from '../entities/common';
import { internalCheckStatusSchema, siteStatusSchema, verificationStatusSchema } from '../enums';
import { successResponseSchema } from './user';
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  OPERATOR_ROLES,
  consoleRoutes,
  operatorAuthRoutes,
  operatorCliRoutes,
} from './operator-console-routes';

export * from './operator-console-routes';

export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

export const operatorAccountSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  role: operatorRoleSchema,
  is_active: z.boolean(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

export const operatorSessionSchema = z.object({
  token: z.string(),
  expires_in: z.number().int(),
  operator: operatorAccountSchema,
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

const emptyBody = z.strictObject({}).nullish();
const reasonSchema = z.string().trim().max(2000);
/** A queue's filter: one brand site, or all of them. */
const queueQuery = z.strictObject({ site_id: queryIdSchema.optional() });

export const verificationQueueItemSchema = z.object({
  organizer_id: idSchema,
  name: z.string(),
  internal_check_status: internalCheckStatusSchema,
  verification_status: verificationStatusSchema,
  full_name: z.string(),
  document_type: z.string(),
  document_number: z.string(),
  /** the uploaded document, when one was sent */
  document_url: z.string().nullable(),
  submitted_at: z.string(),
  /** the brand sites the organizer has a partnership with */
  site_ids: z.array(idSchema),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItemSchema>;

export const partnershipQueueItemSchema = z.object({
  organizer_id: idSchema,
  organizer_name: z.string(),
  site_id: idSchema,
  site_name: z.string(),
  status: siteStatusSchema,
  signed_at: z.string(),
});
export type PartnershipQueueItem = z.infer<typeof partnershipQueueItemSchema>;

export const tourQueueItemSchema = z.object({
  tour_id: idSchema,
  tour_name: z.string(),
  organizer_id: idSchema,
  organizer_name: z.string(),
  site_id: idSchema,
  site_name: z.string(),
  status: siteStatusSchema,
  /** the tour as its page would show it: the public preview on the organizer's site, when it has one */
  description: z.string(),
  days: z.number().int(),
  waiting_since: z.string(),
});
export type TourQueueItem = z.infer<typeof tourQueueItemSchema>;

export const queueCountsSchema = z.object({
  verification: z.number().int(),
  partnerships: z.number().int(),
  tours: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const auditEntrySchema = z.object({
  id: idSchema,
  operator_id: idSchema.nullable(),
  operator_name: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  object_type: z.enum(AUDIT_OBJECT_TYPES),
  object_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const createOperatorBodySchema = z.strictObject({
  email: z.email().max(255),
  name: z.string().trim().min(1).max(255),
  role: operatorRoleSchema,
  password: z.string().min(10).max(1024),
});

export const createdOperatorSchema = z.object({
  operator: operatorAccountSchema,
  /** shown once: the authenticator app's enrolment link (the TOTP secret) */
  otpauth_uri: z.string(),
});

/**
 * An organizer's card (issue 30), read-only: profile, verification (now and its history from the
 * audit log), tours, the last requests and chats. Every view is in the audit log.
 */
export const organizerCardSchema = z.object({
  organizer: z.object({
    id: idSchema,
    name: z.string(),
    created_at: z.string(),
    verification_status: verificationStatusSchema,
    internal_check_status: internalCheckStatusSchema,
    verification_reason: z.string().nullable(),
    commission_percent: z.number(),
    /** the profile's own text fields (contacts, legal details…) as the provider filled them */
    details: z.record(z.string(), z.string()),
    sites: z.array(z.object({ id: idSchema, name: z.string(), status: siteStatusSchema })),
  }),
  submission: z
    .object({
      full_name: z.string(),
      document_type: z.string(),
      document_number: z.string(),
      submitted_at: z.string().nullable(),
      /** the console's link to the document (OPERATOR_AUTH_HEADER), null without one */
      document_url: z.string().nullable(),
    })
    .nullable(),
  verification_history: z.array(
    z.object({
      action: z.enum(AUDIT_ACTIONS),
      operator_name: z.string(),
      reason: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  tours: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      status: z.string(),
      sites: z.array(z.object({ site_id: idSchema, status: siteStatusSchema })),
    }),
  ),
  requests: z.array(
    z.object({
      id: idSchema,
      status: z.number().int(),
      tour_name: z.string().nullable(),
      customer_name: z.string(),
      tourists_count: z.number().int(),
      total_minor: z.number().int(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
  chats: z.array(
    z.object({
      id: idSchema,
      kind: z.enum(['tourist', 'support']),
      title: z.string(),
      is_frozen: z.boolean(),
      last_text: z.string(),
      updated_at: z.string(),
    }),
  ),
});
export type OrganizerCard = z.infer<typeof organizerCardSchema>;

export const operatorAuthApi = {
  /** Password and the authenticator code; the refresh token goes in an httpOnly cookie. */
  signIn: defineRoute({
    ...operatorAuthRoutes.signIn,
    body: z.strictObject({
      email: z.string().trim().min(1).max(255),
      password: z.string().min(1).max(1024),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/),
    }),
    response: operatorSessionSchema,
  }),
  refresh: defineRoute({ ...operatorAuthRoutes.refresh, body: emptyBody, response: operatorSessionSchema }),
  logout: defineRoute({ ...operatorAuthRoutes.logout, body: emptyBody, response: successResponseSchema }),
};

export const consoleApi = {
  me: defineRoute({ ...consoleRoutes.me, response: operatorAccountSchema }),
  queueCounts: defineRoute({ ...consoleRoutes.queueCounts, query: queueQuery, response: queueCountsSchema }),
  verificationQueue: defineRoute({
    ...consoleRoutes.verificationQueue,
    query: queueQuery,
    response: z.array(verificationQueueItemSchema),
  }),
  /** Approve (verification and internal check succeed) or reject with a reason the provider reads. */
  decideVerification: defineRoute({
    ...consoleRoutes.decideVerification,
    body: z.strictObject({
      organizer_id: idSchema,
      decision: z.enum(['approve', 'reject']),
      reason: reasonSchema.optional(),
    }),
    response: verificationQueueItemSchema.pick({
      organizer_id: true,
      internal_check_status: true,
      verification_status: true,
    }),
  }),
  partnershipQueue: defineRoute({
    ...consoleRoutes.partnershipQueue,
    query: queueQuery,
    response: z.array(partnershipQueueItemSchema),
  }),
  decidePartnership: defineRoute({
    ...consoleRoutes.decidePartnership,
    body: z.strictObject({
      organizer_id: idSchema,
      site_id: idSchema,
      status: z.enum(['published', 'unpublished']),
      reason: reasonSchema.optional(),
    }),
    response: partnershipQueueItemSchema.pick({ organizer_id: true, site_id: true, status: true }),
  }),
  tourQueue: defineRoute({ ...consoleRoutes.tourQueue, query: queueQuery, response: z.array(tourQueueItemSchema) }),
  /** Publish, or send back to the provider with a reason (the tour goes to `unpublished` on that site). */
  decideTour: defineRoute({
    ...consoleRoutes.decideTour,
    body: z.strictObject({
      tour_id: idSchema,
      site_id: idSchema,
      decision: z.enum(['publish', 'send_back']),
      reason: reasonSchema.optional(),
    }),
    response: tourQueueItemSchema.pick({ tour_id: true, site_id: true, status: true }),
  }),
  sites: defineRoute({
    ...consoleRoutes.sites,
    response: z.array(z.object({ id: idSchema, name: z.string() })),
  }),
  auditLog: defineRoute({
    ...consoleRoutes.auditLog,
    query: z.strictObject({
      operator_id: queryIdSchema.optional(),
      action: z.enum(AUDIT_ACTIONS).optional(),
      object_type: z.enum(AUDIT_OBJECT_TYPES).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
    response: z.array(auditEntrySchema),
  }),
  operators: defineRoute({ ...consoleRoutes.operators, response: z.array(operatorAccountSchema) }),
  createOperator: defineRoute({
    ...consoleRoutes.createOperator,
    body: createOperatorBodySchema,
    response: createdOperatorSchema,
  }),
  /** An admin changes another operator's role or deactivates them (their sessions and sockets end at once). */
  updateOperator: defineRoute({
    ...consoleRoutes.updateOperator,
    body: z.strictObject({
      operator_id: idSchema,
      role: operatorRoleSchema.optional(),
      is_active: z.boolean().optional(),
    }),
    response: operatorAccountSchema,
  }),
  organizerCard: defineRoute({
    ...consoleRoutes.organizerCard,
    query: z.strictObject({ organizer_id: queryIdSchema }),
    response: organizerCardSchema,
  }),
};

/** The admin command's (shared operator token); same body and answer as the console's. */
export const operatorCliApi = {
  createOperator: defineRoute({
    ...operatorCliRoutes.createOperator,
    body: createOperatorBodySchema,
    response: createdOperatorSchema,
  }),
};
