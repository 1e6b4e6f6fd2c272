import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildServices, type Platform, type ServerModule, type Services } from './lib/modules';
import { serverModules } from './modules';

const here = path.dirname(fileURLToPath(import.meta.url));
const platform = {} as Platform;
const platformServices = { tenancy: {}, auth: {}, delivery: {} } as Pick<Services, 'tenancy' | 'auth' | 'delivery'>;
/** a stand-in service under a name modules declare (the registry does not look inside) */
const fake = (name: string): Partial<Services> => ({ [name]: { name } }) as Partial<Services>;

describe('the server modules', () => {
  it('every folder under modules/ is a module whose index exports a manifest, and the list has each once', async () => {
    const folders = fs
      .readdirSync(path.join(here, 'modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const manifests: ServerModule[] = [];
    for (const folder of folders) {
      const face = (await import(`./modules/${folder}/index.ts`)) as Record<string, unknown>;
      const exported = Object.values(face).filter(
        (v): v is ServerModule =>
          typeof v === 'object' && v !== null && 'name' in v && serverModules.includes(v as ServerModule),
      );
      expect(exported, `modules/${folder}/index.ts exports its manifest, listed in modules.ts`).toHaveLength(1);
      manifests.push(...exported);
    }
    expect(new Set(serverModules.map((m) => m.name)).size).toBe(serverModules.length);
    expect([...serverModules].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      manifests.sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('builds in the list order; a module reads what it needs of those before it, and anything once called', async () => {
    const calls: string[] = [];
    const services = await buildServices(
      [
        { name: 'a', create: () => fake('uploads') },
        {
          name: 'b',
          needs: ['uploads'],
          create: (_p, s) => {
            calls.push((s.uploads as unknown as { name: string }).name);
            // the platform's services are there for everyone
            expect(s.tenancy).toBe(platformServices.tenancy);
            // a later module's service, reached when called (a cycle at run time is fine)
            return { ...fake('tours'), guides: { later: () => s.chats } } as unknown as Partial<Services>;
          },
        },
        { name: 'c', create: () => fake('chats') },
      ],
      platform,
      platformServices,
    );
    expect(calls).toEqual(['uploads']);
    expect((services.guides as unknown as { later: () => unknown }).later()).toEqual({ name: 'chats' });
  });

  it('refuses at start a module that reads what it does not list, needs a later module, or builds a name twice', async () => {
    await expect(
      buildServices(
        [
          { name: 'a', create: () => fake('uploads') },
          { name: 'b', create: (_p, s) => ({ tours: s.uploads }) as never },
        ],
        platform,
        platformServices,
      ),
    ).rejects.toThrow('module b reads services.uploads while it builds but does not list it in needs');
    await expect(
      buildServices(
        [
          { name: 'b', needs: ['uploads'], create: (_p, s) => ({ tours: s.uploads }) as never },
          { name: 'a', create: () => fake('uploads') },
        ],
        platform,
        platformServices,
      ),
    ).rejects.toThrow('module b needs uploads, which no module before it builds');
    await expect(
      buildServices(
        [
          { name: 'a', create: () => fake('uploads') },
          { name: 'b', create: () => fake('uploads') },
        ],
        platform,
        platformServices,
      ),
    ).rejects.toThrow('module b builds services.uploads, which already exists');
  });
});
