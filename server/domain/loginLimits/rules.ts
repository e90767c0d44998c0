import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { OperatorErrorCode } from '../../../contract/admin';
import { ErrorCode } from '../../../contract/errors';
import { AppError } from '../errors';

const MINUTE = 60_000;

/** Whose logins: the players' site's or the operators' console's; each counts apart. */
export type LoginSurface = 'player' | 'operator';

/** The account an attempt is for; usernames trimmed and lowercased, as the accounts keep them. */
export interface LoginAccount {
  surface: LoginSurface;
  agencyId: string;
  username: string;
}

/**
 * Attempts each counter lets through without a wait; after the last of them, and after each one
 * further, it asks for a wait before the next. A username is counted for the
 * devices that never logged in to it, each device cookie of the account on its own, an address
 * over every username (generous: players share addresses behind carrier NAT).
 */
export const FREE_ATTEMPTS = { username: 10, device: 10, address: 30 } as const;
export type LoginCounterKind = keyof typeof FREE_ATTEMPTS;

/** The wait after the first attempt past a counter's free ones; each further attempt doubles it, up to the longest. */
export const FIRST_WAIT_MS = 30_000;
export const LONGEST_WAIT_MS = 15 * MINUTE;
/** A counter left alone this long after its last attempt (or the end of the wait it asked for) starts afresh. */
export const FORGET_AFTER_MS = 15 * MINUTE;

export interface LoginCounter {
  kind: LoginCounterKind;
  key: string;
}

/** The counters an attempt takes a turn on: its address, and its device cookie's or else its username's. */
export function countersOf(account: LoginAccount, address: string, device: string | undefined): LoginCounter[] {
  return [
    { kind: 'address', key: `${account.surface}:address:${address}` },
    device
      ? { kind: 'device', key: `${account.surface}:${account.agencyId}:device:${device}` }
      : { kind: 'username', key: `${account.surface}:${account.agencyId}:username:${account.username}` },
  ];
}

/** The wait a counter asks for after its `attempts`-th attempt: none before its last free one, then doubling. */
export function waitAfter(kind: LoginCounterKind, attempts: number): number {
  const past = attempts - FREE_ATTEMPTS[kind];
  return past < 0 ? 0 : Math.min(FIRST_WAIT_MS * 2 ** past, LONGEST_WAIT_MS);
}

const WRONG_GUESSES = new Set<string>([ErrorCode.INVALID_CREDENTIALS, OperatorErrorCode.TOTP_INVALID]);

/** A refusal that tells a guesser they guessed wrong; other refusals (a code asked for, a suspension) follow a right password. */
export const isWrongGuess = (error: unknown): error is AppError => error instanceof AppError && WRONG_GUESSES.has(error.code);

/**
 * Device cookies (OWASP's "slow down online guessing attacks with device cookies"): a browser that
 * logged in to an account holds `<nonce>.<HMAC of account and nonce>`, which keeps its attempts on
 * that account off the username's shared counter, so an attacker's guesses cannot lock it out.
 */
export const DEVICE_COOKIE = 'champa_device';
export const DEVICE_COOKIE_DAYS = 365;

const macOf = (secret: Buffer, account: LoginAccount, nonce: string) =>
  createHmac('sha256', secret).update([account.surface, account.agencyId, account.username, nonce].join('\n')).digest();

export function deviceCookieFor(secret: Buffer, account: LoginAccount): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${macOf(secret, account, nonce).toString('base64url')}`;
}

/** The device (its nonce) of a cookie signed for this account; undefined for a forged, garbled or other account's cookie. */
export function deviceOf(secret: Buffer, account: LoginAccount, cookie: string | undefined): string | undefined {
  const match = /^([\w-]{22})\.([\w-]{43})$/.exec(cookie ?? '');
  if (!match) return undefined;
  const [, nonce, mac] = match;
  const expected = macOf(secret, account, nonce);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}
