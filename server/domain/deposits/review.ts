import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { DepositTables } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { convertAt, formatAmount, normalizeRate } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
import type { DepositStatus } from '../../../contract/deposits';
import { vientianeDayStart } from '../../../contract/vientiane';
import type {
  AgencyDeposit,
  AgencyDepositPage,
  AgencyDepositQuery,
  DepositDetail,
  DepositPlayer,
  DepositRefund,
  LedgerTransferView,
  UnmatchedPayment,
} from '../../../contract/adminDeposits';
import { gatewayIdKey } from '../../adapters/payment';
import { AppError } from '../errors';
import { isCalendarDay, type LedgerTrx } from '../ledger';
import { payableSettings, qrOf } from './rules';
import { settingsOf, type OrderRow } from './repository';

/** What the operators' deposit review reads: deposits searched and opened, unmatched payments, players to credit. */

export type UnmatchedRow = Selectable<DepositTables['deposit_unmatched_payments']>;
export type RefundRow = Selectable<DepositTables['deposit_refunds']>;

/** A PAID order counts as stuck once its credit was refused, or after this long without reaching the provider. */
const STUCK_AFTER = sql`interval '2 minutes'`;

const effectiveStatus = sql<DepositStatus>`CASE
  WHEN deposit_orders.status = 'OPEN' AND deposit_orders.expires_at <= now() THEN 'EXPIRED'
  ELSE deposit_orders.status
END`;

const stuck = sql<boolean>`(deposit_orders.status = 'PAID' AND (deposit_orders.failure_code IS NOT NULL OR deposit_orders.paid_at < now() - ${STUCK_AFTER}))`;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function agencyDeposits(db: Database | LedgerTrx, agencyId: string) {
  return db
    .selectFrom('deposit_orders')
    .innerJoin('players', 'players.id', 'deposit_orders.player_id')
    .where('deposit_orders.agency_id', '=', agencyId);
}

type AgencyDepositRow = OrderRow & { username: string; stuck: boolean };

function selectDeposit(query: ReturnType<typeof agencyDeposits>) {
  return query.selectAll('deposit_orders').select(['players.username as username', effectiveStatus.as('status'), stuck.as('stuck')]);
}

function toAgencyDeposit(row: AgencyDepositRow): AgencyDeposit {
  return {
    code: row.code,
    player: row.username,
    playerId: row.player_id,
    provider: row.provider as Provider,
    amount: formatAmount(BigInt(row.amount_kip), 'LAK'),
    paidAmount: row.paid_amount_kip === null ? null : formatAmount(BigInt(row.paid_amount_kip), 'LAK'),
    credit: formatAmount(BigInt(row.credit_satang), 'THB'),
    promoCredit: row.promo_credit_satang === null ? null : formatAmount(BigInt(row.promo_credit_satang), 'THB'),
    rate: normalizeRate(row.rate_sell) ?? row.rate_sell,
    status: row.status,
    failureCode: row.failure_code,
    transactionId: row.transaction_id,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    creditedAt: row.credited_at?.toISOString() ?? null,
    stuck: row.stuck,
  };
}

/** The agency's deposits by part of the code, part of the player's username, status and days in Laos; newest first. */
export async function searchDeposits(db: Database, agencyId: string, query: AgencyDepositQuery): Promise<AgencyDepositPage> {
  const { code, player, status, from, to, page, pageSize } = query;
  for (const day of [from, to]) {
    if (day !== undefined && !isCalendarDay(day)) throw new AppError(400, ErrorCode.VALIDATION_ERROR, `${day} is not a calendar day`);
  }
  const filtered = agencyDeposits(db, agencyId)
    .$if(Boolean(code), (q) => q.where('deposit_orders.code', 'ilike', like(code!.trim())))
    .$if(Boolean(player), (q) => q.where('players.username', 'ilike', like(player!.trim())))
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
  return { items: rows.map(toAgencyDeposit), page, pageSize, total: Number(count.total) };
}

