import {
  MEMBER_ROLES,
  type MemberRole,
  roleCan,
  CURRENT_AGREEMENT_VERSION,
  UPCOMING_DEPARTURE_DAYS,
  organizerChannel,
  userActor,
  type DashboardResponse,
  type Organizer,
  type OrganizerPublicInfo,
  type OrganizerSummary,
  type OrganizerView,
  type Penalty,
  type organizerCreateBodySchema,
  type organizerUpdateBodySchema,
} from '@tourdesk/contract';
import type { z } from 'zod';
import { AppError, type FieldMessages } from '../../lib/app-error';
import type { RealtimeHandlers } from '../realtime';
import type { OrganizerPatch, OrganizerQueries } from './organizer.repository';
import { calendarDayIn } from '../../lib/calendar-day';
import { addDays, dashboardFigures, hiddenFigures } from './dashboard-figures';
import { createOrganizerKit, type OrganizerServiceDeps } from './organizer-kit';
import { createOrganizerVerification } from './organizer-verification.service';

type CreateBody = z.output<typeof organizerCreateBodySchema>;
type UpdateBody = z.output<typeof organizerUpdateBodySchema>;
/**
 * Penalties are stored from the most days before the start to the fewest, however they were
 * sent: the errors of a refused body name the rows as sent, so a client sends its rows as shown.
 */
const sortedPenalties = (penalties: readonly Penalty[]): Penalty[] =>
  [...penalties].sort((x, y) => y.days_before - x.days_before);

/** Profile groups merged field by field on update; everything else is replaced when sent. */
const MERGED_GROUPS = new Set([
  'legal_entity',
  'director',
  'tour_author',
  'contacts',
  'legal_address',
  'postal_address',
]);
/** Body fields kept in columns or handled apart, not copied into the profile as they are. */
const NOT_PROFILE = new Set([
  'id',
  'name',
  'logo_id',
  'sign_image_id',
  'stamp_image_id',
  'own_request_bank_account_id',
]);

export { UPCOMING_DEPARTURE_DAYS };
export type { OrganizerServiceDeps } from './organizer-kit';
export { VERIFICATION_TOKEN_TTL_S } from './organizer-verification.service';

