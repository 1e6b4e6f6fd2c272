import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSweep, startSweeps } from './sweeps';

afterEach(() => {
  vi.useRealTimers();
});

describe('sweeps', () => {
  it('run at start and then every interval', async () => {
    vi.useFakeTimers();
    const sweep = vi.fn(() => Promise.resolve());
    const stop = startSweep({ name: 'a', sweep, intervalMs: 1000 }, () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sweep).toHaveBeenCalledTimes(4);
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sweep).toHaveBeenCalledTimes(4);
  });

  it('never overlap: a tick while one is in flight is skipped, and stop waits for it', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    let done = false;
    const sweep = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            done = true;
            resolve();
          };
        }),
    );
    const stop = startSweep({ name: 'slow', sweep, intervalMs: 100 }, () => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sweep).toHaveBeenCalledTimes(1);
    const stopping = stop();
    finish();
    await stopping;
    expect(done).toBe(true);
  });

  it('report a failure by the sweep’s name, and the next tick tries again', async () => {
    vi.useFakeTimers();
    const errors: string[] = [];
    let calls = 0;
    const stop = startSweeps(
      [
        {
          name: 'payments',
          intervalMs: 1000,
          sweep: () => {
            calls += 1;
            return calls === 1 ? Promise.reject(new Error('database away')) : Promise.resolve();
          },
        },
        { name: 'requests', intervalMs: 1000, sweep: () => Promise.resolve() },
      ],
      (err, name) => errors.push(`${name}: ${(err as Error).message}`),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual(['payments: database away']);
    expect(calls).toBe(2);
    await stop();
  });
});
