import { describe, expect, it } from 'vitest';
import { actorLabel } from './member-actor';

const roles: Record<string, string> = { manager: 'Менеджер', owner: 'Владелец' };
const roleName = (role: string) => roles[role]!;

describe('actorLabel', () => {
  it('names the member with their role, one who left by name only, no member by the fallback', () => {
    expect(actorLabel({ user_id: 2, name: 'Anna', role: 'manager' }, 'x', roleName)).toBe('Anna · Менеджер');
    expect(actorLabel({ user_id: 2, name: 'Anna', role: null }, 'x', roleName)).toBe('Anna');
    expect(actorLabel(null, 'System', roleName)).toBe('System');
  });
});
