import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { tourPublishIssues } from '@tourdesk/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { organizerMembers, tours } from '../schema/index';
import { seedDemo } from './seed';
import { landscapeJpeg, seedDemoPhotos } from './demo-photos';
import { DEMO_WEEKLY_TOUR, seedDemoSchedule } from './demo-schedule';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
  await seedDemoPhotos(t.app.services, t.database.db, t.app.log);
  await seedDemoSchedule(t.app.services, t.database.db, t.app.log);
}, 60_000);
afterAll(() => t.close());

describe('demo seed: photos', () => {
  it('draws a real JPEG landscape, the same for the same seed', async () => {
    const a = await landscapeJpeg(
      { sky: ['#000', '#fff'], sun: '#fff', ranges: ['#111', '#222', '#333'], ground: '#444' },
      7,
    );
    const meta = await sharp(a).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    const b = await landscapeJpeg(
      { sky: ['#000', '#fff'], sun: '#fff', ranges: ['#111', '#222', '#333'], ground: '#444' },
      7,
    );
    expect(b.equals(a)).toBe(true);
  });

  it('gives every demo tour a cover and photos, its first days a photo, and leaves nothing publishing needs', async () => {
    const rows = await t.database.db
      .select({ id: tours.id, userId: organizerMembers.user_id })
      .from(tours)
      .innerJoin(organizerMembers, eq(organizerMembers.organizer_id, tours.organizer_id));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const { id, userId } of rows) {
      const ctx = { userId, lang: 'en' as const, ip: '127.0.0.1', userAgent: null, requestId: 'test', log: t.app.log };
      const tour = await t.app.services.tours.view(ctx, id);
      expect(tour.photos).toHaveLength(4);
      expect(tour.cover_photo_id).toBe(tour.photos[0]!.id);
      expect(tour.program[0]?.photos).toHaveLength(1);
      if (tour.status === 'published')
        expect(tourPublishIssues(tour as unknown as Record<string, unknown>)).toEqual([]);
      // the photo is served to anyone (the tour's photos are public)
      const served = await t.app.inject({ method: 'GET', url: tour.photos[0]!.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('sells one excursion on a weekly schedule whose departures the sweep made', async () => {
    const [row] = await t.database.db
      .select({ id: tours.id, schedule_type: tours.schedule_type, userId: organizerMembers.user_id })
      .from(tours)
      .innerJoin(organizerMembers, eq(organizerMembers.organizer_id, tours.organizer_id))
      .where(eq(tours.screen_name, DEMO_WEEKLY_TOUR));
    expect(row?.schedule_type).toBe(2);
    const ctx = {
      userId: row!.userId,
      lang: 'en' as const,
      ip: '127.0.0.1',
      userAgent: null,
      requestId: 'test',
      log: t.app.log,
    };
    const tour = await t.app.services.tours.view(ctx, row!.id);
    expect(tour.tour_week_schedule?.days_data.filter((d) => d.times.length > 0).map((d) => d.day_of_week)).toEqual([
      2, 4, 6,
    ]);
    const dates = await t.app.services.tourDates.list(ctx, {
      tour_id: row!.id,
      page: 1,
      limit: 100,
      schedule_type: 2,
      period: 'upcoming',
    });
    // three weekdays (two times on Saturday) over 60 days: about 34 departures
    expect(dates.total).toBeGreaterThan(25);
  });
});
