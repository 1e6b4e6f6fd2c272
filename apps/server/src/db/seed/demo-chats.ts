import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import { chatMessages, chats, partnerSites, requests } from '../schema/index';
import { demoMemberOf } from './demo-photos';
import type { Services } from '../../app';
import { internalContext, type ServiceContext } from '../../lib/context';

type Line = ['traveller' | 'organizer', string];

/** What travellers and providers write about; each chat takes one, in turn. */
/** The demo's answer from support: the admin command's (signed "Support"), as no operator exists yet. */
const DEMO_SUPPORT_OPERATOR = { id: null, name: 'admin command', role: 'admin', sessionId: null } as const;

const CONVERSATIONS: Line[][] = [
  [
    ['traveller', 'Hello! Is breakfast included on the first day?'],
    ['organizer', 'Hello! Yes, breakfast is included every day, from the first morning.'],
    ['traveller', 'Great. And can we leave a suitcase with you for the trek days?'],
  ],
  [
    ['traveller', 'Good afternoon. My son is 11 — can he join the group?'],
    ['organizer', 'Of course, the minimum age is 10. Bring warm clothes for him, the evenings are cold.'],
    ['traveller', 'Thank you, we will.'],
    ['organizer', 'See you at the meeting point!'],
  ],
  [
    ['traveller', 'We land at 14:30 — will the transfer wait for us?'],
    ['organizer', 'The driver waits up to two hours after landing. Send your flight number here.'],
    ['traveller', 'SU 1482, arriving 14:30. Also: is there a shop near the camp?'],
    ['traveller', 'Never mind, found it on the map :)'],
  ],
  [
    ['traveller', 'Could we pay the rest in cash at the start?'],
    ['organizer', 'Yes, cash in roubles at the meeting point is fine. I will note it in your booking.'],
  ],
];

/**
 * Chats for the demo: travellers of the demo requests write about them (through the questionnaire
 * link, as a real traveller would), the provider answers some, a traveller from a tour page asks
 * about June, and the support chat of the first partner site has an answer waiting — so the list
 * shows unread marks and the badge a count. Everything goes through the chat services (the
 * organizer's, the traveller's, support's); the times are then spread over the last days. Run once,
 * after the demo bookings, at the first start.
 */
export const seedDemoChats = async (
  services: Services,
  db: Db,
  log: FastifyBaseLogger,
  today = new Date(),
): Promise<void> => {
  const { chats: provider, travellers, operator } = services.chats;
  const organizerIds = [
    ...new Set(
      (await db.select({ id: requests.organizer_id }).from(requests).orderBy(asc(requests.organizer_id))).map(
        (r) => r.id,
      ),
    ),
  ];
  const made: number[] = [];
  let address = 0;
  // each traveller writes from an address of their own (the per-address limits of new chats)
  const travellerCtx = (): ServiceContext => ({ ...internalContext(0, log, 'demo-seed'), ip: `10.20.0.${++address}` });

  for (const [o, organizerId] of organizerIds.entries()) {
    const member = await demoMemberOf(db, organizerId);
    if (!member) continue;
    const ctx = internalContext(member.user_id, log, 'demo-seed');
    const booked = await db
      .select({ uuid: requests.uuid })
      .from(requests)
      .where(
        and(
          eq(requests.organizer_id, organizerId),
          inArray(requests.status, [1, 2, 3]),
          ne(requests.customer_email, ''),
        ),
      )
      .orderBy(desc(requests.id))
      .limit(o === 0 ? CONVERSATIONS.length : 2);
    for (const [i, request] of booked.entries()) {
      const lines = CONVERSATIONS[i % CONVERSATIONS.length]!;
      const [, first] = lines[0]!;
      const chat = await travellers.start(travellerCtx(), {
        organizer_id: organizerId,
        request_uuid: request.uuid,
        message: first,
      });
      made.push(chat.id);
      for (const [author, text] of lines.slice(1)) {
        if (author === 'organizer') {
          // the provider reads the thread before answering
          await provider.markAsRead(ctx, chat.id);
          await provider.send(ctx, { chat_id: chat.id, message: text });
        } else await travellers.send(travellerCtx(), { token: chat.token, message: text });
      }
    }
    if (o > 0) continue;
    const fromTourPage = await travellers.start(travellerCtx(), {
      organizer_id: organizerId,
      name: 'Irina Belova',
      email: 'irina.belova@example.com',
      message: 'Hi! Are there still places for two in the second half of June?',
    });
    made.push(fromTourPage.id);
    const [site] = await db.select({ id: partnerSites.id }).from(partnerSites).orderBy(asc(partnerSites.id)).limit(1);
    if (site) {
      const { id } = await provider.withSupport(ctx, { site_id: site.id, organizer_id: organizerId });
      await provider.send(ctx, { chat_id: id, message: 'Hello! How long does the moderation of a new tour take?' });
      await operator.send(ctx, DEMO_SUPPORT_OPERATOR, {
        chat_id: id,
        message: 'Hello! Usually one working day. We will write here as soon as your tour is published.',
      });
      made.unshift(id);
    }
  }

  // the conversations happened over the last days: the newest chat an hour ago, each earlier one
  // half a day before, its messages twenty minutes apart
  const now = today.getTime();
  for (const [k, chatId] of [...made].reverse().entries()) {
    const rows = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.chat_id, chatId))
      .orderBy(asc(chatMessages.id));
    const end = now - 3_600_000 - k * 12 * 3_600_000;
    for (const [i, row] of rows.entries())
      await db
        .update(chatMessages)
        .set({ created_at: new Date(end - (rows.length - 1 - i) * 20 * 60_000) })
        .where(eq(chatMessages.id, row.id));
    const start = new Date(end - rows.length * 20 * 60_000);
    await db
      .update(chats)
      .set({ created_at: start, updated_at: new Date(end) })
      .where(eq(chats.id, chatId));
  }
  log.info({ chats: made.length }, 'demo chats seeded');
};
