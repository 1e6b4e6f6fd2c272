// The pages section of the chat benchmark: GET chat/list (the organizer's first page of 20, as
// the chat screen asks it; and its last page) for an organizer with 1 000 chats among noise
// organizers' chats, and GET chat/get-messages of a chat with 10 000 messages (the newest page,
// the next older page as scrolling up asks it — before_id = the oldest id shown — and a page
// half the chat back); p50 and p99 of each. Goal: p50 < 20 ms.
import { fmt, measure } from '../bookings/http.mjs';

export const GOAL_P50_MS = 20;
// from the contract (packages/contract/src/constants.ts CHAT_PAGE_SIZE; chat-values.ts CHAT_LIST_MAX_LIMIT)
const PAGE_SIZE = 20;
const P = '/crm/api/chat';

const list = (org, offset = 0) =>
  `${P}/list?${new URLSearchParams({ tour_organizer_id: String(org), limit: String(PAGE_SIZE), offset: String(offset) })}`;
const messages = (chat, beforeId) =>
  `${P}/get-messages?${new URLSearchParams({ chat_id: String(chat), ...(beforeId ? { before_id: String(beforeId) } : {}) })}`;

export const run = async ({ url, token, ids, samples, warmup }) => {
  const { chats, bigMessages } = ids.sizes;
  // the page the screen loads on scrolling up: before the oldest message of the newest page
  const newest = await (
    await fetch(`${url}${messages(ids.bigChat)}`, { headers: { 'x-authorization': `Bearer ${token}` } })
  ).json();
  const older = newest.items[0].id;
  const ROWS = [
    [`list, first page (${PAGE_SIZE})`, true, list(ids.main), `of ${chats.toLocaleString('en')} chats`],
    [
      `list, last page`,
      false,
      list(ids.main, Math.floor((chats - 1) / PAGE_SIZE) * PAGE_SIZE),
      `offset ${Math.floor((chats - 1) / PAGE_SIZE) * PAGE_SIZE}`,
    ],
    ['unread-count', false, `${P}/unread-count?organizer_id=${ids.main}`, 'the badge'],
    ['get-messages, newest page', true, messages(ids.bigChat), `of ${bigMessages.toLocaleString('en')} messages`],
    ['get-messages, before_id (next older)', true, messages(ids.bigChat, older), `before_id ${older}`],
    [
      `get-messages, before_id (${Math.floor(bigMessages / 2).toLocaleString('en')} back)`,
      true,
      messages(ids.bigChat, ids.bigChatMiddle),
      `before_id ${ids.bigChatMiddle}`,
    ],
  ];
  console.log(
    `\n${'chat pages'.padEnd(40)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  ${'answer'.padEnd(34)}  goal p50 < ${GOAL_P50_MS} ms`,
  );
  const results = [];
  for (const [name, goal, route, what] of ROWS) {
    const m = await measure(url, token, route, { samples, warmup });
    const answer = Array.isArray(m.first?.items)
      ? `${m.first.items.length} items${'total' in m.first ? ` of ${m.first.total}` : ''}${'has_more' in m.first ? `, has_more ${m.first.has_more}` : ''}`
      : 'count' in (m.first ?? {})
        ? `count ${m.first.count}`
        : '';
    const pass = m.p50 < GOAL_P50_MS;
    if (goal) results.push({ name, pass });
    console.log(
      `${name.padEnd(40)} ${fmt(m.p50)} ${fmt(m.p99)}  ${answer.padEnd(34)}  ${goal ? (pass ? 'PASS' : 'FAIL') : '(no goal)'}  (${what})`,
    );
  }
  return results;
};
