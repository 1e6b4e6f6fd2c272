import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tourdesk/contract';
import {
  addressesIn,
  clientIdOfMail,
  createReplyAddresses,
  fitMessage,
  htmlToText,
  replyTextOf,
  senderAddress,
  stripQuoted,
} from './chat-inbound-mail';

const KEY = new TextEncoder().encode('reply-address-key-0123456789abcdef');
const addresses = createReplyAddresses(KEY);

describe('reply addresses', () => {
  it('round-trip: the address of a request names that request, whatever the case or domain', () => {
    const address = addresses.addressOf(42, 'reply.example.com');
    expect(address).toMatch(/^reply\+42-[0-9a-f]{16}@reply\.example\.com$/);
    expect(addresses.requestIdOf(address)).toBe(42);
    expect(addresses.requestIdOf(address.toUpperCase())).toBe(42);
    expect(addresses.requestIdOf(address.replace('reply.example.com', 'old.example.org'))).toBe(42);
    expect(addresses.addressOf(42, 'reply.example.com')).toBe(address);
    expect(addresses.addressOf(43, 'reply.example.com')).not.toBe(address.replace('+42-', '+43-'));
  });

  it('forged: another request id with this signature, a changed signature, another key, or no reply address', () => {
    const address = addresses.addressOf(42, 'reply.example.com');
    const sig = /-([0-9a-f]{16})@/.exec(address)![1]!;
    expect(addresses.requestIdOf(address.replace('+42-', '+43-'))).toBeNull();
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    expect(addresses.requestIdOf(address.replace(sig, flipped))).toBeNull();
    expect(addresses.requestIdOf(address.replace(sig, sig.slice(0, 10)))).toBeNull();
    const other = createReplyAddresses(new TextEncoder().encode('another-key-0123456789abcdef0123'));
    expect(other.requestIdOf(address)).toBeNull();
    for (const wrong of [
      'reply@reply.example.com',
      `reply+0-${sig}@reply.example.com`,
      `reply+99999999999-${sig}@reply.example.com`,
      `olga@example.com`,
      `reply+42-${sig}`,
    ])
      expect(addresses.requestIdOf(wrong), wrong).toBeNull();
  });
});

describe('addresses in headers', () => {
  it('reads names, angle brackets and lists, lower-case, once each', () => {
    expect(addressesIn('Olga Petrova <Olga@Example.com>')).toEqual(['olga@example.com']);
    expect(addressesIn(['"A, B" <a@x.org>, c@y.org', 'C@Y.org'])).toEqual(['a@x.org', 'c@y.org']);
    expect(addressesIn('undisclosed-recipients:;')).toEqual([]);
  });

  it('the sender is the bracketed address, not a display name that looks like one', () => {
    expect(senderAddress('"olga@example.com" <mallory@evil.example>')).toBe('mallory@evil.example');
    expect(senderAddress('OLGA@example.com')).toBe('olga@example.com');
    expect(senderAddress('Olga')).toBeNull();
  });
});

describe('the quoted earlier message', () => {
  it('"On … wrote:" and everything after it is dropped (also when the line wrapped)', () => {
    const gmail =
      'Yes, we will be there at 8.\r\n\r\nOn Mon, 2 Nov 2026 at 10:00, Altai Trails <reply+1-abc@x.org> wrote:\r\n> Your booking is confirmed.\r\n> See you!';
    expect(stripQuoted(gmail)).toBe('Yes, we will be there at 8.');
    const wrapped =
      'Fine.\n\nOn Mon, 2 Nov 2026 at 10:00, Altai Trails <\nreply+1-abc@x.org> wrote:\n\nYour booking is confirmed.';
    expect(stripQuoted(wrapped)).toBe('Fine.');
  });

  it('«… написал(а):» and its forms are dropped', () => {
    for (const intro of ['написал(а):', 'написал:', 'написала:'])
      expect(
        stripQuoted(
          `Спасибо, будем!\n\nПн, 2 нояб. 2026 г. в 10:00, Алтай <a@x.org> ${intro}\nВаша бронь подтверждена.`,
        ),
      ).toBe('Спасибо, будем!');
  });

  it('lines quoted with ">" are dropped wherever they are; the answers between them stay', () => {
    expect(stripQuoted('> Will you need a transfer?\nYes, two people.\n> Any food restrictions?\nNone.')).toBe(
      'Yes, two people.\nNone.',
    );
  });

  it("Outlook's separator ends the reply; a text without a quote is kept whole", () => {
    expect(stripQuoted('Thanks!\n\n-----Original Message-----\nFrom: Altai Trails')).toBe('Thanks!');
    expect(stripQuoted('I wrote: see the list.\nOn Monday we arrive.')).toBe(
      'I wrote: see the list.\nOn Monday we arrive.',
    );
  });

  it('an HTML-only mail: its text, the <blockquote> dropped, markup left as text to the chat', () => {
    expect(
      htmlToText(
        '<html><head><style>p{}</style></head><body><p>See you &amp; thanks</p><div>On Mon, A wrote:</div><blockquote><p>old</p></blockquote></body></html>',
      ),
    ).toBe('See you & thanks\nOn Mon, A wrote:');
    expect(replyTextOf({ text: '  ', html: '<p>Hi&nbsp;there</p><p>On Mon, A wrote:</p><p>old</p>' })).toBe('Hi there');
    expect(htmlToText('&lt;b&gt;bold&lt;/b&gt; &#x1F600; &#0;')).toBe('<b>bold</b> 😀 &#0;');
  });
});

describe('fitting a chat message', () => {
  it('a long text is cut to the message limit with an ellipsis, never inside a surrogate pair', () => {
    const long = 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 10);
    expect(fitMessage(long)).toHaveLength(CHAT_MESSAGE_MAX_LENGTH);
    expect(fitMessage(long).endsWith('…')).toBe(true);
    const emoji = 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH - 3) + '😀'.repeat(5);
    const fitted = fitMessage(emoji);
    expect(fitted.length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX_LENGTH);
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(fitted)).toBe(false);
    expect(fitMessage('short')).toBe('short');
  });

  it('the client id of a Message-ID is plain and the same for the same id', () => {
    const id = clientIdOfMail('<CAF=abc+123@mail.gmail.com>');
    expect(id).toMatch(/^email:[0-9a-f]{40}$/);
    expect(clientIdOfMail(' <CAF=abc+123@mail.gmail.com> ')).toBe(id);
    expect(clientIdOfMail('<other@mail.gmail.com>')).not.toBe(id);
  });
});
