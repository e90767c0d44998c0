import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { RateLimitedError } from '../errors';
import { FORGET_AFTER_MS, waitAfter, type LoginCounter } from './rules';

/**
 * Takes one attempt on every counter, or, when any of them asks for a wait, none: then the
 * refusal names the longest wait. The rows are locked in key order, so attempts arriving at once
 * are counted one after another (none slips past a limit) and never deadlock.
 */
export async function takeAttempt(db: Database, counters: LoginCounter[]): Promise<void> {
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_attempts')
      .values(sorted.map(({ key }) => ({ key, attempts: 0, wait_until: null, forget_at: sql<Date>`now()` })))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const current = [];
    for (const counter of sorted) {
      const row = await trx
        .selectFrom('login_attempts')
        .select(['attempts', 'wait_until', 'forget_at', sql<Date>`now()`.as('now')])
        .where('key', '=', counter.key)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const forgotten = row.forget_at <= row.now;
      current.push({
        counter,
        now: row.now.getTime(),
        attempts: forgotten ? 0 : row.attempts,
        waitUntil: forgotten ? null : row.wait_until,
      });
    }
    const now = current[0].now;
    const waitMs = Math.max(0, ...current.map(({ waitUntil }) => (waitUntil ? waitUntil.getTime() - now : 0)));
    // Thrown inside the transaction, so the refused attempt leaves the counters as they were.
    if (waitMs > 0) throw new RateLimitedError(Math.ceil(waitMs / 1000));
    for (const { counter, attempts } of current) {
      const wait = waitAfter(counter.kind, attempts + 1);
      await trx
        .updateTable('login_attempts')
        .set({
          attempts: attempts + 1,
          wait_until: wait > 0 ? new Date(now + wait) : null,
          forget_at: new Date(now + wait + FORGET_AFTER_MS),
        })
        .where('key', '=', counter.key)
        .execute();
    }
  });
}

/**
 * Takes an attempt back: it was no wrong guess. The wait it asked for goes with it (no other
 * attempt was taken during that wait). One row at a time, so it never holds one lock while
 * waiting for another that an attempt being counted holds.
 */
export async function takeBack(db: Database, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db
      .updateTable('login_attempts')
      .set({ attempts: sql<number>`greatest(attempts - 1, 0)`, wait_until: null })
      .where('key', '=', key)
      .execute();
  }
}

/** Forgets a counter: its account logged in. */
export async function forget(db: Database, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Deletes the counters nobody remembers any more: a new attempt would start afresh anyway. */
export async function deleteForgottenLoginAttempts(db: Database): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('forget_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const secrets = new WeakMap<Database, Promise<Buffer>>();

/**
 * The key device cookies are signed with, the same for every process: the first to ask writes a
 * random one, and every process then reads whichever was written first.
 */
export function deviceCookieSecret(db: Database): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('device_cookie_secret')
        .values({ id: 1, secret: randomBytes(32) })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      const row = await db.selectFrom('device_cookie_secret').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
      return row.secret;
    })();
    secrets.set(db, secret);
    // A failed read is asked again by the next login.
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}
