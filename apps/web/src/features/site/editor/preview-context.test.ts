import { describe, expect, it } from 'vitest';
import { publicTourCardSchema, publicTourSchema, type PublicTourCard } from '@tourdesk/contract/api/site';
import { sitePresetSchema } from '@tourdesk/contract/entities/site';
import { tourListItemSchema } from '@tourdesk/contract/entities/tour';
import { buildPreviewContext } from './preview-context';

const preset = sitePresetSchema.parse({
  preset_type: 'forest',
  colors: {
    primary: '#166534',
    on_primary: '#ffffff',
    background: '#ffffff',
    surface: '#f0fdf4',
    text: '#14532d',
    muted_text: '#3f6212',
  },
  heading_font_id: 1,
  body_font_id: 2,
});
const card = (id: number, name: string): PublicTourCard =>
  publicTourCardSchema.parse({
    id,
    name,
    screen_name: `tour-${id}`,
    description: '',
    cover: null,
    price: 100,
    currency: 'EUR',
    duration: 3,
    duration_hours: null,
    nearest_date: null,
    is_mock: true,
  });
const mockTour = publicTourSchema.parse({
  ...card(900, 'Sample tour'),
  photos: [],
  video_url: null,
  program: [],
  accommodations: [],
  living_base: '',
  guides: [],
  questions: [],
  in_price: '',
  not_in_price: '',
  gathering_place: '',
  group_min: null,
  group_max: null,
  min_age: null,
  difficulty: null,
  dates: [],
});
const listItem = (id: number, name: string, status: 'published' | 'draft') =>
  tourListItemSchema.parse({
    id,
    tour_organizer_id: 7,
    status,
    name,
    screen_name: `t-${id}`,
    type: 1,
    schedule_type: 1,
    currency: 'EUR',
    price: 250,
    duration: 2,
    duration_hours: null,
    sites: [],
    alerts: [],
    is_dates_preliminary: false,
    next_dates: [
      {
        id: 31,
        date_start: '2027-06-01',
        date_end: '2027-06-03',
        time_start: null,
        number_of_seats: 10,
        number_of_free_seats: 4,
        not_guaranteed: false,
      },
    ],
  });

const base = {
  lang: 'en' as const,
  site: { id: 3, tour_organizer_id: 7, favicon: null },
  organizer: { name: 'Altai Trails', description: 'Hikes', logo: null },
  preset,
  fonts: [],
  siteBlocks: [],
  mockTours: [card(901, 'Sample A'), card(902, 'Sample B')],
  mockTour,
};

describe('the preview’s context', () => {
  it('shows the sample tours and the sample tour to a provider without published tours', () => {
    const ctx = buildPreviewContext({ ...base, organizerTours: [listItem(1, 'Draft tour', 'draft')] })!;
    expect(ctx.tours.map((t) => t.name)).toEqual(['Sample A', 'Sample B']);
    expect(ctx.tour?.name).toBe('Sample tour');
    expect(ctx.editing).toBe(true);
    expect(ctx.org).toMatchObject({ site_id: 3, organizer_id: 7, name: 'Altai Trails', preset });
  });

  it('shows the organizer’s published tours, the tour page with the first of them and its next departure', () => {
    const ctx = buildPreviewContext({
      ...base,
      organizerTours: [listItem(1, 'Draft tour', 'draft'), listItem(2, 'Lake Teletskoye', 'published')],
    })!;
    expect(ctx.tours).toHaveLength(1);
    expect(ctx.tours[0]).toMatchObject({ id: 2, name: 'Lake Teletskoye', is_mock: false, price: 250 });
    expect(ctx.tours[0]!.nearest_date).toMatchObject({ id: 31, date_start: '2027-06-01', number_of_free_seats: 4 });
    expect(ctx.tour).toMatchObject({ id: 2, program: [], dates: [{ id: 31 }] });
  });

  it('is null until the preset is in; the default favicon without one', () => {
    expect(buildPreviewContext({ ...base, preset: undefined, organizerTours: [] })).toBeNull();
    expect(buildPreviewContext({ ...base, organizerTours: [] })!.org.favicon_url).toBe('/favicon.ico');
  });
});
