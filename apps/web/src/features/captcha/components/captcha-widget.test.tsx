import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { CaptchaWidget } from './captcha-widget';

/** Issue 23 item 13: the ALTCHA widget's own texts were English on Russian pages. */
const widgetText = (container: HTMLElement): string => {
  const el = container.querySelector('altcha-widget') as HTMLElement;
  return `${el.shadowRoot?.textContent ?? ''} ${el.textContent ?? ''}`;
};

describe('the captcha widget', () => {
  it.each([
    ['ru', 'Я не робот'],
    ['en', "I'm not a robot"],
  ])('speaks the page language (%s)', async (language, label) => {
    const { container } = render(
      <CaptchaWidget
        challengeUrl="/captcha/challenge"
        language={language}
        onVerified={vi.fn()}
        onStateChange={vi.fn()}
      />,
    );
    await waitFor(() => expect(widgetText(container)).toContain(label));
  });
});
