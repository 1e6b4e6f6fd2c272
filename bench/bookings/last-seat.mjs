// The last-seat race section of the bookings benchmark: 50 pending requests of one seat each, whose
// holds have lapsed, for a departure with one free seat; all 50 confirmed at once through the real
// HTTP server (each call with its own solved invisible captcha, as a browser sends it). Figures:
// the time from the first call sent to the last answer, and the outcome — exactly one confirmed,
// 49 refused with `not_enough_seats`, the departure at 0 free seats. Goal: exactly one.

import { captchaToken } from './http.mjs';

const RACERS = 50;

export const organizers = [['race', 'Bench: last seat']];

/** One departure with one free seat and RACERS pending requests holding nothing (their holds lapsed). */
export const seed = async (query, ids, searchText) => {
  const org = ids.race;
  const tour = (
    await query(
      "INSERT INTO tours (organizer_id, name, status, price) VALUES ($1, 'Last seat', 'published', 1000) RETURNING id",
      [org],
    )
  ).rows[0].id;
  const date = (
    await query(
      `INSERT INTO tour_dates (tour_id, date_start, date_end, price, days, number_of_seats, number_of_free_seats)
       VALUES ($1, current_date + 30, current_date + 32, 1000, 3, 1, 1) RETURNING id`,
      [tour],
    )
  ).rows[0].id;
  const made = [];
  for (let i = 0; i < RACERS; i += 1) {
    const name = `Racer ${i + 1}`;
    const id = (
      await query(
        `INSERT INTO requests (organizer_id, tour_id, tour_date_id, status, source, tourists_count, unit_price_minor,
           total_minor, customer_name, date_start, date_end)
         VALUES ($1, $2, $3, 1, 'own', 1, 100000, 100000, $4, current_date + 30, current_date + 32) RETURNING id`,
        [org, tour, date, name],
      )
    ).rows[0].id;
    await query('UPDATE requests SET search_text = $2 WHERE id = $1', [
      id,
      searchText({ id, customer_name: name, customer_email: '', customer_phone: '' }),
    ]);
    made.push(id);
  }
  ids.raceDate = date;
  ids.raceRequests = made;
};

export const run = async ({ url, token, ids, label }) => {
  const captchas = [];
  for (let i = 0; i < ids.raceRequests.length; i += 1) captchas.push(await captchaToken(url));
  const t0 = performance.now();
  const answers = await Promise.all(
    ids.raceRequests.map(async (id, i) => {
      const res = await fetch(`${url}/crm/api/request/confirm`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-authorization': `Bearer ${token}`,
          'x-invisible-captcha-token': captchas[i],
        },
        body: JSON.stringify({ id }),
      });
      const body = await res.json();
      return { status: res.status, code: body?.codes?.tourists_count?.[0]?.code };
    }),
  );
  const ms = performance.now() - t0;
  const confirmed = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 422 && a.code === 'not_enough_seats').length;
  const pass = confirmed === 1 && refused === RACERS - 1;
  console.log(
    `  last seat (${label}): ${RACERS} confirmations at once settled in ${ms.toFixed(0)} ms — ${confirmed} confirmed, ${refused} refused (not_enough_seats), ${RACERS - confirmed - refused} other: ${pass ? 'exactly one, as it must' : 'WRONG'}`,
  );
  return [{ name: `last seat (${label})`, pass }];
};
