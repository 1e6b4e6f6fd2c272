// Seeds the benchmark's tours with plain SQL (set-based INSERT … SELECT over generate_series),
// the same statements on PGlite and PostgreSQL. `query(text, params)` is the driver's own
// (PGlite's `query`, node-postgres' `query`); both answer `{ rows }`.
//
// Every tour is a realistic one: content and terms, catalogue values, a programme of its
// duration's days, questions, three photos (a cover), guides, penalties, discounts, a moderation
// status on a site when published, and departures (a few per catalogue tour, some seats taken).

const TOUR_NAMES = [
  'Multinskiye lakes trek',
  'Katun rafting weekend',
  'Baikal ice and Olkhon',
  'Kamchatka volcano ascent',
  'Karelia canoe route',
  'Teberda mountain hike',
  'Elbrus foothills',
  'Altai horse riding',
  'Chemal day trip',
  'Kazan and Sviyazhsk',
];

/** Catalogue tours of one organizer: `count` tours named `<name> #n`, slugs `<prefix>-n`. */
export const seedCatalogueTours = async (query, organizerId, count, prefix) => {
  await query(
    `INSERT INTO tours (organizer_id, status, name, screen_name, type, schedule_type, is_dates_preliminary,
       description, countries, languages, region_ids, host_city_ids, rest_kind_ids, showplace_ids, main_activity_id,
       currency, price, difficulty, gathering_place, group_min, group_max, duration, duration_hours, min_age, max_age,
       in_price, not_in_price, base, medium, living_base, booking_end_hours, lat, lng)
     SELECT $1::int,
       CASE WHEN g % 10 = 0 THEN 'archived' WHEN g % 5 = 1 THEN 'draft' ELSE 'published' END,
       ($4::text[])[1 + g % array_length($4::text[], 1)] || ' #' || g,
       $3::text || '-' || g,
       CASE WHEN g % 3 = 0 THEN 2 ELSE 1 END,
       1,
       g % 17 = 0,
       '<p>A week in the heart of the Katun range: on foot from cedar taiga to turquoise lakes, nights in tents by '
         || 'the water, waterfalls and glacier views.</p><p>Suits fit beginners: horses carry the group kit, two '
         || 'guides walk with the group.</p>',
       ARRAY['RU'], ARRAY['ru', 'en'],
       (SELECT coalesce(array_agg(id), '{}') FROM (SELECT id FROM catalogue_items WHERE kind = 'region' ORDER BY id LIMIT 2) x),
       (SELECT coalesce(array_agg(id), '{}') FROM (SELECT id FROM catalogue_items WHERE kind = 'city' ORDER BY id LIMIT 2) x),
       (SELECT coalesce(array_agg(id), '{}') FROM (SELECT id FROM catalogue_items WHERE kind = 'rest_kind' ORDER BY id LIMIT 2) x),
       (SELECT coalesce(array_agg(id), '{}') FROM (SELECT id FROM catalogue_items WHERE kind = 'showplace' ORDER BY id LIMIT 3) x),
       (SELECT id FROM catalogue_items WHERE kind = 'activity' ORDER BY id LIMIT 1),
       'RUB', 15000 + (g % 40) * 1000, 1 + g % 3,
       'Gorno-Altaysk, the bus station, 08:00',
       4, 12 + g % 8,
       CASE WHEN g % 3 = 0 THEN 1 ELSE 2 + g % 6 END,
       CASE WHEN g % 3 = 0 THEN 3.5 ELSE NULL END,
       10, 65,
       E'Transfers\\nAccommodation\\nMeals on the route\\nGuides',
       E'Travel to the start\\nInsurance',
       g % 2 = 0, g % 2 = 1,
       CASE WHEN g % 3 = 0 THEN '' ELSE 'A guest house and a tent camp by the lake' END,
       12, 50.5 + (g % 100) / 100.0, 86.2 + (g % 100) / 100.0
     FROM generate_series(1, $2::int) g`,
    [organizerId, count, prefix, TOUR_NAMES],
  );
  // departures: four per tour three weeks apart, the first of some already past, seats partly taken
  await query(
    `INSERT INTO tour_dates (tour_id, date_start, date_end, time_start, price, days, number_of_seats,
       number_of_free_seats, full_payment_days, prepayment_type, prepayment_size, not_guaranteed)
     SELECT t.id, d.day, d.day + (coalesce(t.duration, 1) - 1),
       CASE WHEN t.type = 2 THEN '10:00' ELSE '' END,
       t.price, coalesce(t.duration, 1), t.group_max,
       greatest(0, t.group_max - (t.id * 7 + k * 3) % (t.group_max + 3)),
       14, 'percent', 30, k = 3
     FROM tours t
     CROSS JOIN generate_series(0, 3) k
     CROSS JOIN LATERAL (SELECT current_date + (k * 21 + t.id % 14 - 5) AS day) d
     WHERE t.organizer_id = $1`,
    [organizerId],
  );
};

/**
 * One excursion with `count` departures, twice a day (10:00 and 15:00) from tomorrow on, all
 * upcoming (the most a tour's view and its dates list ever read); every seventh one fully booked.
 */
