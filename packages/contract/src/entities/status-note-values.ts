/**
 * The lines the system itself writes in a request's status history (a sweep, a payment), by code.
 * The history row stores the code; the API gives the code (`note`) and its English text
 * (`message`), and the web shows the note in the reader's language. Rows written before the codes
 * hold the English text, which maps to the same code. Zod-free: the web imports it.
 */
export const STATUS_NOTES = {
  prepayment_received: 'Prepayment received',
  prepayment_not_paid_in_time: 'The prepayment was not paid in time',
  departure_started_unpaid: 'The departure started before the prepayment was paid',
} as const;
export type StatusNote = keyof typeof STATUS_NOTES;
export const STATUS_NOTE_CODES = Object.keys(STATUS_NOTES) as [StatusNote, ...StatusNote[]];

const NOTE_BY_TEXT = new Map<string, StatusNote>(
  Object.entries(STATUS_NOTES).map(([code, text]) => [text, code as StatusNote]),
);

/**
 * The note a stored system message stands for: its code, or the English text an older row holds;
 * null for anything else. Only the system's rows are read this way: a person's own words stay theirs.
 */
export const statusNoteOf = (message: string): StatusNote | null =>
  message in STATUS_NOTES ? (message as StatusNote) : (NOTE_BY_TEXT.get(message) ?? null);
