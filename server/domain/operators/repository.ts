import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { tokenHash } from '../players';
import {
  OPERATOR_IDLE_MINUTES,
  OPERATOR_SESSION_HOURS,
  secondFactorOf,
  type Operator,
  type OperatorRole,
  type OperatorSession,
} from './rules';

/** The operators, operator_sessions, operator_recovery_codes and operator_grants tables. */

type Db = Kysely<DB> | Transaction<DB>;

interface OperatorRow {
  id: string;
  agency_id: string;
  username: string;
  role: OperatorRole;
  totp_enabled_at: Date | null;
  staff_totp_required: boolean;
}

const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  agencyId: row.agency_id,
  username: row.username,
  role: row.role,
  secondFactor: secondFactorOf(row.role, row.totp_enabled_at !== null, row.staff_totp_required),
});

/** Operators with what decides their second factor (their enrolment and their agency's rule for staff). */
const operatorsWithAgency = (db: Db) =>
  db
    .selectFrom('operators')
    .innerJoin('agencies', 'agencies.id', 'operators.agency_id')
    .select([
      'operators.id',
      'operators.agency_id',
      'operators.username',
      'operators.role',
      'operators.totp_enabled_at',
      'operators.disabled_at',
      'operators.created_at',
      'agencies.staff_totp_required',
    ]);

