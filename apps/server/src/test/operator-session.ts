import { URI } from 'otpauth';
import { OPERATOR_AUTH_HEADER, type OperatorRole } from '@tourdesk/contract';
import { internalContext } from '../lib/context';
import type { TestApp } from './test-app';

let made = 0;

/**
 * A new operator of `role` (modules/operator), signed in: their id, name, session and the header
 * the console's and the support desk's routes take (OPERATOR_AUTH_HEADER).
 */
export const operatorSession = async (
  t: TestApp,
  role: OperatorRole,
  name: string,
): Promise<{ id: number; name: string; sessionId: number; token: string; headers: Record<string, string> }> => {
  const ops = t.app.services.operatorAuth;
  made += 1;
  const email = `${role}-${made}-${Date.now()}@ops.example`;
  const password = 'Operator-pass-123';
  const { operator, otpauth_uri } = await ops.create(
    { ip: '127.0.0.1' },
    { id: null, name: 'test', role: 'admin' },
    { email, name, role, password },
  );
  const session = await ops.signIn(internalContext(0, t.app.log, `op-${made}`), {
    email,
    password,
    code: URI.parse(otpauth_uri).generate(),
  });
  const found = await ops.verifyAccess(session.token);
  return {
    id: operator.id,
    name,
    sessionId: found!.sessionId,
    token: session.token,
    headers: { [OPERATOR_AUTH_HEADER]: `Bearer ${session.token}` },
  };
};
