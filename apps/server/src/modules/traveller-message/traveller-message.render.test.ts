import { describe, expect, it } from 'vitest';
import { plainTextOf, renderEmail, renderEmailUncached, type MessageView } from './traveller-message.render';

const view = (over: Partial<MessageView> = {}): MessageView => ({
  lang: 'en',
  subject: 'Your places are confirmed',
  paragraphs: ['Hello, <img src=x onerror=alert(1)>!', 'Pay by May 3.'],
  facts: [['Booking', 'No. 7']],
  meet: null,
  button: { label: 'Pay RUB 9,000.00', url: 'https://crm.example.test/pay/abc?lang=en' },
  attachmentNote: false,
  organizer: { name: 'Altai & Co', phone: '+7 999', email: 'hi@altai.example' },
  brand: { name: 'Travelpath', accent: '#2563eb' },
  openUrl: 'https://crm.example.test/crm/api/traveller-messages/opened?token=tok',
  replies: true,
  ...over,
});

describe('the e-mail layout', () => {
  it('is table-based HTML with inline styles, the brand colour, the button and its plain-text twin', async () => {
    const { html, text } = await renderEmail(view());
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<table');
    expect(html).toContain('background:#2563eb');
    expect(html).toContain('href="https://crm.example.test/pay/abc?lang=en"');
    expect(html).toContain('opened?token=tok');
    expect(text).toContain('Pay RUB 9,000.00:\nhttps://crm.example.test/pay/abc?lang=en');
    expect(text).toContain('Reply to this e-mail to write to Altai & Co.');
  });

  it('shows markup in any value as text, and makes no link of a non-web address', async () => {
    const { html } = await renderEmail(
      view({
        organizer: { name: '<b>Evil</b>', phone: '', email: '' },
        button: { label: 'Go', url: 'javascript:alert(1)' },
      }),
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<b>Evil</b>');
    expect(html).not.toContain('javascript:');
  });

  it('a messenger gets the text without the e-mail footer; Russian labels in Russian', () => {
    const text = plainTextOf(
      view({ lang: 'ru', meet: { text: 'В 8:00', place: 'Пристань', phone: '+7' }, button: null }),
      { footer: false },
    );
    expect(text).toContain('Где и когда встречаемся:\nВ 8:00\nМесто встречи: Пристань\nКонтактный телефон: +7');
    expect(text).not.toContain('Travelpath');
  });

  it('compiles each shape of message once: every e-mail equals one compiled from scratch, with its own texts', async () => {
    const views = [
      view(),
      view({ subject: 'Another TDSLOT0Z subject', paragraphs: ['Hi Anna,\nsee you', 'Line two'], replies: false }),
      view({ link: { label: 'Your booking', url: 'https://crm.example.test/org/booking/tok' } }),
      view({ lang: 'ru', meet: { text: 'В 8:00\nу входа', place: 'Пристань', phone: '+7 900' }, button: null }),
      view({ facts: [], openUrl: null, attachmentNote: true, brand: { name: 'Other', accent: '#0f766e' } }),
      view({ organizer: { name: 'Sayan', phone: '', email: '' }, button: { label: 'Go', url: 'javascript:alert(1)' } }),
    ];
    for (const v of [...views, ...views]) {
      const cached = await renderEmail(v);
      expect(cached).toEqual(await renderEmailUncached(v));
    }
    const [a, b] = [await renderEmail(view({ subject: 'First' })), await renderEmail(view({ subject: 'Second' }))];
    expect(a.html).toContain('<title>First</title>');
    expect(b.html).toContain('<title>Second</title>');
    expect(b.html).not.toContain('TDSLOT');
  });
});
