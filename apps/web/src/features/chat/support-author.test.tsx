import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../lib/i18n/resources';
import type { ChatMessage } from '@tourdesk/contract';
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

  it('names the operator who edited, hid or deleted a message, in the reader’s language (issue 30)', () => {
    const show = (language: 'en' | 'ru', patch: Partial<ChatMessage>, revealModerated = false) => {
      cleanup();
      return render(
        <I18nextProvider i18n={createTestI18n(language)}>
          <ServerMessage
            message={message({ id: 2, chat_id: 7, author: 'support', author_name: 'Igor', text: 'Hi', ...patch })}
            mine={false}
            showAuthor={false}
            revealModerated={revealModerated}
          />
        </I18nextProvider>,
      ).getByTestId('message-2');
    };
    const edited = { edited_at: '2026-11-30T10:00:00.000Z', edited_by: 'Anna' };
    expect(show('en', edited)).toHaveTextContent('edited by Anna (Support)');
    expect(show('ru', edited)).toHaveTextContent('изменено: Anna (Поддержка)');
    // the provider's chat: no text, who hid it
    const hidden = show('en', { is_moderated: true, moderated_by: 'Anna', text: '' });
    expect(hidden).toHaveTextContent('Message hidden by Anna (Support)');
    expect(hidden).not.toHaveTextContent('Hi');
    expect(show('ru', { is_moderated: true, moderated_by: 'Anna', text: '' })).toHaveTextContent(
      'Сообщение скрыто: Anna (Поддержка)',
    );
    // support's desk still reads it, with who hid it
    expect(show('en', { is_moderated: true, moderated_by: 'Anna' }, true)).toHaveTextContent(
      'Hidden by Anna (Support) from the organizer and the traveller',
    );
    expect(show('en', { is_deleted: true, deleted_by: 'Igor', text: '' })).toHaveTextContent(
      'Message deleted by Igor (Support)',
    );
    // an edit by the shared name, and one by nobody of support
    expect(show('en', { ...edited, edited_by: 'Support' })).toHaveTextContent('edited by Support');
    expect(show('en', { edited_at: edited.edited_at })).toHaveTextContent(/edited\d/);
  });
});
