import { createOperator, OPERATOR_COOKIE, type OperatorRole } from '../../server/domain/operators';
import type { TestApp } from './app';

/**
 * An operator of the agency, made directly, logged in through POST /api/v2/admin/login; returns
 * the Cookie header of that session.
 */
export async function loggedInOperator(
  t: TestApp,
  agencyId: string,
  {
    username = 'boss',
    password = 'owner-password-1',
    role = 'owner',
    host = 'localhost',
  }: { username?: string; password?: string; role?: OperatorRole; host?: string } = {},
): Promise<string> {
  await createOperator(t.db, agencyId, { username, password, role }, { operatorId: null, name: 'test' });
  const login = await t.app.inject({ method: 'POST', url: '/api/v2/admin/login', headers: { host }, payload: { username, password } });
  const cookie = login.cookies.find((c) => c.name === OPERATOR_COOKIE);
  if (login.statusCode !== 200 || !cookie) throw new Error(`operator ${username} could not log in: ${login.statusCode} ${login.body}`);
  return `${OPERATOR_COOKIE}=${cookie.value}`;
}