export const createOrganizerService = (deps: OrganizerServiceDeps) => {
  const { repo, fileUrl } = deps;
  const { assertMember } = deps.tenancy;
  const kit = createOrganizerKit(deps);
  const parts = { ...deps, kit };
  const { load, image, toOrganizer, verificationOf, requisitesChanged } = kit;

  /**
   * An image field may name a file uploaded by this user (not yet attached) or one of this
   * organizer's files; anything else is refused on that field. Returns the files to attach.
   */
  const checkImages = async (
    r: OrganizerQueries,
    userId: number,
    organizerId: number | null,
    refs: Record<string, number | null | undefined>,
  ): Promise<number[]> => {
    const errors: FieldMessages = {};
    const attach: number[] = [];
    for (const [field, id] of Object.entries(refs)) {
      if (id === null || id === undefined) continue;
      const file = await r.findFile(id);
      const isOwn = file && (file.organizer_id === null ? file.user_id === userId : file.organizer_id === organizerId);
      if (!file || file.kind !== 'image' || !isOwn) errors[field] = ['file_not_usable'];
      else if (file.organizer_id === null) attach.push(id);
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
    return attach;
  };

  return {
    ...createOrganizerVerification(parts),

    list: async (userId: number): Promise<OrganizerSummary[]> =>
      (await repo.listForUser(userId)).map((o) => ({
        id: o.id,
        name: o.name,
        logo: fileUrl(o.logo_file_id),
        is_internal_check_success: o.internal_check_status === 'success',
        role: (MEMBER_ROLES as readonly string[]).includes(o.role) ? (o.role as MemberRole) : 'guide',
      })),

    create: async (userId: number, body: CreateBody): Promise<Organizer> => {
      const { name, logo_id, sign_image_id, stamp_image_id, own_request_bank_account_id, ...profile } = body;
      // a new organizer has no bank accounts yet
      if (own_request_bank_account_id)
        throw AppError.validation({ own_request_bank_account_id: ['bank_account_not_own'] });
      const row = await repo.transaction(async (r) => {
        const photoId = profile.tour_author.photo?.id;
        const attach = await checkImages(r, userId, null, {
          logo_id,
          sign_image_id,
          stamp_image_id,
          'tour_author.photo': photoId,
        });
        const created = await r.insert({
          name,
          logo_file_id: logo_id ?? null,
          profile: {
            ...profile,
            penalties: sortedPenalties(profile.penalties),
            tour_author: { ...profile.tour_author, photo: image(photoId) },
            sign_image_id: sign_image_id ?? null,
            stamp_image_id: stamp_image_id ?? null,
          },
        });
        await r.addMember(created.id, userId, 'owner');
        for (const id of attach) await r.attachFile(id, created.id);
        return created;
      });
      // the creator's open screens (connected before, maybe before any organizer) hear it from now on
      deps.addUserToChannel?.(userId, organizerChannel(row.id));
      return toOrganizer(row);
    },

    update: async (userId: number, body: UpdateBody): Promise<Organizer> => {
      await assertMember(userId, body.id, 'organizer.write');
      const row = await repo.transaction(async (r) => {
        const current = await r.findByIdForUpdate(body.id);
        if (!current) throw AppError.notFound('organizer_not_found');
        const b = body as Record<string, unknown>;
        const photo = (b.tour_author as { photo?: { id: number } | null } | undefined)?.photo;
        const attach = await checkImages(r, userId, body.id, {
          logo_id: body.logo_id,
          sign_image_id: body.sign_image_id,
          stamp_image_id: body.stamp_image_id,
          'tour_author.photo': photo?.id,
        });
        if (body.own_request_bank_account_id && !(await r.hasBankAccount(body.id, body.own_request_bank_account_id))) {
          throw AppError.validation({ own_request_bank_account_id: ['bank_account_not_own'] });
        }
        const profile: Record<string, unknown> = { ...current.profile };
        for (const [key, value] of Object.entries(b)) {
          if (NOT_PROFILE.has(key) || value === undefined) continue;
          profile[key] = MERGED_GROUPS.has(key)
            ? { ...((profile[key] as object | undefined) ?? {}), ...(value as object) }
            : value;
        }
        if (photo !== undefined) profile.tour_author = { ...(profile.tour_author as object), photo: image(photo?.id) };
        if (Array.isArray(body.penalties)) profile.penalties = sortedPenalties(body.penalties);
        if (body.sign_image_id !== undefined) profile.sign_image_id = body.sign_image_id;
        if (body.stamp_image_id !== undefined) profile.stamp_image_id = body.stamp_image_id;
        const patch: OrganizerPatch = { profile };
        if (body.name !== undefined) patch.name = body.name;
        if (body.logo_id !== undefined) patch.logo_file_id = body.logo_id;
        if (body.own_request_bank_account_id !== undefined)
          patch.own_request_bank_account_id = body.own_request_bank_account_id;
        for (const id of attach) await r.attachFile(id, body.id);
        const updated = (await r.update(body.id, patch))!;
        await requisitesChanged(r, updated, userActor(userId));
        return updated;
      });
      return toOrganizer(row);
    },

    info: async (userId: number, id: number): Promise<Organizer> => toOrganizer(await load(userId, id)),

    view: async (userId: number, id: number): Promise<OrganizerView> => {
      const o = toOrganizer(await load(userId, id));
      return {
        id: o.id,
        name: o.name,
        logo: o.logo,
        description: o.description,
        country: o.country,
        currency: o.currency,
        contacts: o.contacts,
        social_links: o.social_links,
        is_internal_check_success: o.is_internal_check_success,
        internal_check_status: o.internal_check_status,
        verification_status: o.verification_status,
      };
    },

    /**
     * What anyone may see of an organizer. The e-mail and phones are a person's until the
     * marketplace verified the organizer: shown then, or to its own members, and blank otherwise
     * (anyone can walk the ids).
     */
    publicInfo: async (userId: number, id: number, withAuthor: boolean): Promise<OrganizerPublicInfo> => {
      const row = await repo.findById(id);
      if (!row) throw AppError.notFound('organizer_not_found');
      const o = toOrganizer(row);
      const isContactShown =
        row.verification_status === 'success' || (userId > 0 && (await deps.tenancy.isMember(userId, id)));
      const contacts = isContactShown ? o.contacts : { ...o.contacts, email: '', phone: '', additional_phone: '' };
      return {
        id: o.id,
        name: o.name,
        logo: o.logo,
        description: o.description,
        country: o.country,
        contacts,
        social_links: o.social_links,
        work_hours: o.work_hours,
        is_internal_check_success: o.is_internal_check_success,
        tour_author: withAuthor ? o.tour_author : null,
      };
    },
    /** The dashboard as of `now`: the organizer's today, this week and the weeks before are in its time zone. */
    dashboard: async (userId: number, orgId: number, now = new Date()): Promise<DashboardResponse> => {
      const row = await load(userId, orgId, 'departures.read');
      const v = verificationOf(row);
      const o = toOrganizer(row);
      const today = calendarDayIn(o.timezone, now);
      // a role without reports (a guide) sees none of the organizer's figures; its own departures only
      const role = await deps.tenancy.roleOf(userId, row.id);
      const shown = role !== null && roleCan(role, 'reports');
      const reach = await deps.tenancy.departureReach(userId, row.id);
      const figures = shown
        ? await dashboardFigures(repo.dashboard, row.id, o.timezone, now)
        : hiddenFigures(o.timezone, now);
      return {
        organizer_country: o.country ?? null,
        should_show_agreement_popup: row.agreement_version_accepted !== CURRENT_AGREEMENT_VERSION,
        agreement_version: CURRENT_AGREEMENT_VERSION,
        organizer_verification: {
          internal_check_status: v.internal_check_status,
          verification_status: v.verification_status,
        },
        organizer_commission: Number(row.commission_percent),
        is_verification_failed: v.is_verification_failed,
        verification_next_step: v.next_step,
        verification_reason: v.reason,
        new_requests_count: figures.new_requests_count,
        figures_shown: shown,
        upcoming_departures_count: await repo.countDepartures(
          row.id,
          today,
          addDays(today, UPCOMING_DEPARTURE_DAYS),
          reach,
        ),
        unpaid_invoices_count: figures.unpaid_invoices_count,
        unpaid_invoices: figures.unpaid_invoices,
        today,
        upcoming_departures_to: addDays(today, UPCOMING_DEPARTURE_DAYS - 1),
        weeks: figures.weeks,
      };
    },

    acceptAgreement: async (userId: number, organizerId: number, version: string): Promise<{ success: boolean }> => {
      await assertMember(userId, organizerId, 'organizer.write');
      if (version !== CURRENT_AGREEMENT_VERSION) throw AppError.validation({ version: ['agreement_version'] });
      await repo.update(organizerId, { agreement_version_accepted: version });
      return { success: true };
    },
  };
};
export type OrganizerService = ReturnType<typeof createOrganizerService>;

/** The organizer's open screens hear its requisites or checks changed (SPEC §4). */
export const organizerRealtime: RealtimeHandlers = {
  'organizer.requisites_changed': (event, _tx, tell) =>
    tell(organizerChannel(event.aggregateId), 'organization_requisites_was_changed_event', {
      organizer_id: event.aggregateId,
      internal_check_status: event.payload.internal_check_status,
      verification_status: event.payload.verification_status,
    }),
};
