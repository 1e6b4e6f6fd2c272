import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../../modules/template/defaults';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from '../client';
import { contractTemplates, organizers } from '../schema/index';
import { documentLanguageOf, seedDemo } from './seed';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  expect(await seedDemo(database.db)).toBe(true);
});
afterAll(() => drop());

const placeholdersOf = (html: string): Set<string> => new Set(html.match(/\{[a-z_]+\.[a-z_]+\}/g) ?? []);

describe('demo seed: contract templates', () => {
  it('gives the Russian organizer (Altai Trails, country RU) the Russian contract, not the English one', async () => {
    const [altai] = await database.db
      .select({ id: organizers.id, profile: organizers.profile })
      .from(organizers)
      .where(eq(organizers.name, 'Altai Trails'));
    expect(altai?.profile).toMatchObject({ country: 'RU' });
    const templates = await database.db
      .select()
      .from(contractTemplates)
      .where(eq(contractTemplates.organizer_id, altai!.id));
    expect(templates).toHaveLength(1);
    const [template] = templates;
    expect(template).toMatchObject({ type: 'contract', name: 'Типовой договор', is_default: true });
    expect(template!.content).not.toBe(DEFAULT_TEMPLATES.contract.en);
    expect(template!.content).toBe(DEFAULT_TEMPLATES.contract.ru);
    // Russian prose: no English sentence of the English template is left.
    expect(template!.content).toContain('Договор № {request.id}');
    expect(template!.content).not.toMatch(/\b(Contract|Organizer|Customer|Subject|Price|Cancellation|Requisites)\b/);
    // Every placeholder of the English contract is there; the requisites print the fields an account
    // has (KPP, OGRN and a correspondent account for a Russian one, IBAN and SWIFT for others).
    const russian = placeholdersOf(template!.content);
    const english = [...placeholdersOf(DEFAULT_TEMPLATES.contract.en)].filter(
      (p) => p !== '{bank_account.iban}' && p !== '{bank_account.swift}',
    );
    expect(english.filter((p) => !russian.has(p))).toEqual([]);
    for (const p of ['{organizer.requisites}', '{bank_account.requisites}']) expect(russian).toContain(p);
  });

  it('chooses the document language from the country or the language', () => {
    expect(documentLanguageOf({ country: 'RU' })).toBe('ru');
    expect(documentLanguageOf({ country: 'by' })).toBe('ru');
    expect(documentLanguageOf({ country: 'DE', language: 'ru' })).toBe('ru');
    expect(documentLanguageOf({ country: 'DE', language: 'en' })).toBe('en');
    expect(documentLanguageOf({ country: 'RS' })).toBe('en');
    expect(documentLanguageOf({})).toBe('en');
  });
});
