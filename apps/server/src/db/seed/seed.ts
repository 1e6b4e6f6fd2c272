import { eq, sql } from 'drizzle-orm';
import { BRAND_IDS, getBrand } from '@tourdesk/contract';
import type { Db } from '../client';
import { CURRENT_AGREEMENT_VERSION } from '@tourdesk/contract';
import {
  agents,
  bankAccounts,
  catalogueItems,
  contractTemplates,
  meetDataTemplates,
  organizerAgents,
  organizerMembers,
  organizers,
  organizerSites,
  partnerSites,
  users,
} from '../schema/index';
import { DEFAULT_TEMPLATES, type TemplateLanguage } from '../../modules/template/index';
import { hashPassword } from '../../lib/password';
import { CATALOGUE } from '../../modules/tour/index';
import { seedDemoTours } from './demo-tours';

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

/**
 * The tour catalogue (regions, cities, rest kinds, collections, showplaces, activities): reference
 * data, present on every database. A value already there (same kind and English name) stays as it
 * is, so a second run adds nothing.
 */
export const seedCatalogue = async (db: Db): Promise<void> => {
  await db
    .insert(catalogueItems)
    .values([...CATALOGUE])
    .onConflictDoNothing({ target: [catalogueItems.kind, catalogueItems.name_en] });
};

/** Countries where Russian is an official language: their organizers' documents are in Russian. */
const RUSSIAN_DOCUMENT_COUNTRIES: ReadonlySet<string> = new Set(['RU', 'BY', 'KZ', 'KG']);

/**
 * The language of an organizer's seeded documents: Russian for an organizer in a Russian-speaking
 * country (its contracts are with tourists under that country's law, whatever language its staff
 * reads the interface in) or whose own language is Russian; English otherwise.
 */
export const documentLanguageOf = ({
  country,
  language,
}: {
  country?: unknown;
  language?: unknown;
}): TemplateLanguage =>
  language === 'ru' || (typeof country === 'string' && RUSSIAN_DOCUMENT_COUNTRIES.has(country.toUpperCase()))
    ? 'ru'
    : 'en';

const SEED_CONTRACT_NAMES: Record<TemplateLanguage, string> = { en: 'Standard contract', ru: 'Типовой договор' };

/** Altai Trails' settings, every tab filled, so the demo shows a complete provider. */
const ALTAI_PROFILE: Record<string, unknown> = {
  description: 'Horse-riding and hiking tours in the Altai mountains, small groups, local guides.',
  country: 'RU',
  currency: 'RUB',
  timezone: 'Asia/Barnaul',
  legal_entity: {
    legal_form: 'company',
    legal_name: 'OOO «Altai Trails»',
    short_name: 'Altai Trails',
    inn: '0411000000',
    kpp: '041101001',
    ogrn: '1020400000000',
  },
  director: {
    first_name: 'Anna',
    last_name: 'Sokolova',
    position: 'General director',
    acts_on_basis_of: 'the charter',
  },
  tour_author: {
    first_name: 'Anna',
    last_name: 'Sokolova',
    about: 'Has led tours across the Altai for fifteen years.',
    photo: null,
    experience_years: 15,
  },
  contacts: {
    email: 'hello@altai-trails.example',
    phone: '+79990000011',
    additional_phone: '',
    website: 'https://altai-trails.example',
  },
  work_hours: [1, 2, 3, 4, 5].map((day_of_week) => ({ day_of_week, is_day_off: false, from: '09:00', to: '18:00' })),
  social_links: { telegram: 'https://t.me/altai_trails', vk: 'https://vk.com/altai_trails' },
  legal_address: {
    country: 'Russia',
    region: 'Altai Republic',
    city: 'Gorno-Altaysk',
    street: 'Lenina 1',
    post_code: '649000',
  },
  postal_address: {
    country: 'Russia',
    region: 'Altai Republic',
    city: 'Gorno-Altaysk',
    street: 'Lenina 1',
    post_code: '649000',
  },
  is_postal_address_same_as_legal: true,
  cancellation_terms:
    'Free cancellation up to 30 days before the start; later cancellations follow the penalties below.',
  penalties: [
    { days_before: 30, percent: 10 },
    { days_before: 14, percent: 50 },
    { days_before: 3, percent: 100 },
  ],
  actual_expenses: 'Permits, transfers and accommodation already paid for.',
};

