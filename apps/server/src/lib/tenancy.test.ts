import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createUser, openTestDatabase } from '../test/test-app';
import { AppError } from './app-error';
import { createTenancy, type Tenancy } from './tenancy';

let database: Database;
let drop: () => Promise<void>;
let tenancy: Tenancy;
let alice: { userId: number; organizerIds: number[] };
let bob: { userId: number; organizerIds: number[] };
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  tenancy = createTenancy(database.db);
  alice = await createUser(database, { email: 'alice@tenancy.test', organizers: ['Alice Tours', 'Alice Treks'] });
  bob = await createUser(database, { email: 'bob@tenancy.test', organizers: ['Bob Tours'] });
});
afterAll(async () => drop());

/** What assertMember threw, or null when it let the call through. */
const refusal = async (userId: number, organizerId: number): Promise<AppError | null> => {
  try {
    await tenancy.assertMember(userId, organizerId);
    return null;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
};

describe('tenancy', () => {
  it('lets a member through to each of their organizers', async () => {
    for (const id of alice.organizerIds) {
      expect(await refusal(alice.userId, id)).toBeNull();
      expect(await tenancy.isMember(alice.userId, id)).toBe(true);
    }
  });

  it("answers another tenant's organizer exactly as one that does not exist: 404 'Organizer not found'", async () => {
    const foreign = await refusal(alice.userId, bob.organizerIds[0]!);
    const missing = await refusal(alice.userId, 999_999);
    for (const e of [foreign, missing]) {
      expect(e).toBeInstanceOf(AppError);
      expect(e!.status).toBe(404);
      expect(e!.message).toBe('Organizer not found');
      expect(e!.coded).toEqual({ code: 'organizer_not_found' });
    }
    expect(await tenancy.isMember(alice.userId, bob.organizerIds[0]!)).toBe(false);
    expect(await tenancy.isMember(bob.userId, alice.organizerIds[1]!)).toBe(false);
  });

  it('refuses a caller with no user (0) everywhere', async () => {
    expect((await refusal(0, alice.organizerIds[0]!))?.status).toBe(404);
  });
});
