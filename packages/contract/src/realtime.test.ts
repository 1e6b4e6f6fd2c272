import { describe, expect, it } from 'vitest';
import {
  REALTIME_EVENTS,
  chatChannel,
  isOwnChange,
  organizerChannel,
  publicationSchema,
  realtimePayloadSchemas,
  type Publication,
} from './realtime';
import type { Chat, ChatMessage } from './entities/chat';

const NOW = '2026-05-01T10:00:00.000Z';
const message: ChatMessage = {
  id: 7,
  chat_id: 3,
  type: 'output',
  author: 'organizer',
  author_name: 'Anna',
  actor: null,
  text: 'Hello',
  file: null,
  status: 3,
  client_id: 'c-1',
  is_read: false,
  created_at: NOW,
  edited_at: null,
  is_deleted: false,
  is_moderated: false,
  edited_by: null,
  moderated_by: null,
  deleted_by: null,
};
const chat: Chat = {
  id: 3,
  organizer_id: 1,
  kind: 'tourist',
  title: 'Olga',
  traveller: { name: 'Olga', email: 'olga@example.com' },
  site: null,
  tour: null,
  request_ids: [],
  last_message: message,
  unread_count: 0,
  is_frozen: false,
  frozen_by: null,
  created_at: NOW,
  updated_at: NOW,
};

/** One valid payload per SPEC §4 event: what the server publishes. */
const actor = { type: 'user', user_id: 4 } as const;

const SAMPLES: { [E in Publication['event']]: Extract<Publication, { event: E }>['payload'] } = {
  new_message: { actor, organizer_id: 1, chat_id: 3, message },
  message_was_edit: { actor, organizer_id: 1, chat_id: 3, message: { ...message, edited_at: NOW } },
  message_was_moderated: { actor, organizer_id: 1, chat_id: 3, message: { ...message, text: '', is_moderated: true } },
  chat_is_read: { actor, organizer_id: 1, chat_id: 3, reader: 'traveller', last_read_id: 7 },
  chat_was_updated: { actor, organizer_id: 1, chat },
  chat_created: { actor, organizer_id: 1, chat },
  message_was_deleted: { actor, organizer_id: 1, chat_id: 3, message: { ...message, text: '', is_deleted: true } },
  attachment_download_status_was_changed: {
    actor,
    organizer_id: 1,
    chat_id: 3,
    message_id: 7,
    file_id: 9,
    download_status: 2,
  },
  crm_user_chat_notifications_enabled: { actor, source_type: 'telegram' },
  chat_is_frozen: { actor, organizer_id: 1, chat_id: 3, is_frozen: true, frozen_by: 'Anna' },
  new_request_in_crm: { actor, organizer_id: 1, request_id: 5, status: 1 },
  update_tourists_info: { actor, organizer_id: 1, request_id: 5, source: 'questionnaire' },
  request_in_crm_update_status: { actor, organizer_id: 1, request_id: 5, status: 3 },
  organization_requisites_was_changed_event: {
    actor,
    organizer_id: 1,
    internal_check_status: 'success',
    verification_status: 'in_progress',
  },
  site_status_changed: { actor, organizer_id: 1, site_id: 2, status: 'published', is_published_on_site: true },
  crm_user_phone_was_confirmed: { actor, user_id: 4 },
  review_was_changed: { actor, organizer_id: 1, review_id: 6, change: 'created' },
  departure_was_updated: { actor, organizer_id: 1, tour_date_id: 7, change: 'checkin' },
};

describe('real-time payloads (SPEC §4)', () => {
  it('every event has a payload schema, and nothing else has one', () => {
    expect(Object.keys(realtimePayloadSchemas).sort()).toEqual([...REALTIME_EVENTS].sort());
  });

  it.each(REALTIME_EVENTS)('%s: its payload schema takes what the server sends and keeps it', (event) => {
    const payload = SAMPLES[event];
    expect(realtimePayloadSchemas[event].parse(payload)).toEqual(payload);
    const publication = { channel: organizerChannel(1), event, payload };
    expect(publicationSchema.parse(publication)).toEqual(publication);
  });

  it('a publication is checked against its own event (no record of anything)', () => {
    // a chat payload under a request event, and the other way round
    expect(
      publicationSchema.safeParse({ channel: 'x', event: 'new_request_in_crm', payload: SAMPLES.new_message }).success,
    ).toBe(false);
    expect(
      publicationSchema.safeParse({ channel: 'x', event: 'new_message', payload: SAMPLES.new_request_in_crm }).success,
    ).toBe(false);
    expect(publicationSchema.safeParse({ channel: 'x', event: 'new_message', payload: {} }).success).toBe(false);
    expect(publicationSchema.safeParse({ channel: 'x', event: 'no_such_event', payload: {} }).success).toBe(false);
    expect(realtimePayloadSchemas.chat_is_read.safeParse({ ...SAMPLES.chat_is_read, reader: 'someone' }).success).toBe(
      false,
    );
  });

  it('site_status_changed: a partnership (is_published_on_site) or a tour (tour_id), not a mix', () => {
    const s = realtimePayloadSchemas.site_status_changed;
    expect(s.safeParse({ actor, organizer_id: 1, site_id: 2, status: 'waiting', tour_id: 9 }).success).toBe(true);
    expect(s.safeParse({ organizer_id: 1, site_id: 2, status: 'waiting', tour_id: 9 }).success).toBe(false);
    expect(
      s.safeParse({ organizer_id: 1, site_id: 2, status: 'waiting', tour_id: 9, is_published_on_site: true }).success,
    ).toBe(false);
    expect(s.safeParse({ organizer_id: 1, site_id: 2, status: 'live', tour_id: 9 }).success).toBe(false);
  });

  it('every payload says who acted; a user names its id, others none', () => {
    const s = realtimePayloadSchemas.new_request_in_crm;
    const { actor: _omitted, ...bare } = SAMPLES.new_request_in_crm;
    expect(s.safeParse(bare).success).toBe(false);
    expect(s.safeParse({ ...bare, actor: { type: 'system', user_id: null } }).success).toBe(true);
    expect(s.safeParse({ ...bare, actor: { type: 'robot', user_id: null } }).success).toBe(false);
    expect(isOwnChange(SAMPLES.new_request_in_crm, 4)).toBe(true);
    expect(isOwnChange(SAMPLES.new_request_in_crm, 5)).toBe(false);
    expect(isOwnChange({ actor: { type: 'system', user_id: null } }, 4)).toBe(false);
    expect(isOwnChange(SAMPLES.new_request_in_crm, null)).toBe(false);
  });

  it('channels', () => {
    expect(chatChannel(12)).toBe('chat:12');
    expect(organizerChannel(3)).toBe('organizer:3');
  });
});
