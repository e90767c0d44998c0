import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import { likeContaining } from '../../db/like';
import type { DB } from '../../db/schema';
import { vientianeDayStart } from '../../../contract/vientiane';
import type { AgencyDepositQuery, DepositPlayer } from '../../../contract/adminDeposits';
import { gatewayIdKey } from '../../adapters/payment';
import type { LedgerTrx } from '../ledger';
import { effectiveStatus, type OrderRow, type UnmatchedRow } from './repository';

/**
 * What the operators' deposit review reads: the agency's deposits with their players, the webhook
 * events and ledger transfers that name one, its unmatched payments, and its players.
 */

/** A PAID order counts as stuck once its credit was refused, or after this long without reaching the provider. */
const STUCK_AFTER = sql`interval '2 minutes'`;

const stuck = sql<boolean>`(deposit_orders.status = 'PAID' AND (deposit_orders.failure_code IS NOT NULL OR deposit_orders.paid_at < now() - ${STUCK_AFTER}))`;

function agencyDeposits(db: Database | LedgerTrx, agencyId: string) {
  return db
    .selectFrom('deposit_orders')
    .innerJoin('players', 'players.id', 'deposit_orders.player_id')
    .where('deposit_orders.agency_id', '=', agencyId);
}

/** A deposit as the review lists it: the order with its effective status, its player's username and whether it is stuck. */
export type AgencyDepositRow = OrderRow & { username: string; stuck: boolean };

function selectDeposit(query: ReturnType<typeof agencyDeposits>) {
  return query.selectAll('deposit_orders').select(['players.username as username', effectiveStatus.as('status'), stuck.as('stuck')]);
}

/**
 * A page of the agency's deposits by part of the code, part of the player's username, status and
 * days in Laos, newest first, and how many match.
 */
