import type { Database } from '../../db/database';
import { deviceCookieSecret, forget, takeAttempt, takeBack } from './repository';
import { countersOf, deviceCookieFor, deviceOf, isWrongGuess, type LoginAccount } from './rules';

export { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, FREE_ATTEMPTS, FIRST_WAIT_MS, LONGEST_WAIT_MS, isWrongGuess, type LoginSurface } from './rules';
export { deleteForgottenLoginAttempts } from './repository';

export interface LoginAttempt extends LoginAccount {
  /** The client's address. */
  address: string;
  /** The request's device cookie, if any. */
  deviceCookie: string | undefined;
}

/**
 * Runs `logIn` (the password check that opens the session) as one attempt under the login limits: 429
 * RATE_LIMITED with the wait while a counter asks for one, else the attempt is counted first, so
 * guesses sent at once cannot slip past. Only a wrong guess stays counted; a login forgets its
 * device's or username's counter and gets a new device cookie for the account.
 */
export async function loginWithinLimits<T>(
  db: Database,
  attempt: LoginAttempt,
  logIn: () => Promise<T>,
): Promise<{ result: T; deviceCookie: string }> {
  const secret = await deviceCookieSecret(db);
  const [address, account] = countersOf(attempt, attempt.address, deviceOf(secret, attempt, attempt.deviceCookie));
  await takeAttempt(db, [address, account]);
  let result: T;
  try {
    result = await logIn();
  } catch (error) {
    if (!isWrongGuess(error)) await takeBack(db, [address.key, account.key]);
    throw error;
  }
  await forget(db, account.key);
  await takeBack(db, [address.key]);
  return { result, deviceCookie: deviceCookieFor(secret, attempt) };
}
