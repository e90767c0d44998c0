import type { Database } from '../../db/database';
import { ErrorCode } from '../../../contract/errors';
import { convertAt, formatAmount, normalizeRate } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
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
import { AppError } from '../errors';
import { isCalendarDay, type LedgerTrx } from '../ledger';
import { payableSettings, qrOf } from './rules';
import { settingsOf } from './repository';
import { refundOfOrder, type RefundRow } from './refundRepository';
import {
  agencyDepositRow,
  agencyOrder,
  entriesOfTransfers,
  paymentCreditedAs,
  playersContaining,
  searchAgencyDeposits,
  transfersNaming,
  unmatchedPaymentRow,
  unmatchedPaymentRows,
  webhookEventsOf,
  type AgencyDepositRow,
  type UnmatchedViewRow,
} from './reviewRepository';

/** What the operators' deposit review reads: deposits searched and opened, unmatched payments, players to credit. */

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
  const { from, to, page, pageSize } = query;
  for (const day of [from, to]) {
    if (day !== undefined && !isCalendarDay(day)) throw new AppError(400, ErrorCode.VALIDATION_ERROR, `${day} is not a calendar day`);
  }
  const { rows, total } = await searchAgencyDeposits(db, agencyId, query);
  return { items: rows.map(toAgencyDeposit), page, pageSize, total };
}

/** One of the agency's deposits; another agency's code is 404 like a missing one. */
export async function agencyDeposit(db: Database | LedgerTrx, agencyId: string, code: string): Promise<AgencyDeposit> {
  const row = await agencyDepositRow(db, agencyId, code);
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
  const transfers = await transfersNaming(db, agencyId, code, transactionId);
  if (transfers.length === 0) return [];
  const entries = await entriesOfTransfers(
    db,
    transfers.map((t) => t.id),
  );
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
  const row = await agencyOrder(db, agencyId, code);
  let qrPayload: string | null = null;
  try {
    qrPayload = qrOf(row, payableSettings(await settingsOf(db, agencyId))).payload;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  const [events, transfers, refund, source] = await Promise.all([
    // The events that named the bill, and the one that brought the payment of an order an operator credited.
    webhookEventsOf(db, agencyId, code, row.transaction_id),
    transfersOf(db, agencyId, code, row.transaction_id),
    refundOfOrder(db, agencyId, row.id),
    paymentCreditedAs(db, row.id),
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

function toUnmatchedPayment(row: UnmatchedViewRow): UnmatchedPayment {
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
  return (await unmatchedPaymentRows(db, agencyId, status)).map(toUnmatchedPayment);
}

/** One of the agency's unmatched payments; another agency's is 404. */
export async function unmatchedPayment(db: Database | LedgerTrx, agencyId: string, id: string): Promise<UnmatchedPayment> {
  const row = await unmatchedPaymentRow(db, agencyId, id);
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No unmatched payment ${id}`);
  return toUnmatchedPayment(row);
}

/** Up to 20 of the agency's players whose username contains the text. */
export async function playersNamed(db: Database, agencyId: string, username: string): Promise<DepositPlayer[]> {
  return playersContaining(db, agencyId, username.trim());
}