/** The new operator's id, or undefined when the agency has one of that username already. */
export async function insertOperator(
  trx: Transaction<DB>,
  agencyId: string,
  operator: { username: string; passwordHash: string; role: OperatorRole },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('operators')
    .values({ agency_id: agencyId, username: operator.username, password_hash: operator.passwordHash, role: operator.role })
    .onConflict((oc) => oc.constraint('operators_agency_username_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export interface OperatorCredentials {
  operator: Operator;
  passwordHash: string;
  disabled: boolean;
  totpSecret: string | null;
  totpLastStep: string | null;
}

/** The operator of this username with what a login checks, locked when read in a transaction (the code's step is written back). */
export async function operatorCredentials(db: Db, agencyId: string, username: string): Promise<OperatorCredentials | undefined> {
  const row = await operatorsWithAgency(db)
    .select(['operators.password_hash', 'operators.totp_secret', 'operators.totp_last_step'])
    .where('operators.agency_id', '=', agencyId)
    .where('operators.username', '=', username)
    .forUpdate('operators')
    .executeTakeFirst();
  return (
    row && {
      operator: toOperator(row),
      passwordHash: row.password_hash,
      disabled: row.disabled_at !== null,
      totpSecret: row.totp_secret,
      totpLastStep: row.totp_last_step,
    }
  );
}

export async function insertOperatorSession(
  trx: Transaction<DB>,
  operator: Operator,
  token: string,
  client: { ip: string; userAgent: string | null },
): Promise<void> {
  await trx
    .insertInto('operator_sessions')
    .values({
      token_hash: tokenHash(token),
      operator_id: operator.id,
      agency_id: operator.agencyId,
      expires_at: new Date(Date.now() + OPERATOR_SESSION_HOURS * 3600_000),
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

const live = sql<boolean>`operator_sessions.revoked_at IS NULL
  AND operator_sessions.expires_at > now()
  AND operator_sessions.last_seen_at > now() - make_interval(mins => ${OPERATOR_IDLE_MINUTES})`;

/**
 * The live session of a token on this agency, marked as used now, in one statement: a session
 * unused for 30 minutes, revoked, expired or of a disabled operator is no session.
 */
export async function findOperatorSession(db: Database, token: string, agencyId: string): Promise<OperatorSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await db
    .updateTable('operator_sessions')
    .from(['operators', 'agencies'])
    .set({ last_seen_at: sql<Date>`now()` })
    .whereRef('operators.id', '=', 'operator_sessions.operator_id')
    .whereRef('agencies.id', '=', 'operators.agency_id')
    .where('operator_sessions.token_hash', '=', tokenHash(token))
    .where('operator_sessions.agency_id', '=', agencyId)
    .where('operators.disabled_at', 'is', null)
    .where(live)
    .returning([
      'operator_sessions.id as sessionId',
      'operators.id',
      'operators.agency_id',
      'operators.username',
      'operators.role',
      'operators.totp_enabled_at',
      'agencies.staff_totp_required',
    ])
    .executeTakeFirst();
  return row && { sessionId: row.sessionId, ...toOperator(row) };
}

/** Revokes one session of the agency (of this operator only, when given); false when there is no such live session. */
export async function revokeOperatorSession(
  trx: Transaction<DB>,
  agencyId: string,
  sessionId: string,
  operatorId?: string,
): Promise<{ operatorId: string } | undefined> {
  let query = trx
    .updateTable('operator_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('agency_id', '=', agencyId)
    .where('revoked_at', 'is', null);
  if (operatorId) query = query.where('operator_id', '=', operatorId);
  const row = await query.returning('operator_id').executeTakeFirst();
  return row && { operatorId: row.operator_id };
}

export async function revokeSessionsOf(trx: Transaction<DB>, operatorId: string): Promise<void> {
  await trx
    .updateTable('operator_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The agency's live sessions (one operator's, when given), most recently used first. */
export async function liveSessionsOf(db: Database, agencyId: string, operatorId?: string) {
  let query = db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.id',
      'operators.username',
      'operator_sessions.created_at',
      'operator_sessions.last_seen_at',
      'operator_sessions.expires_at',
      'operator_sessions.ip',
      'operator_sessions.user_agent',
    ])
    .where('operator_sessions.agency_id', '=', agencyId)
    .where('operators.disabled_at', 'is', null)
    .where(live)
    .orderBy('operator_sessions.last_seen_at', 'desc');
  if (operatorId) query = query.where('operator_sessions.operator_id', '=', operatorId);
  return query.execute();
}

export async function operatorAccountsOf(db: Database, agencyId: string) {
  const rows = await operatorsWithAgency(db).where('operators.agency_id', '=', agencyId).orderBy('operators.username').execute();
  return rows.map((row) => ({ ...toOperator(row), disabled: row.disabled_at !== null, createdAt: row.created_at.toISOString() }));
}

/** One operator of the agency, locked for a change; undefined for another agency's id. */
export async function lockOperator(trx: Transaction<DB>, agencyId: string, operatorId: string) {
  const row = await operatorsWithAgency(trx)
    .where('operators.agency_id', '=', agencyId)
    .where('operators.id', '=', operatorId)
    .forUpdate('operators')
    .executeTakeFirst();
  return row && { ...toOperator(row), disabled: row.disabled_at !== null };
}

/** Owners of the agency who can log in, other than `except`; locked so two changes cannot both remove the last. */
export async function otherActiveOwners(trx: Transaction<DB>, agencyId: string, except: string): Promise<number> {
  const rows = await trx
    .selectFrom('operators')
    .select('id')
    .where('agency_id', '=', agencyId)
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .where('id', '!=', except)
    .forUpdate()
    .execute();
  return rows.length;
}

export async function updateOperatorRow(trx: Transaction<DB>, operatorId: string, change: { role?: OperatorRole; disabled?: boolean }) {
  await trx
    .updateTable('operators')
    .set({
      ...(change.role && { role: change.role }),
      ...(change.disabled !== undefined && { disabled_at: change.disabled ? sql<Date>`now()` : null }),
    })
    .where('id', '=', operatorId)
    .execute();
}

export async function setStaffTotpRequired(trx: Transaction<DB>, agencyId: string, required: boolean): Promise<void> {
  await trx.updateTable('agencies').set({ staff_totp_required: required }).where('id', '=', agencyId).execute();
}

export async function staffTotpRequiredOf(db: Database, agencyId: string): Promise<boolean> {
  const row = await db.selectFrom('agencies').select('staff_totp_required').where('id', '=', agencyId).executeTakeFirstOrThrow();
  return row.staff_totp_required;
}

export async function setPendingTotpSecret(db: Database, operatorId: string, secret: string): Promise<void> {
  await db.updateTable('operators').set({ totp_pending_secret: secret }).where('id', '=', operatorId).execute();
}

/** The secret waiting for its first code, locked; undefined once enrolled or before the enrolment started. */
export async function pendingTotpSecret(trx: Transaction<DB>, operatorId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('operators')
    .select(['totp_pending_secret', 'totp_enabled_at'])
    .where('id', '=', operatorId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.totp_enabled_at === null ? (row.totp_pending_secret ?? undefined) : undefined;
}

export async function enableTotp(trx: Transaction<DB>, operatorId: string, step: number, recoveryCodeHashes: Buffer[]): Promise<void> {
  await trx
    .updateTable('operators')
    .set({
      totp_secret: sql<string>`totp_pending_secret`,
      totp_pending_secret: null,
      totp_enabled_at: sql<Date>`now()`,
      totp_last_step: step,
    })
    .where('id', '=', operatorId)
    .execute();
  await trx
    .insertInto('operator_recovery_codes')
    .values(recoveryCodeHashes.map((codeHash) => ({ operator_id: operatorId, code_hash: codeHash })))
    .execute();
}

export async function setTotpLastStep(trx: Transaction<DB>, operatorId: string, step: number): Promise<void> {
  await trx.updateTable('operators').set({ totp_last_step: step }).where('id', '=', operatorId).execute();
}

/** Spends one unused recovery code of the operator; false when it is not one (or was used). */
export async function spendRecoveryCode(trx: Transaction<DB>, operatorId: string, codeHash: Buffer): Promise<boolean> {
  const row = await trx
    .updateTable('operator_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOperatorGrant(
  trx: Transaction<DB>,
  grant: { operatorId: string; grantedBy: string; kind: 'created' | 'promoted' | 'enabled' },
): Promise<void> {
  await trx
    .insertInto('operator_grants')
    .values({ operator_id: grant.operatorId, granted_by: grant.grantedBy, kind: grant.kind })
    .execute();
}

/**
 * For each of these operators, the people who may act through them: the operator and, following
 * grants made in the last `days` days back from operator to granter (and on from the granter),
 * everyone who created, promoted or re-enabled them.
 */
export async function peopleBehind(db: Db, operatorIds: string[], days: number) {
  const { rows } = await sql<{ operator_id: string; person_id: string; person: string }>`
    WITH RECURSIVE behind(operator_id, person_id) AS (
      SELECT id, id FROM operators WHERE id = ANY(${operatorIds}::uuid[])
      UNION
      SELECT behind.operator_id, operator_grants.granted_by
      FROM behind JOIN operator_grants ON operator_grants.operator_id = behind.person_id
      WHERE operator_grants.created_at > now() - make_interval(days => ${days})
    )
    SELECT behind.operator_id, behind.person_id, operators.username AS person
    FROM behind JOIN operators ON operators.id = behind.person_id`.execute(db);
  return rows;
}
