import { setTimeout as sleep } from 'node:timers/promises';

/** How many recent runs the floor remembers: one slow send raises it for a while, not for ever. */
const REMEMBERED_RUNS = 32;

/**
 * Answers that must not tell whether an account exists (send-auth-code, password-recovery) take
 * the same time either way: every run is padded to the floor, which is at least `minMs` and at
 * least the slowest of the recent runs (a known account's code and message, an SMTP round trip),
 * so an unknown account, which has nothing to send, answers no sooner than a known one.
 * Errors are padded too.
 */
export const createAnswerFloor = (minMs: number) => {
  const recent: number[] = [];
  const floor = (): number => Math.max(minMs, ...recent);
  return {
    floor,
    run: async <T>(work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const target = floor();
      try {
        return await work();
      } finally {
        const took = performance.now() - started;
        recent.push(took);
        if (recent.length > REMEMBERED_RUNS) recent.shift();
        // rounded up: a timer may fire up to a millisecond early against performance.now()
        const left = Math.ceil(Math.max(target, took) - took);
        if (left > 0) await sleep(left + 1);
      }
    },
  };
};
export type AnswerFloor = ReturnType<typeof createAnswerFloor>;
