import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAnswerFloor } from './answer-floor';

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work().catch(() => undefined);
  return performance.now() - started;
};

describe('createAnswerFloor', () => {
  it('pads a quick run, and a failing one, to the minimum', async () => {
    const f = createAnswerFloor(60);
    expect(await timed(() => f.run(async () => 'nothing to send'))).toBeGreaterThanOrEqual(60);
    expect(
      await timed(() =>
        f.run(async () => {
          throw new Error('failed');
        }),
      ),
    ).toBeGreaterThanOrEqual(60);
  });

  it('a slow run raises the floor for the runs after it (a slow mail server is not a tell)', async () => {
    const f = createAnswerFloor(10);
    await f.run(() => sleep(150));
    const raised = f.floor();
    // a timer may fire a little early against performance.now()
    expect(raised).toBeGreaterThan(140);
    expect(await timed(() => f.run(async () => undefined))).toBeGreaterThanOrEqual(raised);
  });

  it('forgets a slow run after 32 others', async () => {
    const f = createAnswerFloor(0);
    await f.run(() => sleep(40));
    for (let i = 0; i < 32; i += 1) await f.run(async () => undefined);
    expect(f.floor()).toBeLessThan(40);
  });
});
