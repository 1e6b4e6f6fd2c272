import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  const anna = { first_name: 'Anna', last_name: 'Smirnova', middle_name: 'Petrovna' };

  it('puts the given name first in English and the surname first in Russian', () => {
    expect(personName(anna, 'en')).toBe('Anna Petrovna Smirnova');
    expect(personName(anna, 'ru')).toBe('Smirnova Anna Petrovna');
  });

  it('leaves out blank parts and falls back when there is no name', () => {
    expect(personName({ first_name: ' Ivan ', last_name: '', middle_name: null }, 'en')).toBe('Ivan');
    expect(personName({}, 'en', 'No name yet')).toBe('No name yet');
  });
});
