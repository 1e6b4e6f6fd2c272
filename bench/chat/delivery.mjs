// The delivery section of the chat benchmark: how long a message takes to reach the other side's
// open screen. Two real Socket.IO clients, subscribed as the web subscribes them: the provider's
// (GET /crm/api/chat/channels-list with its token: its user channel and every organizer's) and the
// traveller's page (GET /spa/chat/channels-list with the chat's link token: the chat's guest
// channel). One side sends over HTTP as its screen does — the provider POST
// /crm/api/chat/send-message, the traveller POST /spa/chat/send-message with the link token — and
// the time runs from sending the request to the other side's socket receiving that message's
// `new_message` (matched by client_id), one message at a time, on loopback. Goal: p99 < 100 ms.
//
// The traveller's link token comes from get-chat-with-organizer with the request's uuid, as the
// questionnaire page opens its chat (with a solved invisible captcha, as a browser sends it).
// The server lets one client address write 120 traveller messages in 10 minutes before it asks
// for a captcha (CHAT_TRAVELLER_WRITE_GUARD): the bench's traveller sends from 127.0.0.2, .3, …,
// 100 messages from each.
import crypto from 'node:crypto';
import http from 'node:http';
import { api, captchaToken, fmt, percentile } from '../bookings/http.mjs';
import { connect, onNewMessage, providerChannels, travellerChannels } from './realtime.mjs';

export const GOAL_P99_MS = 100;
const PER_ADDRESS = 100;

/** A JSON POST on a keep-alive agent (the traveller's, bound to its client address). */
const post = (url, route, body, agent) =>
  new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = http.request(
      `${url}${route}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': data.length } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200) reject(new Error(`POST ${route}: ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });

/**
 * `count` messages after `warmup`, one at a time: `send(clientId)` sends over HTTP; `receiver`'s
 * socket must hear it. Answers the sorted delivery times and HTTP answer times.
 */
const deliver = async ({ receiver, send, count, warmup }) => {
  const waiting = new Map();
  onNewMessage(receiver, (payload, at) => waiting.get(payload.message.client_id)?.(at));
  const delivery = [];
  const answer = [];
  for (let i = 0; i < warmup + count; i += 1) {
    const clientId = crypto.randomUUID();
    let timer;
    const heard = new Promise((resolve, reject) => {
      waiting.set(clientId, resolve);
      timer = setTimeout(() => reject(new Error(`message ${i + 1}: not received in 10 s`)), 10_000);
    });
    const t0 = performance.now();
    const answered = send(clientId, i).then(() => performance.now());
    const [at, answeredAt] = await Promise.all([heard, answered]);
    clearTimeout(timer);
    waiting.delete(clientId);
    if (i >= warmup) {
      delivery.push(at - t0);
      answer.push(answeredAt - t0);
    }
  }
  delivery.sort((a, b) => a - b);
  answer.sort((a, b) => a - b);
  return { delivery, answer };
};

export const run = async ({ url, token, ids, delivery: { count, warmup } }) => {
  const res = await fetch(`${url}/crm/api/chat/get-chat-with-organizer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-invisible-captcha-token': await captchaToken(url) },
    body: JSON.stringify({
      organizer_id: ids.main,
      request_uuid: ids.deliveryRequestUuid,
      message: 'Hello! A question about our booking.',
    }),
  });
  const chat = await res.json();
  if (!res.ok || chat.id !== ids.deliveryChat)
    throw new Error(`get-chat-with-organizer: ${res.status} ${JSON.stringify(chat).slice(0, 300)}`);

  const provider = await connect(url, { fetchChannels: providerChannels(url, token) });
  const traveller = await connect(url, { fetchChannels: travellerChannels(url, chat.token) });
  const agents = [];
  const agentFor = (i) => {
    const k = Math.floor(i / PER_ADDRESS);
    agents[k] ??= new http.Agent({ keepAlive: true, localAddress: `127.0.0.${2 + k}` });
    return agents[k];
  };
  const results = [];
  try {
    console.log(
      `\nnew_message reaching the other side: ${count} messages each way after ${warmup} to warm up, one at a time; the provider's socket on ${provider.channels.length} channels (${provider.channels.join(', ')}), the traveller's on ${traveller.channels.join(', ')}`,
    );
    console.log(
      `${'direction'.padEnd(40)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)}  ${'HTTP answer p50'.padStart(15)} ${'p99'.padStart(6)}  goal p99 < ${GOAL_P99_MS} ms`,
    );
    const directions = [
      [
        'provider sends → traveller receives',
        traveller.socket,
        (clientId, i) =>
          api(url, token, 'POST', '/crm/api/chat/send-message', {
            chat_id: chat.id,
            message: `Answer ${i + 1}: the driver waits up to two hours after landing.`,
            client_id: clientId,
          }),
      ],
      [
        'traveller sends → provider receives',
        provider.socket,
        (clientId, i) =>
          post(
            url,
            '/spa/chat/send-message',
            { token: chat.token, message: `Question ${i + 1}: is breakfast included?`, client_id: clientId },
            agentFor(i),
          ),
      ],
    ];
    for (const [name, receiver, send] of directions) {
      const { delivery, answer } = await deliver({ receiver, send, count, warmup });
      const p99 = percentile(delivery, 99);
      const pass = p99 < GOAL_P99_MS;
      results.push({ name, pass });
      console.log(
        `${name.padEnd(40)} ${fmt(percentile(delivery, 50))} ${fmt(p99)} ${fmt(delivery.at(-1))}  ${fmt(percentile(answer, 50)).padStart(15)} ${fmt(percentile(answer, 99))}  ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
  } finally {
    provider.socket.disconnect();
    traveller.socket.disconnect();
    for (const a of agents) a.destroy();
  }
  return results;
};
