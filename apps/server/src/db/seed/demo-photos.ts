import sharp from 'sharp';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import { organizerMembers, tourProgramDayPhotos, tourProgramDays, tours } from '../schema/index';
import type { Services } from '../../app';
import { internalContext } from '../../lib/context';

/**
 * The demo tours' photos: landscapes drawn for each tour (sky, sun, mountain ranges, water or
 * steppe, in the tour's palette), uploaded through the upload service like a provider's photos and
 * set through the tour service; the first days of the programme get one each. The demo has no
 * image files to ship, and pictures drawn here cost no download and no licence. Run once, right
 * after the demo seed, at the first start.
 */

interface Palette {
  sky: [string, string];
  sun: string;
  ranges: [string, string, string];
  ground: string;
  /** a lake or river (water), or none (steppe, meadow) */
  water?: string;
}

const PALETTES: Record<string, Palette> = {
  lakes: {
    sky: ['#8ec5e8', '#f6e7c8'],
    sun: '#fff4d6',
    ranges: ['#9fb4c7', '#5f7d8f', '#2f4b3c'],
    ground: '#3d5e35',
    water: '#4f8fb3',
  },
  river: {
    sky: ['#7fb3d9', '#dff0f7'],
    sun: '#ffffff',
    ranges: ['#a8b9a2', '#6e8f62', '#3c5f33'],
    ground: '#4a6b3a',
    water: '#3f8f9f',
  },
  meadow: {
    sky: ['#f2b880', '#fde8c8'],
    sun: '#fff1c1',
    ranges: ['#b9a58e', '#8c7a5e', '#5b6b3a'],
    ground: '#8aa34f',
  },
  mountains: {
    sky: ['#6f9fd8', '#cfe3f5'],
    sun: '#fffbe8',
    ranges: ['#c9d6e3', '#7f93a8', '#44586b'],
    ground: '#35503d',
  },
  ice: {
    sky: ['#a9c9e8', '#eef5fb'],
    sun: '#ffffff',
    ranges: ['#d8e3ee', '#aebfd0', '#8197ad'],
    ground: '#dbe9f4',
    water: '#9cc3df',
  },
  steppe: {
    sky: ['#e9a06a', '#f9dcb4'],
    sun: '#fff0cf',
    ranges: ['#c59a74', '#a1704e', '#7a5a3c'],
    ground: '#b59a5f',
    water: '#6b9bb8',
  },
};
const PALETTE_OF_TOUR: Record<string, keyof typeof PALETTES> = {
  'altai-lakes-trek': 'lakes',
  'katun-rafting': 'river',
  'altai-horse-riding': 'meadow',
  'chemal-excursion': 'mountains',
  'baikal-ice': 'ice',
  'olkhon-excursion': 'steppe',
};

/** A small deterministic random source (mulberry32), so each start draws the same pictures. */
const randomOf = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const W = 1200;
const H = 800;

/** A mountain range: a ridge of peaks across the picture at `base` height, as an SVG path. */
const ridge = (random: () => number, base: number, height: number, peaks: number): string => {
  const step = W / peaks;
  let d = `M0 ${H} L0 ${base}`;
  for (let i = 0; i <= peaks; i++) {
    const x = i * step;
    const peak = base - height * (0.4 + random() * 0.6);
    d += ` L${(x + step / 2).toFixed(0)} ${peak.toFixed(0)} L${(x + step).toFixed(0)} ${(base - random() * height * 0.25).toFixed(0)}`;
  }
  return `${d} L${W} ${H} Z`;
};

