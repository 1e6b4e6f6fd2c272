/**
 * Texts of chats (design, SPEC §8 "not shown", but `chat_id_must_be_number`, which is SPEC §8's
 * own 'data.chatId must be a number'). Part of MESSAGE_TEXTS (./messages.ts).
 */
export const CHAT_MESSAGES = {
  chat_not_found: 'Chat not found',
  chat_message_not_found: 'Message not found',
  /** SPEC §5/§8: send-message without a numeric chat id (TEXTS.chatIdMustBeNumber; a test keeps them equal) */
  chat_id_must_be_number: 'data.chatId must be a number',
  chat_frozen: 'This chat is frozen: no more messages can be sent',
  /** the traveller's link (its token) names no chat, or an old one */
  chat_link_invalid: 'This chat link is no longer valid',
  /** an operator's edit of a message support did not write */
  chat_message_not_editable: 'Only support’s own messages can be edited',
  chat_message_deleted: 'The message has been deleted',
  /** the operator writes in support chats only */
  chat_not_support: 'This is not a support chat',
  /** a request's chat link reissued before its traveller ever wrote (there is no chat yet) */
  request_chat_not_started: 'The traveller has not written in a chat about this request yet',
  /** a canceled request's questionnaire link opens its chat no more, and the chat takes no traveller's message */
  chat_request_canceled: 'The request is canceled: this chat takes no more messages',
} as const;