export async function searchAgencyDeposits(
  db: Database,
  agencyId: string,
  { code, player, status, from, to, page, pageSize }: AgencyDepositQuery,
): Promise<{ rows: AgencyDepositRow[]; total: number }> {
  const filtered = agencyDeposits(db, agencyId)
    .$if(Boolean(code), (q) => q.where('deposit_orders.code', 'ilike', likeContaining(code!.trim())))
    .$if(Boolean(player), (q) => q.where('players.username', 'ilike', likeContaining(player!.trim())))
    .$if(status !== undefined, (q) => q.where(effectiveStatus, '=', status!))
    .$if(from !== undefined, (q) => q.where('deposit_orders.created_at', '>=', vientianeDayStart(from!)))
    .$if(to !== undefined, (q) => q.where('deposit_orders.created_at', '<', vientianeDayStart(to!, 1)));
  const [rows, count] = await Promise.all([
    selectDeposit(filtered)
      .orderBy('deposit_orders.created_at', 'desc')
      .orderBy('deposit_orders.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function agencyDepositRow(db: Database | LedgerTrx, agencyId: string, code: string): Promise<AgencyDepositRow | undefined> {
  return selectDeposit(agencyDeposits(db, agencyId).where('deposit_orders.code', '=', code)).executeTakeFirst();
}

/** One of the agency's orders by code, as stored; throws when the agency has none. */
export async function agencyOrder(db: Database, agencyId: string, code: string): Promise<OrderRow> {
  return db.selectFrom('deposit_orders').selectAll().where('agency_id', '=', agencyId).where('code', '=', code).executeTakeFirstOrThrow();
}

/** The webhook events that named the bill, and the one that brought its transaction's payment, in the order received. */
export async function webhookEventsOf(
  db: Database,
  agencyId: string,
  billNumber: string,
  transactionId: string | null,
): Promise<Array<Selectable<DB['laoqr_webhook_events']>>> {
  return db
    .selectFrom('laoqr_webhook_events')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where((eb) =>
      eb.or([eb('bill_number', '=', billNumber), ...(transactionId === null ? [] : [eb('transaction_id', '=', transactionId)])]),
    )
    .orderBy('received_at')
    .execute();
}

/** The ledger transfers that name a deposit (or its bill, when its payment was kept unmatched) or its payment's transaction, oldest first. */
export async function transfersNaming(db: Database, agencyId: string, code: string, transactionId: string | null) {
  return (
    db
      .selectFrom('ledger_transfers')
      .select(['id', 'idempotency_key', 'kind', 'status', 'failure_code', 'created_at'])
      .where('agency_id', '=', agencyId)
      .where((eb) =>
        eb.or([
          eb(sql`refs->>'deposit'`, '=', code),
          eb(sql`refs->>'billNumber'`, '=', code),
          // The deposit side writes the id's key in refs; the review's credit of an unmatched payment writes the id.
          ...(transactionId === null ? [] : [eb(sql`refs->>'transactionId'`, 'in', [transactionId, gatewayIdKey(transactionId)])]),
        ]),
      )
      .orderBy('created_at')
      // Transfers of one transaction share its time: their first entries tell which was written first.
      .orderBy(sql`(SELECT min(id) FROM ledger_entries WHERE ledger_entries.transfer_id = ledger_transfers.id)`)
      .execute()
  );
}

/** The entries of these transfers with their accounts, in the order they were written. */
export async function entriesOfTransfers(db: Database, transferIds: string[]) {
  return db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select([
      'ledger_entries.transfer_id',
      'ledger_entries.amount',
      'ledger_accounts.kind',
      'ledger_accounts.provider',
      'ledger_accounts.currency',
    ])
    .where('ledger_entries.transfer_id', 'in', transferIds)
    .orderBy('ledger_entries.id')
    .execute();
}

/** The unmatched payment an operator credited to the player through this order, when it was one. */
export async function paymentCreditedAs(db: Database, orderId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('deposit_unmatched_payments').select('id').where('credited_order_id', '=', orderId).executeTakeFirst();
}

/** The THB sell rate in force when each payment was made (null before the agency's first rate). */
const rateAtPayment = sql<string | null>`(
  SELECT sell FROM exchange_rates r
  WHERE r.agency_id = deposit_unmatched_payments.agency_id AND r.currency = 'THB'
    AND r.effective_at <= deposit_unmatched_payments.paid_at
  ORDER BY r.effective_at DESC, r.id DESC LIMIT 1)`;

/** An unmatched payment as the review shows it: with the rate of its time and the code of the order it was credited through. */
export type UnmatchedViewRow = UnmatchedRow & { rate_sell: string | null; credited_code: string | null };

function unmatchedQuery(db: Database | LedgerTrx, agencyId: string) {
  return db
    .selectFrom('deposit_unmatched_payments')
    .leftJoin('deposit_orders', 'deposit_orders.id', 'deposit_unmatched_payments.credited_order_id')
    .selectAll('deposit_unmatched_payments')
    .select([rateAtPayment.as('rate_sell'), 'deposit_orders.code as credited_code'])
    .where('deposit_unmatched_payments.agency_id', '=', agencyId);
}

/** Up to 500 of the agency's unmatched payments in the status, newest first. */
export async function unmatchedPaymentRows(db: Database, agencyId: string, status: 'UNRESOLVED' | 'RESOLVED'): Promise<UnmatchedViewRow[]> {
  return unmatchedQuery(db, agencyId)
    .where('deposit_unmatched_payments.status', '=', status)
    .orderBy('deposit_unmatched_payments.created_at', 'desc')
    .limit(500)
    .execute();
}

export async function unmatchedPaymentRow(db: Database | LedgerTrx, agencyId: string, id: string): Promise<UnmatchedViewRow | undefined> {
  return unmatchedQuery(db, agencyId).where('deposit_unmatched_payments.id', '=', id).executeTakeFirst();
}

/** Up to 20 of the agency's players whose username contains the text, by username. */
export async function playersContaining(db: Database, agencyId: string, text: string): Promise<DepositPlayer[]> {
  return db
    .selectFrom('players')
    .select(['id', 'username'])
    .where('agency_id', '=', agencyId)
    .where('username', 'ilike', likeContaining(text))
    .orderBy('username')
    .limit(20)
    .execute();
}

export async function agencyPlayer(
  db: Database,
  agencyId: string,
  playerId: string,
): Promise<{ id: string; username: string } | undefined> {
  return db
    .selectFrom('players')
    .select(['id', 'username'])
    .where('agency_id', '=', agencyId)
    .where('id', '=', playerId)
    .executeTakeFirst();
}
