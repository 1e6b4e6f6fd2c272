import type { FastifyBaseLogger } from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger';

type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
const noop = (): void => undefined;

interface LazyChild {
  bindings: object;
  options: object;
  real?: FastifyBaseLogger;
}

const protos = new WeakMap<FastifyBaseLogger, object>();

/** Methods shared by every request's lazy child of one logger; the real child is built on first use. */
const protoFor = (logger: LevelAware, isLevelEnabled: (level: string) => boolean): object => {
  let proto = protos.get(logger);
  if (proto) return proto;
  const real = (self: LazyChild): FastifyBaseLogger => (self.real ??= logger.child(self.bindings, self.options));
  const methods: Record<string, unknown> = {
    silent: noop,
    child(this: LazyChild, bindings: object, options?: object) {
      return real(this).child(bindings, options);
    },
  };
  for (const level of LEVELS) {
    methods[level] = isLevelEnabled(level)
      ? function (this: LazyChild, ...args: unknown[]) {
          (real(this)[level] as (...a: unknown[]) => void)(...args);
        }
      : noop;
  }
  proto = Object.defineProperties(methods, { level: { get: () => logger.level } });
  protos.set(logger, proto);
  return proto;
};

/**
 * Fastify gives every request a pino child logger bound to its request id; making one costs
 * about as much as the rest of a small request's own work (bench/api). This factory hands out a
 * stand-in that makes the real child only when the request logs at an enabled level — at
 * LOG_LEVEL=info on the first access log line, at warn only when something goes wrong. A route
 * with its own log level gets a real child at once. The enabled levels are read at start.
 */
export const lazyChildLoggerFactory: FastifyChildLoggerFactory = function (logger: LevelAware, bindings, options) {
  // (no pino underneath — logging off in tests — or a route's own level: a plain child)
  if (options.level !== undefined || typeof logger.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  const child = Object.create(protoFor(logger, logger.isLevelEnabled.bind(logger))) as LazyChild;
  child.bindings = bindings;
  child.options = options;
  return child as unknown as FastifyBaseLogger;
};
