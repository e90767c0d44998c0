import type { Database } from '../../db/database';
import type { Provider } from '../../../contract/providers';

/**
 * Fault controls for tests. `error` answers 503 without doing anything; `delay` waits delayMs and
 * then does the call (the caller may have given up by then: done, but the caller cannot know);
 * `hang` waits delayMs and then answers 503 without doing anything (a timeout where nothing
 * happened). A fault hits the next `calls` calls, or a `share` (0..1) of calls until cleared.
 */
export const FAULT_MODES = ['error', 'delay', 'hang'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
export const OPERATIONS = ['createMember', 'balance', 'transfer', 'transferStatus', 'launch', 'games', 'turnover'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface FaultRequest {
  mode: FaultMode;
  calls?: number;
  share?: number;
  delayMs?: number;
  operations?: Operation[];
}

export interface Fault {
  mode: FaultMode;
  delayMs: number;
}

export async function addFault(db: Database, provider: Provider, fault: FaultRequest): Promise<void> {
  await db
    .insertInto('sandbox_provider_faults')
    .values({
      provider,
      mode: fault.mode,
      remaining_calls: fault.calls ?? null,
      share: fault.calls === undefined ? (fault.share ?? 1) : null,
      delay_ms: fault.delayMs ?? 0,
      operations: fault.operations ?? null,
    })
    .execute();
}

export async function clearFaults(db: Database, provider: Provider): Promise<void> {
  await db.deleteFrom('sandbox_provider_faults').where('provider', '=', provider).execute();
}

/** The fault that hits this call, if any; a counted fault is used up atomically across processes. */
export async function drawFault(db: Database, provider: Provider, operation: Operation): Promise<Fault | undefined> {
  const faults = await db.selectFrom('sandbox_provider_faults').selectAll().where('provider', '=', provider).orderBy('id').execute();
  for (const fault of faults) {
    if (fault.operations && !fault.operations.includes(operation)) continue;
    if (fault.remaining_calls === null) {
      if (Math.random() < (fault.share ?? 0)) return { mode: fault.mode, delayMs: fault.delay_ms };
      continue;
    }
    const taken = await db
      .updateTable('sandbox_provider_faults')
      .set((eb) => ({ remaining_calls: eb('remaining_calls', '-', 1) }))
      .where('id', '=', fault.id)
      .where('remaining_calls', '>', 0)
      .returning('remaining_calls')
      .executeTakeFirst();
    if (!taken) continue;
    if (taken.remaining_calls === 0) await db.deleteFrom('sandbox_provider_faults').where('id', '=', fault.id).execute();
    return { mode: fault.mode, delayMs: fault.delay_ms };
  }
  return undefined;
}
