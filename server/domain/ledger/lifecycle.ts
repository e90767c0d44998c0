import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { defineLifecycle } from '../lifecycle';
import type { TransferStatus } from './transfers';

export type TransferEvent = 'post' | 'void';

/**
 * A ledger transfer's lifecycle. Most transfers are written POSTED and never change; a provider
 * transfer begins PENDING (its amount held in `via`) while the provider is asked, and is then posted
 * (the provider took it) or voided (it did not), by the caller's answer or the reconciler's look-up by ref.
 */
export const LEDGER_TRANSFER = defineLifecycle<TransferStatus, TransferEvent>({
  title: 'Ledger transfer (a provider transfer while PENDING)',
  table: 'ledger_transfers',
  initial: ['POSTED', 'PENDING'],
  // Never shown to anyone: only the ledger settles a transfer, and one settled the other way is a bug.
  refusal: ErrorCode.INTERNAL,
  transitions: {
    post: { from: ['PENDING'], to: 'POSTED', by: ['provider answer', 'reconciler by ref'] },
    void: { from: ['PENDING'], to: 'VOIDED', by: ['provider answer', 'reconciler by ref', 'refund of a stuck deposit'] },
  },
});

/**
 * The one statement that writes ledger_transfers.status: settles those of `ids` still in a
 * from-status of the event, returning them; the ledger's settle writes their entries with it.
 */
export function settleTransfers(db: Kysely<DB>, agencyId: string, ids: string[], event: TransferEvent, failureCode: string | null) {
  const { from, to } = LEDGER_TRANSFER.transitions[event];
  return db
    .updateTable('ledger_transfers')
    .set({ status: to, failure_code: failureCode, settled_at: sql<Date>`now()` })
    .where('id', '=', sql<string>`ANY(${ids}::uuid[])`)
    .where('agency_id', '=', agencyId)
    .where('status', 'in', [...from])
    .returningAll();
}
