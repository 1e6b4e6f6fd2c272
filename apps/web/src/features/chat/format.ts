import type { TFunction } from 'i18next';
import type { ChatMessage } from '@tourdesk/contract/entities/chat';

/** A message's time of day: 14:05 / 2:05 PM. */
export const formatTime = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

const dayKey = (date: Date): string => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** The local day a message was written on (to separate a thread's days). */
export const messageDay = (iso: string): string => dayKey(new Date(iso));

/** A day's heading in a thread: Today, Yesterday, or the date (the year when not this one). */
export const formatDay = (iso: string, language: string, t: TFunction, now = new Date()): string => {
  const date = new Date(iso);
  if (dayKey(date) === dayKey(now)) return t('chat:day.today');
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return t('chat:day.yesterday');
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
};

/** When a chat was last written to, for the list: the time today, else the date. */
export const formatListTime = (iso: string, language: string, now = new Date()): string => {
  const date = new Date(iso);
  if (dayKey(date) === dayKey(now)) return formatTime(iso, language);
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
};

/** A message in a line (the list's last message): its text, else its file, else why it shows nothing. */
export const messagePreview = (message: ChatMessage, t: TFunction): string => {
  if (message.is_deleted) return t('chat:message.deleted');
  if (message.is_moderated) return t('chat:message.moderated');
  const text = message.text.replace(/\s+/g, ' ').trim();
  if (text) return text;
  if (message.file) return `📎 ${message.file.name}`;
  return '';
};

/** Addresses in a message become links; everything else stays text. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}'"»]+$/;

export const splitLinks = (text: string): TextPart[] => {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href: url, text: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
};