/** The SVG of one landscape in a palette; `seed` varies the ranges and the sun. */
export const landscapeSvg = (palette: Palette, seed: number): string => {
  const random = randomOf(seed);
  const horizon = H * (0.58 + random() * 0.08);
  const sun = { x: W * (0.15 + random() * 0.7), y: H * (0.15 + random() * 0.15), r: 40 + random() * 30 };
  const [far, middle, near] = palette.ranges;
  const water = palette.water
    ? `<rect x="0" y="${horizon.toFixed(0)}" width="${W}" height="${(H - horizon).toFixed(0)}" fill="url(#water)"/>
       <path d="${ridge(random, H, H - horizon - 40, 3)}" fill="${palette.ground}"/>`
    : `<rect x="0" y="${horizon.toFixed(0)}" width="${W}" height="${(H - horizon).toFixed(0)}" fill="${palette.ground}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/>
    </linearGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.water ?? palette.ground}" stop-opacity="0.85"/>
      <stop offset="1" stop-color="${palette.water ?? palette.ground}"/>
    </linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${sun.x.toFixed(0)}" cy="${sun.y.toFixed(0)}" r="${(sun.r * 3).toFixed(0)}" fill="url(#glow)"/>
  <circle cx="${sun.x.toFixed(0)}" cy="${sun.y.toFixed(0)}" r="${sun.r.toFixed(0)}" fill="${palette.sun}"/>
  <path d="${ridge(random, horizon - 60, 260, 5)}" fill="${far}"/>
  <path d="${ridge(random, horizon - 20, 200, 7)}" fill="${middle}"/>
  <path d="${ridge(random, horizon + 10, 130, 9)}" fill="${near}"/>
  ${water}
</svg>`;
};

/** One landscape as a JPEG, as a provider's camera would give it. */
export const landscapeJpeg = (palette: Palette, seed: number): Promise<Buffer> =>
  sharp(Buffer.from(landscapeSvg(palette, seed)))
    .jpeg({ quality: 82 })
    .toBuffer();

/** A member of a demo organizer, to act as: the seed calls services the way the member would. */
export const demoMemberOf = async (db: Db, organizerId: number): Promise<{ user_id: number } | undefined> =>
  (
    await db
      .select({ user_id: organizerMembers.user_id })
      .from(organizerMembers)
      .where(eq(organizerMembers.organizer_id, organizerId))
      .limit(1)
  )[0];

const PHOTOS_PER_TOUR = 4;
const DAYS_WITH_PHOTOS = 2;

export const seedDemoPhotos = async (services: Services, db: Db, log: FastifyBaseLogger): Promise<void> => {
  const rows = await db
    .select({ id: tours.id, organizer_id: tours.organizer_id, screen_name: tours.screen_name, name: tours.name })
    .from(tours)
    .orderBy(asc(tours.id));
  for (const [n, tour] of rows.entries()) {
    const palette = PALETTES[PALETTE_OF_TOUR[tour.screen_name] ?? 'mountains']!;
    const member = await demoMemberOf(db, tour.organizer_id);
    if (!member) continue;
    const upload = async (seed: number, filename: string) =>
      services.uploads.image(member.user_id, {
        file: { data: await landscapeJpeg(palette, seed), filename },
        organizer_id: tour.organizer_id,
        is_public: true,
      });
    const photos = [];
    for (let i = 0; i < PHOTOS_PER_TOUR; i++)
      photos.push(await upload(n * 100 + i, `${tour.screen_name}-${i + 1}.jpg`));
    await services.tours.update(
      internalContext(member.user_id, log, 'demo-seed'),
      tour.id,
      { photos: photos.map((p, i) => ({ id: p.id, alt: `${tour.name} (${i + 1})` })), cover_photo_id: photos[0]!.id },
      {},
    );
    const days = await db
      .select({ id: tourProgramDays.id, title: tourProgramDays.title })
      .from(tourProgramDays)
      .where(inArray(tourProgramDays.tour_id, [tour.id]))
      .orderBy(asc(tourProgramDays.day))
      .limit(DAYS_WITH_PHOTOS);
    for (const [i, day] of days.entries()) {
      const image = await upload(n * 100 + 50 + i, `${tour.screen_name}-day-${i + 1}.jpg`);
      await db
        .insert(tourProgramDayPhotos)
        .values({ program_day_id: day.id, file_id: image.id, alt: day.title, position: 0 });
    }
  }
};
