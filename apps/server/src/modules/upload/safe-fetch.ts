import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Why a URL fetch did not produce bytes: refused by policy, too large, or failed (network, status, time-out). */
export class FetchRefusedError extends Error {}
export class FetchTooLargeError extends Error {}
export class FetchFailedError extends Error {}

/** Loopback, private, link-local, shared, multicast, documentation and reserved ranges (v4 and v6). */
const BLOCKED = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(addr, prefix, 'ipv4');
for (const [addr, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(addr, prefix, 'ipv6');

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged by its IPv4 part. */
export const isBlockedAddress = (address: string): boolean => {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  return BLOCKED.check(address, 'ipv6');
};

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  /** addresses allowed although private (tests reach their 127.0.0.1 server); never from the environment */
  allowAddresses?: readonly string[];
  maxRedirects?: number;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * Downloads a URL for an upload without letting a user aim the server at its own network:
 * http(s) only; every address the host resolves to is checked, and the connection goes to a
 * checked address (the check sits in the socket's DNS lookup, so a rebinding answer cannot slip
 * in between); each redirect is checked again; a time-out and a size cap bound the work.
 */
export const safeFetch = async (
  rawUrl: string,
  opts: SafeFetchOptions,
): Promise<{ body: Buffer; contentType: string | null; finalUrl: string }> => {
  const allow = new Set(opts.allowAddresses ?? []);
  const permitted = (address: string): boolean => allow.has(address) || !isBlockedAddress(address);
  const lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0 || !addresses.every((a) => permitted(a.address))) {
        return callback(
          Object.assign(new FetchRefusedError(`refused address for ${hostname}`), { code: 'EREFUSED_PRIVATE' }),
          '',
        );
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchRefusedError('not a URL');
  }
  for (let hop = 0; hop <= (opts.maxRedirects ?? 3); hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError(`scheme ${url.protocol}`);
    if (url.username || url.password) throw new FetchRefusedError('credentials in URL');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !permitted(host)) throw new FetchRefusedError(`refused address ${host}`);
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        {
          method: 'GET',
          agent: false,
          lookup: lookup as never,
          signal,
          headers: { 'user-agent': 'Tourdesk upload', accept: '*/*' },
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    }).catch((e: unknown) => {
      if (e instanceof FetchRefusedError || (e as { code?: string }).code === 'EREFUSED_PRIVATE')
        throw new FetchRefusedError('refused address');
      throw new FetchFailedError(e instanceof Error ? e.message : String(e));
    });
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new FetchFailedError(`status ${status}`);
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > opts.maxBytes) {
      res.destroy();
      throw new FetchTooLargeError('too large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > opts.maxBytes) {
          res.destroy();
          throw new FetchTooLargeError('too large');
        }
        chunks.push(chunk as Buffer);
      }
    } catch (e) {
      if (e instanceof FetchTooLargeError) throw e;
      throw new FetchFailedError(e instanceof Error ? e.message : String(e));
    }
    return { body: Buffer.concat(chunks), contentType: res.headers['content-type'] ?? null, finalUrl: url.toString() };
  }
  throw new FetchFailedError('too many redirects');
};
