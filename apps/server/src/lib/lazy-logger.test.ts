import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-logger';

const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      cb();
    },
  });
  return { lines, stream };
};

describe('lazy request loggers', () => {
  it('write nothing below the level, and lines at or above it carry the request id', async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: { level: 'warn', stream },
      childLoggerFactory: lazyChildLoggerFactory,
      genReqId: () => 'req-1',
    });
    app.get('/', async (request) => {
      request.log.info('not written');
      request.log.debug({ x: 1 }, 'not written either');
      request.log.warn({ order: 7 }, 'written');
      request.log.child({ part: 'inner' }).error('from a child');
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(lines.map((l) => l.msg)).toEqual(['written', 'from a child']);
    expect(lines[0]).toMatchObject({ reqId: 'req-1', order: 7, level: 40 });
    expect(lines[1]).toMatchObject({ reqId: 'req-1', part: 'inner', level: 50 });
    await app.close();
  });

  it('at info the access log lines still name the request', async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: { level: 'info', stream },
      childLoggerFactory: lazyChildLoggerFactory,
      genReqId: () => 'req-2',
    });
    app.get('/', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/' });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines.every((l) => l.reqId === 'req-2')).toBe(true);
    await app.close();
  });
});
