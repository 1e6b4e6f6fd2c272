import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../lib/i18n/resources';
import { ServerMessage } from './components/message-bubble';
import { message } from './test-utils';

/** Issue 23 item 19: support's messages were signed "Support" on Russian screens. */
const renderMessage = (language: 'en' | 'ru', author: 'support' | 'traveller', authorName: string) =>
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <ServerMessage
        message={message({ id: 1, chat_id: 7, author, author_name: authorName, text: 'Hello' })}
        mine={false}
        showAuthor
      />
    </I18nextProvider>,
  );

describe("a message's author", () => {
  it("names support in the reader's language", () => {
    renderMessage('ru', 'support', 'Support');
    expect(screen.getByTestId('message-1')).toHaveTextContent('Поддержка');
    expect(screen.getByTestId('message-1')).not.toHaveTextContent('Support');
  });

  it('names support in English on an English screen, a traveller by their name', () => {
    renderMessage('en', 'support', 'Support');
    expect(screen.getByTestId('message-1')).toHaveTextContent('Support');
    renderMessage('ru', 'traveller', 'Anna Smirnova');
    expect(screen.getAllByTestId('message-1')[1]).toHaveTextContent('Anna Smirnova');
  });

  it('names an operator with their role, in the reader’s language (issue 30)', () => {
    renderMessage('en', 'support', 'Anna');
    expect(screen.getByTestId('message-1')).toHaveTextContent('Anna (Support)');
    renderMessage('ru', 'support', 'Anna');
    expect(screen.getAllByTestId('message-1')[1]).toHaveTextContent('Anna (Поддержка)');
  });
});
