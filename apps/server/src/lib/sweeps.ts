/** One sweep the server runs on a timer: what it does, how often, and what a failure logs. */
export interface SweepJob {
  name: string;
  sweep: () => Promise<unknown>;
  intervalMs: number;
}

/**
 * Runs a sweep at start and then every interval, never two of the same at once (a slow sweep
 * makes the next tick skip); a failed sweep is reported and the next one tries again. The
 * returned stop clears the timers and waits for a sweep in flight (call it before closing the
 * database). The sweeps themselves take their own advisory lock on PostgreSQL, so several nodes
 * may run this side by side.
 */
export const startSweep = (job: SweepJob, onError: (err: unknown, name: string) => void): (() => Promise<void>) => {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = (): void => {
    if (stopped || running) return;
    running = job
      .sweep()
      .then(
        () => undefined,
        (err: unknown) => onError(err, job.name),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, job.intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
};

/** Starts every job; the returned stop stops them all and waits for those in flight. */
export const startSweeps = (
  jobs: readonly SweepJob[],
  onError: (err: unknown, name: string) => void,
): (() => Promise<void>) => {
  const stops = jobs.map((job) => startSweep(job, onError));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
};