/** One of the agency's deposits; another agency's code is 404 like a missing one. */
export async function agencyDeposit(db: Database | LedgerTrx, agencyId: string, code: string): Promise<AgencyDeposit> {
  const row = await selectDeposit(agencyDeposits(db, agencyId).where('deposit_orders.code', '=', code)).executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No deposit ${code}`);
  return toAgencyDeposit(row);
}

export function toRefund(row: RefundRow): DepositRefund {
  return {
    ref: row.ref,
    amount: formatAmount(BigInt(row.amount_kip), 'LAK'),
    status: row.status,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/** The ledger transfers that name a deposit (or its bill, when its payment was kept unmatched) or its payment's transaction, with their entries, oldest first. */
async function transfersOf(db: Database, agencyId: string, code: string, transactionId: string | null): Promise<LedgerTransferView[]> {
  const transfers = await db
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
    .execute();
  if (transfers.length === 0) return [];
  const entries = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select([
      'ledger_entries.transfer_id',
      'ledger_entries.amount',
      'ledger_accounts.kind',
      'ledger_accounts.provider',
      'ledger_accounts.currency',
    ])
    .where(
      'ledger_entries.transfer_id',
      'in',
      transfers.map((t) => t.id),
    )
    .orderBy('ledger_entries.id')
    .execute();
  return transfers.map((transfer) => ({
    key: transfer.idempotency_key,
    kind: transfer.kind,
    status: transfer.status,
    failureCode: transfer.failure_code,
    createdAt: transfer.created_at.toISOString(),
    entries: entries
      .filter((entry) => entry.transfer_id === transfer.id)
      .map((entry) => ({
        account: entry.provider ? `${entry.kind}:${entry.provider}` : entry.kind,
        currency: entry.currency,
        amount: formatAmount(BigInt(entry.amount), entry.currency as 'LAK' | 'THB'),
      })),
  }));
}

/** GET /admin/deposits/{code}: the order, its QR payload, the webhook events that named it, its transfers and refund. */
export async function depositDetail(db: Database, agencyId: string, code: string): Promise<DepositDetail> {
  const deposit = await agencyDeposit(db, agencyId, code);
  const row = await db
    .selectFrom('deposit_orders')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  let qrPayload: string | null = null;
  try {
    qrPayload = qrOf(row, payableSettings(await settingsOf(db, agencyId))).payload;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  const [events, transfers, refund, source] = await Promise.all([
    // The events that named the bill, and the one that brought the payment of an order an operator credited.
    db
      .selectFrom('laoqr_webhook_events')
      .selectAll()
      .where('agency_id', '=', agencyId)
      .where((eb) =>
        eb.or([eb('bill_number', '=', code), ...(row.transaction_id === null ? [] : [eb('transaction_id', '=', row.transaction_id)])]),
      )
      .orderBy('received_at')
      .execute(),
    transfersOf(db, agencyId, code, row.transaction_id),
    db
      .selectFrom('deposit_refunds')
      .selectAll()
      .where('agency_id', '=', agencyId)
      .where('deposit_order_id', '=', row.id)
      .executeTakeFirst(),
    db.selectFrom('deposit_unmatched_payments').select('id').where('credited_order_id', '=', row.id).executeTakeFirst(),
  ]);
  return {
    deposit,
    qrPayload,
    webhookEvents: events.map((event) => ({
      eventId: event.event_id,
      receivedAt: event.received_at.toISOString(),
      transactionId: event.transaction_id,
      amount: event.amount_kip === null ? null : formatAmount(BigInt(event.amount_kip), 'LAK'),
      paidAt: event.paid_at?.toISOString() ?? null,
    })),
    transfers,
    refund: refund ? toRefund(refund) : null,
    fromUnmatchedPayment: source?.id ?? null,
  };
}

/** The THB sell rate in force when each payment was made (null before the agency's first rate). */
const rateAtPayment = sql<string | null>`(
  SELECT sell FROM exchange_rates r
  WHERE r.agency_id = deposit_unmatched_payments.agency_id AND r.currency = 'THB'
    AND r.effective_at <= deposit_unmatched_payments.paid_at
  ORDER BY r.effective_at DESC, r.id DESC LIMIT 1)`;

function unmatchedQuery(db: Database | LedgerTrx, agencyId: string) {
  return db
    .selectFrom('deposit_unmatched_payments')
    .leftJoin('deposit_orders', 'deposit_orders.id', 'deposit_unmatched_payments.credited_order_id')
    .selectAll('deposit_unmatched_payments')
    .select([rateAtPayment.as('rate_sell'), 'deposit_orders.code as credited_code'])
    .where('deposit_unmatched_payments.agency_id', '=', agencyId);
}

function toUnmatchedPayment(row: UnmatchedRow & { rate_sell: string | null; credited_code: string | null }): UnmatchedPayment {
  const kip = BigInt(row.amount_kip);
  const rate = row.rate_sell === null ? null : (normalizeRate(row.rate_sell) ?? row.rate_sell);
  return {
    id: row.id,
    billNumber: row.bill_number,
    reason: row.reason,
    amount: formatAmount(kip, 'LAK'),
    transactionId: row.transaction_id,
    paidAt: row.paid_at.toISOString(),
    status: row.status,
    rate,
    credit: rate === null ? null : formatAmount(convertAt('DEPOSIT', kip, { buy: rate, sell: rate }, 'THB'), 'THB'),
    resolution: row.resolution,
    creditedDeposit: row.credited_code,
    resolvedBy: row.resolved_by,
    resolutionReason: row.resolution_reason,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
  };
}

/** The payments no open order could take, newest first, for the operator to resolve. */
export async function unmatchedPaymentsOf(
  db: Database,
  agencyId: string,
  status: 'UNRESOLVED' | 'RESOLVED' = 'UNRESOLVED',
): Promise<UnmatchedPayment[]> {
  const rows = await unmatchedQuery(db, agencyId)
    .where('deposit_unmatched_payments.status', '=', status)
    .orderBy('deposit_unmatched_payments.created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map(toUnmatchedPayment);
}

/** One of the agency's unmatched payments; another agency's is 404. */
export async function unmatchedPayment(db: Database | LedgerTrx, agencyId: string, id: string): Promise<UnmatchedPayment> {
  const row = await unmatchedQuery(db, agencyId).where('deposit_unmatched_payments.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No unmatched payment ${id}`);
  return toUnmatchedPayment(row);
}

/** Up to 20 of the agency's players whose username contains the text. */
export async function playersNamed(db: Database, agencyId: string, username: string): Promise<DepositPlayer[]> {
  return db
    .selectFrom('players')
    .select(['id', 'username'])
    .where('agency_id', '=', agencyId)
    .where('username', 'ilike', like(username.trim()))
    .orderBy('username')
    .limit(20)
    .execute();
}
