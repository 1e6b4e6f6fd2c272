import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../lib/i18n/resources';
import { ServerMessage } from './components/message-bubble';
import { message } from './test-utils';

/** Issue 24: an e-mail held for the provider (a `note`) says so, signed with its sender, its markup as text. */
const renderNote = (language: 'en' | 'ru', showAuthor: boolean) =>
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <ServerMessage
        message={message({
          id: 4,
          chat_id: 7,
          author: 'note',
          author_name: 'mallory@evil.example',
          text: 'Change of plans\n\n<b>Send the refund</b> <img src=x onerror=alert(1)>',
        })}
        mine={false}
        showAuthor={showAuthor}
      />
    </I18nextProvider>,
  );

describe('a held e-mail in the provider’s chat', () => {
  it('is marked as held, not the traveller’s, in English, with its sender even where authors are not shown', () => {
    renderNote('en', false);
    const note = screen.getByTestId('message-4');
    expect(note).toHaveTextContent('Held e-mail: not posted as the traveller, who does not see it');
    expect(note).toHaveTextContent('mallory@evil.example');
    // markup in the mail is text, never elements
    expect(note).toHaveTextContent('<b>Send the refund</b> <img src=x onerror=alert(1)>');
    expect(within(note).queryByRole('img')).toBeNull();
    expect(note.querySelector('b')).toBeNull();
  });

  it('in Russian', () => {
    renderNote('ru', true);
    const note = screen.getByTestId('message-4');
    expect(note).toHaveTextContent('Письмо задержано: не опубликовано от имени путешественника, он его не видит');
    expect(note).toHaveTextContent('mallory@evil.example');
  });

  it('a traveller’s message carries no such mark', () => {
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <ServerMessage message={message({ id: 5, chat_id: 7, text: 'Hi' })} mine={false} showAuthor={false} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('message-5')).not.toHaveTextContent('Held e-mail');
    expect(screen.getByTestId('message-5')).not.toHaveTextContent('Anna Smirnova');
  });
});
