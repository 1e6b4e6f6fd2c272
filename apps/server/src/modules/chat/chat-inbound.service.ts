import { BOOKING_STATUS, TOURIST_ACTOR, type InboundEmail, type InboundEmailResponse } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ChatCore } from './chat-core';
import {
  addressesIn,
  clientIdOfMail,
  fitMessage,
  replyTextOf,
  senderAddress,
  type ReplyAddresses,
} from './chat-inbound-mail';
import { requestChatIn } from './chat-request-post';
import type { ChatInboundRepository } from './chat-inbound.repository';
import type { ChatRepository, ChatRow } from './chat.repository';

type InboundRequest = NonNullable<Awaited<ReturnType<ChatInboundRepository['requestForInbound']>>>;

const REFUSED: InboundEmailResponse = { accepted: false, status: null };

/**
 * Replies to the e-mails travellers are sent (issue 24). Each message to a traveller carries the
 * Reply-To `replyAddress(request id)`; the mail service posts what comes back to the inbound
 * webhook, and `receive` puts it where the conversation is: the request's chat with the traveller.
 *
 * - From the request's customer or one of its tourists (their address, case aside): posted into
 *   the chat as the traveller (the chat made as the questionnaire's is, on the first message).
 * - From anyone else, or into a chat the traveller can no longer write to (frozen by support, or
 *   the request canceled): held. Nothing is posted as the traveller; the provider reads it in the
 *   chat as a `note`, a message of the organizer's side only (author_name the sender's address,
 *   the traveller never sees it).
 *
 * Every mail is kept in inbound_emails (posted or held), once per request and Message-ID: a
 * delivery repeated, even at the same moment, changes nothing more (the chat message's client_id
 * is made from the Message-ID too).
 */
export const createChatInboundService = (deps: {
  /** the chat's queries and the inbound e-mail's own */
  repo: ChatRepository & ChatInboundRepository;
  core: ChatCore;
  addresses: ReplyAddresses;
  /** INBOUND_EMAIL_DOMAIN; without it messages carry no per-request Reply-To */
  domain: string | null;
}) => {
  const { repo, core, addresses, domain } = deps;

  /** The request's chat with its traveller, made in `tx` when there is none yet. */
  const chatOfRequest = (tx: Db, request: InboundRequest): Promise<ChatRow> =>
    requestChatIn({ repo, core }, tx, request, TOURIST_ACTOR);

  /** Whether the sender is the request's traveller: its customer or one of its tourists. */
  const isTraveller = async (tx: Db, request: InboundRequest, sender: string): Promise<boolean> =>
    request.customer_email.trim().toLowerCase() === sender ||
    (await repo.touristEmailsOf(request.id, tx)).includes(sender);

  const receiveOnce = async (
    request: InboundRequest,
    mail: InboundEmail,
    sender: string,
    text: string,
  ): Promise<InboundEmailResponse> =>
    repo.transaction(async (tx) => {
      // delivered again: what became of it the first time (a delivery at the same moment: the insert below)
      const earlier = await repo.inboundEmail(tx, request.id, mail.message_id);
      if (earlier) return { accepted: true, status: earlier.status === 'posted' ? 'posted' : 'held' };
      const chat = await chatOfRequest(tx, request);
      const isCanceled = request.status >= BOOKING_STATUS.canceled_by_tourist;
      const status = !chat.is_frozen && !isCanceled && (await isTraveller(tx, request, sender)) ? 'posted' : 'held';
      const id = await repo.insertInboundEmail(tx, {
        organizer_id: request.organizer_id,
        request_id: request.id,
        chat_id: chat.id,
        from_address: sender,
        subject: mail.subject,
        text,
        message_id: mail.message_id,
        status,
      });
      if (id === null) {
        // the same mail delivered at the same moment, committed while this one waited
        const first = await repo.inboundEmail(tx, request.id, mail.message_id);
        return { accepted: true, status: first?.status === 'posted' ? 'posted' : 'held' };
      }
      const subject = mail.subject.trim();
      const message = { fileId: null, clientId: clientIdOfMail(mail.message_id) };
      await core.post(
        chat.id,
        status === 'posted'
          ? // no words of its own: the subject is what the traveller said
            { ...message, author: 'traveller', authorName: chat.traveller_name, text: fitMessage(text || subject) }
          : // the provider reads the whole of it: the subject, then the text
            {
              ...message,
              author: 'note',
              authorName: sender,
              text: fitMessage([subject, text].filter(Boolean).join('\n\n')),
            },
        tx,
      );
      return { accepted: true, status };
    });

  return {
    /** The Reply-To of the request's messages to travellers; null without INBOUND_EMAIL_DOMAIN. */
    replyAddress: (requestId: number): string | null => (domain ? addresses.addressOf(requestId, domain) : null),

    /**
     * An e-mail the mail service received. The first recipient that is a reply address with a right
     * signature names the request; none (a forged or unknown address), a request that no longer
     * exists, no sender or no text: not accepted, nothing changes.
     */
    receive: async (mail: InboundEmail): Promise<InboundEmailResponse> => {
      const requestId = addressesIn(mail.to)
        .map((a) => addresses.requestIdOf(a))
        .find((id) => id !== null);
      const request = requestId ? await repo.requestForInbound(requestId) : null;
      const sender = senderAddress(mail.from);
      const text = replyTextOf(mail);
      if (!request || !sender || !(text || mail.subject.trim())) return REFUSED;
      try {
        return await receiveOnce(request, mail, sender, text);
      } catch (e) {
        // the same mail, or the chat's first one, written at the same moment by another delivery: once more
        if (!isUniqueViolation(e)) throw e;
        return receiveOnce(request, mail, sender, text);
      }
    },
  };
};
export type ChatInboundService = ReturnType<typeof createChatInboundService>;
