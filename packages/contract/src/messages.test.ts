import { describe, expect, it } from 'vitest';
import { SERVER_ERROR_MESSAGE, TEXTS } from './constants';
import { MESSAGE_GROUPS, MESSAGE_TEXTS, coded, issueOf, messageCodeOf, messageText } from './messages';

describe('the message catalogue', () => {
  it('names each code once across its groups', () => {
    const sizes = Object.values(MESSAGE_GROUPS).reduce((n, group) => n + Object.keys(group).length, 0);
    expect(Object.keys(MESSAGE_TEXTS)).toHaveLength(sizes);
  });
  it("keeps SPEC's exact texts", () => {
    expect(MESSAGE_TEXTS.code_send_failed).toBe(TEXTS.codeSendFailed);
    expect(MESSAGE_TEXTS.server).toBe(SERVER_ERROR_MESSAGE);
    expect(MESSAGE_TEXTS.required).toBe('Required field');
    expect(MESSAGE_TEXTS.chat_id_must_be_number).toBe(TEXTS.chatIdMustBeNumber);
  });
  it('makes texts from codes and carries codes through zod issues', () => {
    expect(messageText('min_length', { length: 8 })).toBe('Minimum 8 characters');
    expect(coded('required')).toEqual({ code: 'required' });
    const issue = issueOf('resend_too_soon', { seconds: 42 });
    expect(issue.message).toBe('You can request a new code in 42 s');
    expect(messageCodeOf(issue.params)).toEqual({ code: 'resend_too_soon', params: { seconds: 42 } });
    expect(messageCodeOf({ message_code: 'no_such_code' })).toBeNull();
  });
});
