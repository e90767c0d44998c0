import { generateSync } from 'otplib/functional';
import { createOperator, OPERATOR_COOKIE, type OperatorRole } from '../../server/domain/operators';
import type { TestApp } from './app';

/** The authenticator app's current code for a secret. */
export const totpCodeOf = (secret: string) => generateSync({ secret });

/**
 * An operator of the agency, made directly, logged in through POST /api/v2/admin/login; returns
 * the Cookie header of that session. An owner enrols the second factor an owner must have (as the
 * console's first screen makes them) unless `enrol` is false.
 */
export async function loggedInOperator(
  t: TestApp,
  agencyId: string,
  {
    username = 'boss',
    password = 'owner-password-1',
    role = 'owner',
    host = 'localhost',
    enrol = role === 'owner',
  }: { username?: string; password?: string; role?: OperatorRole; host?: string; enrol?: boolean } = {},
): Promise<string> {
  await createOperator(t.db, agencyId, { username, password, role }, { operatorId: null, name: 'test' });
  const login = await t.app.inject({ method: 'POST', url: '/api/v2/admin/login', headers: { host }, payload: { username, password } });
  const cookie = login.cookies.find((c) => c.name === OPERATOR_COOKIE);
  if (login.statusCode !== 200 || !cookie) throw new Error(`operator ${username} could not log in: ${login.statusCode} ${login.body}`);
  const header = `${OPERATOR_COOKIE}=${cookie.value}`;
  if (enrol) await enrolSecondFactor(t, header, host);
  return header;
}

/** Enrols the session's operator in TOTP through the API; returns the secret (for later logins) and the recovery codes. */
export async function enrolSecondFactor(t: TestApp, cookie: string, host = 'localhost') {
  const headers = { host, cookie };
  const started = await t.app.inject({ method: 'POST', url: '/api/v2/admin/me/totp', headers });
  if (started.statusCode !== 200) throw new Error(`enrolment refused: ${started.statusCode} ${started.body}`);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v2/admin/me/totp/confirm',
    headers,
    payload: { code: totpCodeOf(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`enrolment not confirmed: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}
