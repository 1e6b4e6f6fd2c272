import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../lib/i18n/resources';
import { PasswordStrengthHint } from './password-strength-hint';

const renderHint = (password: string, language: 'en' | 'ru' = 'en') =>
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <PasswordStrengthHint password={password} />
    </I18nextProvider>,
  ).container.firstElementChild as HTMLElement;

describe('password strength hint (SPEC §5)', () => {
  it('is none for an empty password, red when non-empty and shorter than 8, medium when some condition holds, strong with all five', () => {
    expect(renderHint('').dataset.strength).toBe('none');
    expect(renderHint('Ab1!').dataset.strength).toBe('red');
    expect(screen.getAllByText('Too short').length).toBeGreaterThan(0);
    expect(renderHint('abcdefgh').dataset.strength).toBe('medium');
    expect(renderHint('Abcdefg1').dataset.strength).toBe('medium');
    expect(renderHint('Abcdef1!').dataset.strength).toBe('strong');
    expect(screen.getByText('Strong')).toBeInTheDocument();
  });

  it('lists the five conditions and marks the ones met', () => {
    renderHint('abc1');
    const list = screen.getByRole('list', { name: 'Password requirements' });
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'At least 8 characters(not yet)',
      'A lowercase letter(done)',
      'An uppercase letter(not yet)',
      'A digit(done)',
      'One of !@#$%^&*()-_+(not yet)',
    ]);
  });

  it('speaks Russian', () => {
    renderHint('Ab1!', 'ru');
    expect(screen.getByText('Слишком короткий')).toBeInTheDocument();
    expect(screen.getByText('Не менее 8 символов')).toBeInTheDocument();
  });
});
