import type { Database } from '../../server/db/database';
import { hashPassword } from '../../server/domain/passwords';
import { SESSION_COOKIE, createSession } from '../../server/domain/sessions';

export interface TestPlayer {
  id: string;
  username: string;
  password: string;
  /** The Cookie header of a live session of this player. */
  cookie: string;
}

/** A player of the agency with a live session, made directly in the database. */
export async function createTestPlayer(db: Database, agencyId: string, username = `p${Math.random().toString(36).slice(2, 10)}`): Promise<TestPlayer> {
  const password = 'correct-horse-9';
  const player = await db
    .insertInto('players')
    .values({ agency_id: agencyId, username, password_hash: await hashPassword(password), display_name: username })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(db, player.id, agencyId, 24);
  return { id: player.id, username, password, cookie: `${SESSION_COOKIE}=${token}` };
}
