// Seeds the chat benchmark's chats and messages with SQL, the same statements on PGlite and
// PostgreSQL (tables of apps/server/src/db/migrations/0011_chat.sql). `query(text, params)` is the
// driver's own (PGlite's `query`, node-postgres' `query`); both answer `{ rows }`.
//
// Chats look like real ones: an organizer's chats with travellers, half of them about one of its
// requests (chat_requests, the traveller its customer, the chat's tour the request's), the rest
// from a tour page, and one chat with the site's support. Each chat's last message is a few hours
// before the next newer one's; its messages go back from there, the two sides in turns, a few
// deleted. The read marks and unread counters are what the server keeps: every chat's
// `last_message_id` is its newest message; in a quarter of the chats the organizer has read up to
// its own last answer only, in a fifth the other side has, and each side's unread count is the
// other side's messages (not deleted) after its read mark.
import crypto from 'node:crypto';
import { customerOf } from '../bookings/seed.mjs';

const TEXTS = [
  'Hello! Is breakfast included on the first day?',
  'Hello! Yes, breakfast is included every day, from the first morning.',
  'Great. And can we leave a suitcase with you for the trek days?',
  'Good afternoon. My son is 11 — can he join the group?',
  'Of course, the minimum age is 10. Bring warm clothes for him, the evenings are cold.',
  'Thank you, we will.',
  'See you at the meeting point!',
  'We land at 14:30 — will the transfer wait for us?',
  'The driver waits up to two hours after landing. Send your flight number here, please.',
  'SU 1482, arriving 14:30. Also: is there a shop near the camp?',
  'Could we pay the rest in cash at the start?',
  'Yes, cash in roubles at the meeting point is fine. I will note it in your booking.',
  'Здравствуйте! Подскажите, нужен ли спальник или вы его выдаёте?',
  'Добрый день! Спальники выдаём, коврики тоже. Возьмите только личные вещи и тёплую одежду.',
  'А можно ли присоединиться к группе на второй день маршрута? Прилетаем только вечером.',
  'Да, можно: встретим вас в Чемале в 9 утра, трансфер из аэропорта закажем на ваш рейс.',
  'Спасибо большое, всё понятно!',
  'Please send the list of what to bring: boots, rain jacket, headlamp — anything else?',
  'Trekking poles help a lot on the descents, and sunscreen: the sun is strong at 2 000 m. ' +
    'A small first-aid kit of your own medicines, a water bottle of a litre, and a warm hat for the evenings by the lake.',
  'Is the weather forecast good for next week? We saw rain on the site.',
  'Rain in the mountains passes quickly; we never cancel for rain, only for storms, and we would tell you a day ahead.',
  'OK',
  'We are two adults and a child of 7 — what would the price be for the child?',
  'Children under 10 get 30 % off; I have added it to your request, the new total is on the payment page.',
];

/** An organizer's chats: the newest first; its last message `SPACING_MS` after the next older chat's. */
const SPACING_MS = 4 * 3_600_000;

/** The demo account's id and name (the organizer's member who answers) and the first partner site. */
export const seedContext = async (query, email) => {
  const user = (await query('SELECT id, first_name, last_name FROM users WHERE email = $1', [email])).rows[0];
  const site = (await query('SELECT id FROM partner_sites ORDER BY id LIMIT 1')).rows[0];
  return {
    userId: user.id,
    userName: [user.first_name, user.last_name].filter(Boolean).join(' '),
    siteId: site?.id ?? null,
  };
};

/**
 * `count` chats of an organizer, newest first (the list's order); the first `linked` of them about
 * its newest requests, one (`supportAt`) with support when there is a site. Answers their ids in
 * that order. Their messages come with seedMessages.
 */
