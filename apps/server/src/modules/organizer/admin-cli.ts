import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  INTERNAL_CHECK_STATUSES,
  OPERATOR_TOKEN_HEADER,
  SITE_STATUSES,
  VERIFICATION_STATUSES,
  OPERATOR_ROLES,
  generalApi,
  operatorApi,
  operatorCliApi,
  type OperatorOrganizer,
  type OperatorTourSiteStatus,
  type RouteResponse,
} from '@tourdesk/contract';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  list-organizers
      every organizer with its checks, commission and members
  set-verification --organizer <id> [--internal-check <${INTERNAL_CHECK_STATUSES.join('|')}>]
                   [--verification <${VERIFICATION_STATUSES.join('|')}>] [--commission <percent>]
      set the marketplace's internal check and verification results (an open CRM updates at once)
  set-site-status --organizer <id> --site <id> --status <${SITE_STATUSES.join('|')}>
      set the moderation status of an organizer's partnership with a site
  set-tour-site-status --tour <id> --site <id> --status <${SITE_STATUSES.join('|')}>
      set the moderation status of one tour on a site its organizer is connected to
      (an open tours list updates at once)
  create-operator --email <e-mail> --name <name> --role <${OPERATOR_ROLES.join('|')}> [--password <password>]
      an account for the operator console (/org/operator); prints the authenticator link ONCE
      (add it to an authenticator app). Without --password one is generated and printed.
  outbox [--limit <n>]
      the newest messages (e-mail, SMS, messengers) the server wrote to its outbox, with their
      codes and links (not on a production server)

Options:
  --url <origin>   the running server (default http://127.0.0.1:$PORT)
`;

export interface AdminOptions {
  baseUrl: string;
  token: string;
  out: (line: string) => void;
}

const row = (o: OperatorOrganizer): string =>
  `${String(o.id).padEnd(5)} ${o.name.padEnd(32)} internal_check=${o.internal_check_status.padEnd(13)} verification=${o.verification_status.padEnd(13)} commission=${o.commission_percent}% members=${o.members.join(',')}`;

/**
 * The operator command: talks to the RUNNING server over HTTP (the embedded database belongs to
 * the server process), authenticated by the operator token. Returns the exit code.
 */
export const runAdmin = async (argv: string[], opts: AdminOptions): Promise<number> => {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      organizer: { type: 'string' },
      'internal-check': { type: 'string' },
      verification: { type: 'string' },
      commission: { type: 'string' },
      site: { type: 'string' },
      tour: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      url: { type: 'string' },
    },
    strict: true,
  });
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(new URL(path, opts.baseUrl), {
      method,
      headers: { [OPERATOR_TOKEN_HEADER]: opts.token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  };
  const fail = (r: { status: number; json: unknown }): number => {
    opts.out(`Error ${r.status}: ${JSON.stringify(r.json)}`);
    return 1;
  };
  const id = (v: string | undefined, name: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} <id> is required`);
    return n;
  };

  if (command === 'list-organizers') {
    const r = await call(operatorApi.listOrganizers.method, operatorApi.listOrganizers.path);
    if (r.status !== 200) return fail(r);
    for (const o of r.json as OperatorOrganizer[]) opts.out(row(o));
    return 0;
  }
  if (command === 'set-verification') {
    const body = {
      organizer_id: id(values.organizer, 'organizer'),
      ...(values['internal-check'] ? { internal_check_status: values['internal-check'] } : {}),
      ...(values.verification ? { verification_status: values.verification } : {}),
      ...(values.commission !== undefined ? { commission_percent: Number(values.commission) } : {}),
    };
    const r = await call(operatorApi.setVerification.method, operatorApi.setVerification.path, body);
    if (r.status !== 200) return fail(r);
    opts.out(row(r.json as OperatorOrganizer));
    return 0;
  }
  if (command === 'set-site-status') {
    const body = {
      organizer_id: id(values.organizer, 'organizer'),
      site_id: id(values.site, 'site'),
      status: values.status,
    };
    const r = await call(operatorApi.setSiteStatus.method, operatorApi.setSiteStatus.path, body);
    if (r.status !== 200) return fail(r);
    const s = r.json as { site_id: number; status: string; is_published_on_site: boolean };
    opts.out(
      `organizer ${body.organizer_id} site ${s.site_id}: status=${s.status} published=${s.is_published_on_site}`,
    );
    return 0;
  }
  if (command === 'set-tour-site-status') {
    const body = { tour_id: id(values.tour, 'tour'), site_id: id(values.site, 'site'), status: values.status };
    const r = await call(operatorApi.setTourSiteStatus.method, operatorApi.setTourSiteStatus.path, body);
    if (r.status !== 200) return fail(r);
    const s = r.json as OperatorTourSiteStatus;
    opts.out(`tour ${s.tour_id} (organizer ${s.organizer_id}) site ${s.site_id}: status=${s.status}`);
    return 0;
  }
  if (command === 'create-operator') {
    if (!values.email || !values.name || !values.role) throw new Error('--email, --name and --role are required');
    const password = values.password ?? randomBytes(12).toString('base64url');
    const body = { email: values.email, name: values.name, role: values.role, password };
    const r = await call(operatorCliApi.createOperator.method, operatorCliApi.createOperator.path, body);
    if (r.status !== 200) return fail(r);
    const created = r.json as RouteResponse<typeof operatorCliApi.createOperator>;
    opts.out(`operator ${created.operator.id} ${created.operator.email} (${created.operator.role}) created`);
    if (!values.password) opts.out(`password: ${password}`);
    opts.out(`authenticator link (shown once): ${created.otpauth_uri}`);
    return 0;
  }
  if (command === 'outbox') {
    const limit = values.limit === undefined ? 20 : Number(values.limit);
    const r = await call(generalApi.debugOutbox.method, `${generalApi.debugOutbox.path}?limit=${limit}`);
    if (r.status !== 200) return fail(r);
    const { items } = r.json as RouteResponse<typeof generalApi.debugOutbox>;
    for (const m of items) {
      opts.out(`${m.created_at} ${m.channel} to ${m.recipient}${m.subject ? `: ${m.subject}` : ''}`);
      opts.out(`  ${m.body.replace(/\n/g, '\n  ')}`);
    }
    if (items.length === 0) opts.out('The outbox is empty.');
    return 0;
  }
  opts.out(ADMIN_USAGE);
  return command === undefined || command === 'help' ? 0 : 1;
};
