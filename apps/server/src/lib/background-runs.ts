/**
 * Runs of some work in the background, one at a time: `kick` starts one, or (while one is in
 * flight) asks for one more after it, so work asked for during a run is never missed and two
 * runs never overlap. A failed run is reported and left to the next kick or the sweep.
 */
export const createBackgroundRuns = (run: () => Promise<unknown>, onError: (err: unknown) => void) => {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const kick = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await run();
        } catch (err) {
          onError(err);
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
  };
  return {
    kick,
    /** resolves once no run is in flight (tests; shutdown) */
    idle: async (): Promise<void> => {
      while (running) await running;
    },
    /** starts no more runs and waits for the one in flight */
    close: async (): Promise<void> => {
      closed = true;
      while (running) await running;
    },
  };
};
