import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/database';
import { hashPassword } from '../../server/domain/passwords';
import { addBankAccount, SESSION_COOKIE, createSession } from '../../server/domain/players';
import { sendCreditToProvider, type ProviderTransferResult, type WalletDeps } from '../../server/domain/providerWallets';
import type { Provider } from '../../contract/providers';

export interface TestPlayer {
  id: string;
  username: string;
  password: string;
  /** The Cookie header of a live session of this player. */
  cookie: string;
}

// Every test player has the same password, so one argon2 hash (tens of ms of a core) serves them all.
const TEST_PASSWORD = 'correct-horse-9';
let testPasswordHash: Promise<string> | undefined;

/** A player of the agency with a live session, made directly in the database. */
export async function createTestPlayer(
  db: Database,
  agencyId: string,
  username = `p${Math.random().toString(36).slice(2, 10)}`,
): Promise<TestPlayer> {
  const password = TEST_PASSWORD;
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const player = await db
    .insertInto('players')
    .values({ agency_id: agencyId, username, password_hash: await testPasswordHash, display_name: username })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(db, player.id, agencyId, 24);
  return { id: player.id, username, password, cookie: `${SESSION_COOKIE}=${token}` };
}

let accountSerial = 0;

/** A LAK account at BCEL in the player's own name, with a number no other test account has. */
export async function addTestBankAccount(
  db: Database,
  agencyId: string,
  playerId: string,
  accountName = 'SOMPHONE KEOMANY',
): Promise<void> {
  accountSerial += 1;
  const accountNumber = `0101300012345${String(accountSerial).padStart(5, '0')}`;
  await addBankAccount(db, agencyId, playerId, { bank: 'bcel', accountNumber, accountName, currency: 'LAK', owner: true });
}

/** A player with a live session and a bank account: what deposits, withdrawals and promotions need. */
export async function createTestPlayerWithBank(db: Database, agencyId: string, accountName?: string): Promise<TestPlayer> {
  const player = await createTestPlayer(db, agencyId);
  await addTestBankAccount(db, agencyId, player.id, accountName);
  return player;
}

/** Puts THB credit (satang) in the player's wallet at the provider, out of the agency's capital; each call moves it. */
export async function fundTestCredit(
  deps: WalletDeps,
  agencyId: string,
  playerId: string,
  satang: bigint,
  provider: Provider = 'askmebet',
): Promise<ProviderTransferResult> {
  const put = await sendCreditToProvider(deps, {
    agencyId,
    playerId,
    provider,
    amount: satang,
    key: `test-credit-${randomUUID()}`,
    from: { kind: 'capital', currency: 'THB' },
  });
  if (put.status !== 'POSTED') throw new Error(`the test credit of ${satang} satang at ${provider} is ${put.status}`);
  return put;
}

/**
 * Sends the requests `send` starts while another transaction holds the player's row as a deposit
 * order or a break does, so all of them wait for the player's turn at once; lets it go after 300 ms
 * and answers their answers.
 */
export async function sentWhilePlayerLocked<T>(db: Database, playerId: string, send: () => Array<Promise<T>>): Promise<T[]> {
  let answers: Promise<T[]> | undefined;
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('players').select('id').where('id', '=', playerId).forNoKeyUpdate().execute();
    answers = Promise.all(send());
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  return answers!;
}
