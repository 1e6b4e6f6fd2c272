import { sql } from 'drizzle-orm';
import { BRAND_IDS, getBrand } from '@tourdesk/contract';
import type { Db } from '../client';
import { organizerMembers, organizers, organizerSites, partnerSites, users } from '../schema/index';
import { hashPassword } from '../../lib/password';

export const DEMO_PASSWORD = 'Demo12345!';
export const DEMO_EMAIL = 'demo@tourdesk.app';
export const NEWCOMER_EMAIL = 'newcomer@tourdesk.app';

/** The marketplaces, one per brand: reference data, present on every database. */
export const seedPartnerSites = async (db: Db): Promise<void> => {
  await db
    .insert(partnerSites)
    .values(
      BRAND_IDS.map((id) => {
        const b = getBrand(id);
        return {
          brand_id: id,
          name: b.name,
          domain: b.domain,
          is_tour_author_required: b.is_tour_author_required,
          organizer_agreement_url: b.is_tour_author_required ? `https://${b.domain}/organizer-agreement` : null,
        };
      }),
    )
    .onConflictDoNothing({ target: partnerSites.domain });
};

/** Demo accounts on an empty database, so a newcomer can sign in at once (README lists them). */
export const seedDemo = async (db: Db): Promise<boolean> => {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(users)
      .values({
        first_name: 'Anna',
        last_name: 'Sokolova',
        email: DEMO_EMAIL,
        phone: '+79990000001',
        country: 'RU',
        password_hash: passwordHash,
        is_phone_confirm: true,
        is_email_confirm: true,
        language: 'en',
      })
      .returning({ id: users.id });
    await tx.insert(users).values({
      first_name: 'Nikita',
      last_name: 'Orlov',
      email: NEWCOMER_EMAIL,
      phone: '+79990000002',
      country: 'RU',
      password_hash: passwordHash,
      is_phone_confirm: true,
      is_email_confirm: true,
      language: 'en',
    });
    const orgs = await tx
      .insert(organizers)
      .values([
        { name: 'Altai Trails', internal_check_status: 'success', verification_status: 'success', profile: { contacts: { email: 'hello@altai-trails.example', phone: '+79990000011' } } },
        { name: 'Baikal Expeditions', profile: { contacts: { email: 'team@baikal-expeditions.example' } } },
      ])
      .returning({ id: organizers.id });
    await tx.insert(organizerMembers).values(orgs.map((o) => ({ organizer_id: o.id, user_id: demo!.id, role: 'owner' })));
    const [site] = await tx.select({ id: partnerSites.id }).from(partnerSites).where(sql`${partnerSites.brand_id} = 1`);
    if (site && orgs[0]) await tx.insert(organizerSites).values({ organizer_id: orgs[0].id, site_id: site.id, status: 'published', is_published_on_site: true });
  });
  return true;
};
