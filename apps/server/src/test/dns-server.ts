import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A DNS server for tests (the edge of the world, as a local server): it answers CNAME questions
 * from `records` and
 * NXDOMAIN for any other name or type. UDP on 127.0.0.1; the app reaches it through
 * SITES_DNS_SERVERS. Just enough of RFC 1035 for one question and one answer.
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, the value for SITES_DNS_SERVERS */
  address: string;
  records: Map<string, string>;
  close: () => Promise<void>;
}

const CNAME = 5;
const CLASS_IN = 1;

/** The question's name (labels up to the zero byte), its type and where the question ends. */
const readQuestion = (msg: Buffer): { name: string; type: number; end: number } | null => {
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length) {
    const length = msg[at]!;
    if (length === 0) break;
    if (length > 63) return null; // a compressed name in a question: not from a resolver
    labels.push(msg.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > msg.length) return null;
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
};

const encodeName = (name: string): Buffer =>
  Buffer.concat([
    ...name
      .split('.')
      .filter(Boolean)
      .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'latin1')])),
    Buffer.from([0]),
  ]);

const answer = (query: Buffer, records: Map<string, string>): Buffer | null => {
  if (query.length < 12) return null;
  const question = readQuestion(query);
  if (!question) return null;
  const target = question.type === CNAME ? records.get(question.name) : undefined;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  // a response, the question's recursion-desired bit, recursion available; rcode 3 when none
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (target ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(target ? 1 : 0, 6);
  const parts = [header, query.subarray(12, question.end)];
  if (target) {
    const rdata = encodeName(target);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(CNAME, 2);
    record.writeUInt16BE(CLASS_IN, 4);
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(rdata.length, 10);
    parts.push(record, rdata);
  }
  return Buffer.concat(parts);
};

/** `records`: lower-case name → target; the map is read at each question, so a test may change it. */
export const startTestDnsServer = async (
  records: Map<string, string> = new Map(),
  port = 0,
): Promise<TestDnsServer> => {
  const socket = dgram.createSocket('udp4');
  const table = records;
  socket.on('message', (msg, from) => {
    const reply = answer(msg, table);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  return {
    address: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    records: table,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
};