export const seedChats = async (query, { organizerId, count, linked, supportAt, siteId, tourIds }) => {
  const reqs = (
    await query(
      'SELECT id, tour_id, customer_name, customer_email FROM requests WHERE organizer_id = $1 ORDER BY id DESC LIMIT $2',
      [organizerId, linked],
    )
  ).rows;
  if (reqs.length < linked) throw new Error(`organizer ${organizerId}: ${reqs.length} requests, ${linked} wanted`);
  const now = Date.now();
  const cols = { kind: [], site_id: [], tour_id: [], name: [], email: [], secret: [], last_at: [] };
  const requestOf = [];
  let r = 0;
  for (let i = 0; i < count; i += 1) {
    const isSupport = i === supportAt && siteId !== null;
    const request = !isSupport && r < reqs.length ? reqs[r++] : null;
    const c = customerOf(100_000 + organizerId * 7 + i);
    cols.kind.push(isSupport ? 'support' : 'tourist');
    cols.site_id.push(isSupport ? siteId : null);
    cols.tour_id.push(isSupport ? null : request ? request.tour_id : i % 3 === 0 ? null : tourIds[i % tourIds.length]);
    cols.name.push(isSupport ? '' : request ? request.customer_name : c.name);
    cols.email.push(isSupport ? '' : request ? request.customer_email : c.email);
    cols.secret.push(crypto.randomBytes(24).toString('base64url'));
    // the intended time of the chat's last message; seedMessages writes back from it
    cols.last_at.push(new Date(now - 5 * 60_000 - i * SPACING_MS).toISOString());
    requestOf.push(request?.id ?? null);
  }
  const ids = (
    await query(
      `INSERT INTO chats (organizer_id, kind, site_id, tour_id, traveller_name, traveller_email, link_secret, created_at,
         updated_at)
       SELECT $1::int, u.kind, u.site_id, u.tour_id, u.name, u.email, u.secret, u.last_at, u.last_at
       FROM unnest($2::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
         WITH ORDINALITY AS u(kind, site_id, tour_id, name, email, secret, last_at, n)
       ORDER BY u.n
       RETURNING id`,
      [organizerId, ...Object.values(cols)],
    )
  ).rows.map((row) => row.id);
  const pairs = ids.flatMap((id, i) => (requestOf[i] === null ? [] : [[id, requestOf[i]]]));
  await query(
    'INSERT INTO chat_requests (chat_id, request_id) SELECT * FROM unnest($1::int[], $2::int[]) AS u(chat_id, request_id)',
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  // each link joins a chat to its own traveller's request (RETURNING came in the insert's order)
  const wrong = await query(
    `SELECT count(*) AS n FROM chat_requests cr JOIN chats c ON c.id = cr.chat_id JOIN requests q ON q.id = cr.request_id
     WHERE c.organizer_id = $1 AND (c.traveller_name <> q.customer_name OR c.organizer_id <> q.organizer_id)`,
    [organizerId],
  );
  if (Number(wrong.rows[0].n) !== 0) throw new Error('chat_requests joined chats to other travellers');
  return ids;
};

/**
 * The messages of every chat of `organizerIds`, ids in the order written across all of them:
 * 1–12 per chat, `big` (chat id → count) for the long ones; 7 minutes apart (25 in a long chat),
 * the last at the chat's time. Then each chat's last message, times, read marks and unread counts.
 */
export const seedMessages = async (query, { organizerIds, big, userId, userName }) => {
  const bigIds = [...big.keys()];
  const bigCounts = [...big.values()];
  await query(
    `INSERT INTO chat_messages (chat_id, author, author_user_id, author_name, text, created_at, deleted_at)
     SELECT c.id, a.author,
       CASE WHEN a.author = 'organizer' THEN $2::int END,
       CASE a.author WHEN 'organizer' THEN $3::text WHEN 'support' THEN 'Support' ELSE c.traveller_name END,
       ($4::text[])[1 + (c.id * 31 + k * 17) % array_length($4::text[], 1)],
       t.at,
       CASE WHEN k > 1 AND (c.id * 13 + k) % 150 = 0 THEN t.at + interval '1 minute' END
     FROM chats c
     CROSS JOIN LATERAL (
       SELECT coalesce(($6::int[])[array_position($5::int[], c.id)], 1 + (c.id * 7) % 12) AS n,
         CASE WHEN c.id = ANY($5::int[]) THEN interval '25 minutes' ELSE interval '7 minutes' END AS step
     ) s
     CROSS JOIN LATERAL generate_series(1, s.n) k
     CROSS JOIN LATERAL (SELECT c.updated_at - (s.n - k) * s.step AS at) t
     CROSS JOIN LATERAL (
       SELECT CASE
         WHEN k = 1 THEN CASE c.kind WHEN 'support' THEN 'organizer' ELSE 'traveller' END
         WHEN (k / 2 + c.id) % 2 = 1 THEN 'organizer'
         ELSE CASE c.kind WHEN 'support' THEN 'support' ELSE 'traveller' END
       END AS author
     ) a
     WHERE c.organizer_id = ANY($1::int[])
     ORDER BY t.at, c.id, k`,
    [organizerIds, userId, userName, TEXTS, bigIds, bigCounts],
  );
  await query(
    `WITH m AS (
       SELECT chat_id, max(id) AS last_id, min(created_at) AS first_at, max(created_at) AS last_at,
         coalesce(max(id) FILTER (WHERE author = 'organizer'), 0) AS last_organizer,
         coalesce(max(id) FILTER (WHERE author <> 'organizer'), 0) AS last_other
       FROM chat_messages WHERE chat_id IN (SELECT id FROM chats WHERE organizer_id = ANY($1::int[]))
       GROUP BY chat_id
     )
     UPDATE chats c SET last_message_id = m.last_id, created_at = m.first_at, updated_at = m.last_at,
       organizer_read_id = CASE WHEN c.id % 4 = 0 THEN m.last_organizer ELSE m.last_id END,
       counterpart_read_id = CASE WHEN c.id % 5 = 0 THEN m.last_other ELSE m.last_id END
     FROM m WHERE c.id = m.chat_id`,
    [organizerIds],
  );
  await query(
    `UPDATE chats c SET
       organizer_unread = (SELECT count(*) FROM chat_messages m WHERE m.chat_id = c.id AND m.author <> 'organizer'
         AND m.id > c.organizer_read_id AND m.deleted_at IS NULL),
       counterpart_unread = (SELECT count(*) FROM chat_messages m WHERE m.chat_id = c.id AND m.author = 'organizer'
         AND m.id > c.counterpart_read_id AND m.deleted_at IS NULL)
     WHERE c.organizer_id = ANY($1::int[])`,
    [organizerIds],
  );
};
