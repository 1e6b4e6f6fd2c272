import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { TEXTS } from '@tourdesk/contract/constants';
import { createTestI18n } from '../../../lib/i18n/resources';
import { createCaptchaRequests } from '../api/captcha-requests';
import { CaptchaHost } from './captcha-host';

describe('captcha modal', () => {
  it('opens for a pending 429 at width 368, shows "Captcha loading error" without a challenge URL, and rejects on close', async () => {
    const requests = createCaptchaRequests();
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <CaptchaHost requests={requests} urls={{ captcha: null, hardCaptcha: null }} language="en" />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    let outcome = 'pending';
    act(() => {
      requests.handler({ type: 'captcha', message: 'Too many requests', code: 'too_many_requests' }).then(
        () => (outcome = 'solved'),
        () => (outcome = 'rejected'),
      );
    });
    const dialog = await screen.findByRole('dialog', { name: 'Security check' });
    expect(dialog).toHaveStyle({ maxWidth: '368px' });
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.captchaLoadingError);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(async () => Promise.resolve());
    expect(outcome).toBe('rejected');
  });
});