export const seedTourWithDates = async (query, organizerId, count, slug) => {
  const { rows } = await query(
    `INSERT INTO tours (organizer_id, status, name, screen_name, type, schedule_type, description, countries,
       languages, currency, price, difficulty, gathering_place, group_min, group_max, duration, duration_hours,
       min_age, max_age, in_price, not_in_price, base, lat, lng)
     VALUES ($1, 'published', $2, $3, 2, 1, '<p>Olkhon island in a day: Shamanka rock, Cape Khoboy, lunch of fish soup.</p>',
       ARRAY['RU'], ARRAY['ru', 'en'], 'RUB', 4500, 1, 'Khuzhir, the pier, 09:45', 1, 18, 1, 7.5, 6, 80,
       'Transfer\nLunch\nGuide', 'Park fee', true, 53.2, 107.3)
     RETURNING id`,
    [organizerId, `Olkhon island day trip (${count} departures)`, slug],
  );
  const tourId = rows[0].id;
  await query(
    `INSERT INTO tour_dates (tour_id, date_start, date_end, time_start, price, days, number_of_seats,
       number_of_free_seats, full_payment_days, prepayment_type, prepayment_size)
     SELECT $1::int, current_date + 1 + i / 2, current_date + 1 + i / 2,
       CASE WHEN i % 2 = 0 THEN '10:00' ELSE '15:00' END, 4500, 1, 18,
       CASE WHEN i % 7 = 0 THEN 0 ELSE 18 - i % 5 END, 1, 'percent', 20
     FROM generate_series(0, $2::int - 1) i`,
    [tourId, count],
  );
  return tourId;
};

/** What every tour of the organizer has besides its own row and its departures. */
export const seedChildren = async (query, organizerId) => {
  const tours = `SELECT id, type, status, duration FROM tours WHERE organizer_id = ${Number(organizerId)}`;
  await query(
    `INSERT INTO tour_penalties (tour_id, days_before, percent)
     SELECT t.id, p.days_before, p.percent FROM (${tours}) t
     CROSS JOIN (VALUES (30, 10), (14, 50), (3, 100)) p(days_before, percent)`,
  );
  await query(
    `INSERT INTO tour_discounts (tour_id, kind, position, date_from, date_to, days_before, value, value_type)
     SELECT t.id, 'early_booking_days', 0, NULL, NULL, 60, 5, 'percent' FROM (${tours}) t
     UNION ALL
     SELECT t.id, 'seasonal', 0, current_date + 120, current_date + 180, NULL, 1500, 'currency' FROM (${tours}) t`,
  );
  await query(
    `INSERT INTO tour_program_days (tour_id, day, title, description, meals)
     SELECT t.id, d, 'Day ' || d || ': on the trail',
       'Breakfast at the camp, a walk of about 15 km with a picnic lunch, the evening by the fire.',
       ARRAY['breakfast', 'lunch', 'dinner']
     FROM (${tours}) t CROSS JOIN LATERAL generate_series(1, coalesce(t.duration, 1)) d`,
  );
  await query(
    `INSERT INTO tour_questions (tour_id, position, question, answer, added_to_voucher)
     SELECT t.id, q.position, q.question, q.answer, q.position = 0 FROM (${tours}) t
     CROSS JOIN (VALUES (0, 'What should I bring?', 'Trekking shoes, a rain jacket, a warm layer.'),
                        (1, 'Is it suitable for children?', 'From 10 years old with an adult.')) q(position, question, answer)`,
  );
  // three photos per tour (the files rows an upload makes; the bytes are not read by these routes)
  await query(
    `INSERT INTO files (organizer_id, kind, storage_key, original_name, mime, size)
     SELECT ${Number(organizerId)}, 'image', 'bench/tour-' || t.id || '-' || p || '.jpg', 'photo-' || p || '.jpg',
       'image/jpeg', 250000
     FROM (${tours}) t CROSS JOIN generate_series(1, 3) p`,
  );
  await query(
    `INSERT INTO tour_photos (tour_id, file_id, position, is_cover, alt)
     SELECT t.id, f.id, p - 1, p = 1, 'Photo ' || p FROM (${tours}) t
     CROSS JOIN generate_series(1, 3) p
     JOIN files f ON f.storage_key = 'bench/tour-' || t.id || '-' || p || '.jpg'`,
  );
  const guides = await query(
    `INSERT INTO guides (organizer_id, first_name, last_name, about)
     VALUES ($1, 'Anna', 'Petrova', 'Mountain guide since 2012'), ($1, 'Ivan', 'Sokolov', 'Rafting instructor'),
            ($1, 'Maria', 'Orlova', 'Local historian')
     RETURNING id`,
    [organizerId],
  );
  const ids = guides.rows.map((r) => r.id);
  await query(
    `INSERT INTO tour_guides (tour_id, guide_id, position)
     SELECT t.id, ($1::int[])[1 + t.id % 3], 0 FROM (${tours}) t
     UNION ALL
     SELECT t.id, ($1::int[])[1 + (t.id + 1) % 3], 1 FROM (${tours}) t WHERE t.type = 1`,
    [ids],
  );
  // published tours are on the first partner site: published, or still in moderation
  await query(
    `INSERT INTO organizer_sites (organizer_id, site_id, status, is_published_on_site)
     SELECT $1, min(id), 'published', true FROM partner_sites
     ON CONFLICT DO NOTHING`,
    [organizerId],
  );
  await query(
    `INSERT INTO tour_site_statuses (tour_id, site_id, status)
     SELECT t.id, (SELECT min(id) FROM partner_sites), CASE WHEN t.id % 4 = 0 THEN 'moderation' ELSE 'published' END
     FROM (${tours}) t WHERE t.status = 'published'`,
  );
};