/** Whether the demo account exists (seeded by this start or an earlier one): the start banner names it only then. */
export const demoAccountExists = async (db: Db): Promise<boolean> =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1)).length > 0;

/**
 * Demo accounts on an empty database, so a newcomer can sign in at once (README lists them). `today`
 * is the seeding day the tours' departures and discounts are counted from (a test shifts it).
 */
export const seedDemo = async (db: Db, today = new Date()): Promise<boolean> => {
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
        {
          name: 'Altai Trails',
          internal_check_status: 'success',
          verification_status: 'success',
          agreement_version_accepted: CURRENT_AGREEMENT_VERSION,
          profile: ALTAI_PROFILE,
        },
        { name: 'Baikal Expeditions', profile: { contacts: { email: 'team@baikal-expeditions.example' } } },
      ])
      .returning({ id: organizers.id });
    await tx
      .insert(organizerMembers)
      .values(orgs.map((o) => ({ organizer_id: o.id, user_id: demo!.id, role: 'owner' })));
    const [site] = await tx
      .select({ id: partnerSites.id })
      .from(partnerSites)
      .where(sql`${partnerSites.brand_id} = 1`);
    if (site && orgs[0])
      await tx
        .insert(organizerSites)
        .values({ organizer_id: orgs[0].id, site_id: site.id, status: 'published', is_published_on_site: true });
    const altai = orgs[0]!.id;
    // Altai Trails comes with a bank account (chosen for own requests), a contract template,
    // a meeting-point template and two agents of brand 1's marketplace, one with terms set.
    const [account] = await tx
      .insert(bankAccounts)
      .values({
        organizer_id: altai,
        name: 'Main RUB account',
        bank_name: 'PAO Sberbank',
        account_number: '40702810900000000001',
        bik: '044525225',
        correspondent_account: '30101810400000000225',
        currency: 'RUB',
        is_default: true,
      })
      .returning({ id: bankAccounts.id });
    await tx
      .update(organizers)
      .set({ own_request_bank_account_id: account!.id })
      .where(sql`${organizers.id} = ${altai}`);
    // The shipped default of the organizer's document language: Altai Trails is in Russia, so its
    // contract is the Russian one (with the Russian requisites: KPP, OGRN, correspondent account).
    const altaiLanguage = documentLanguageOf(ALTAI_PROFILE);
    await tx.insert(contractTemplates).values({
      organizer_id: altai,
      name: SEED_CONTRACT_NAMES[altaiLanguage],
      type: 'contract',
      content: DEFAULT_TEMPLATES.contract[altaiLanguage],
      is_default: true,
    });
    await tx.insert(meetDataTemplates).values({
      organizer_id: altai,
      name: 'Gorno-Altaysk airport',
      text: 'Our guide meets you at arrivals with an Altai Trails sign.',
      place: 'Gorno-Altaysk airport, arrivals hall',
      contact_phone: '+79990000011',
      is_default: true,
    });
    if (site) {
      const seededAgents = await tx
        .insert(agents)
        .values([
          { site_id: site.id, name: 'Sunny Travel Agency', email: 'sales@sunny-travel.example', phone: '+79995550001' },
          { site_id: site.id, name: 'Northern Routes', email: 'agents@northern-routes.example', phone: '+79995550002' },
        ])
        .returning({ id: agents.id });
      await tx.insert(organizerAgents).values({
        organizer_id: altai,
        agent_id: seededAgents[0]!.id,
        commission_percent: '8',
        contact_name: 'Maria Ivanova',
        contact_phone: '+79995550003',
        contact_email: 'maria@sunny-travel.example',
      });
    }
    // Their tours and departures, so the catalogue is alive from the first start.
    await seedDemoTours(
      tx,
      orgs.map((o) => o.id),
      today,
    );
  });
  return true;
};
