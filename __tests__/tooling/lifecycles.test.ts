import fs from 'node:fs';
import path from 'node:path';
import { DEPOSIT_STATUSES } from '../../src/contract/deposits';
import { UNMATCHED_PAYMENT_STATUSES } from '../../src/contract/adminDeposits';
import { DEPOSIT_ORDER, REFUND, UNMATCHED_PAYMENT } from '../../server/domain/deposits/lifecycle';
import { LEDGER_TRANSFER } from '../../server/domain/ledger/lifecycle';
import { DEPOSIT_REFUND_STATUSES } from '../../src/contract/adminDeposits';
import { lifecyclesDoc } from '../../scripts/lifecycles';

/** The transition tables alone: what each event does from each status, and the doc drawn from them. */

describe('the deposit order lifecycle', () => {
  it('moves only from the statuses its table names', () => {
    for (const status of DEPOSIT_STATUSES)
      for (const event of DEPOSIT_ORDER.events) {
        const { from, to } = DEPOSIT_ORDER.transitions[event];
        expect(DEPOSIT_ORDER.next(status, event)).toBe(from.includes(status) ? to : undefined);
      }
  });

  it('lets a stuck PAID order be either credited or refunded, and nothing else', () => {
    const fromPaid = DEPOSIT_ORDER.events.filter((event) => DEPOSIT_ORDER.next('PAID', event) !== undefined);
    expect(fromPaid.sort()).toEqual(['credit', 'startRefund']);
    expect(DEPOSIT_ORDER.next('SUCCESS', 'startRefund')).toBeUndefined();
    expect(DEPOSIT_ORDER.next('CANCELED', 'pay')).toBeUndefined();
    for (const event of DEPOSIT_ORDER.events) expect(DEPOSIT_ORDER.next('SUCCESS', event)).toBeUndefined();
  });
});

describe('the unmatched payment lifecycle', () => {
  it('is resolved once, and back in the queue only when its refund was refused', () => {
    const moves = UNMATCHED_PAYMENT_STATUSES.flatMap((status) =>
      UNMATCHED_PAYMENT.events.flatMap((event) => {
        const to = UNMATCHED_PAYMENT.next(status, event);
        return to ? [`${status} ${event} ${to}`] : [];
      }),
    );
    expect(moves).toEqual(['UNRESOLVED resolve RESOLVED', 'RESOLVED refundRefused UNRESOLVED']);
  });
});

/** Every move a lifecycle allows, as `status event status`. */
const movesOf = <Status extends string, Event extends string>(
  statuses: readonly Status[],
  lifecycle: { events: readonly Event[]; next(status: Status, event: Event): Status | undefined },
) =>
  statuses.flatMap((status) =>
    lifecycle.events.flatMap((event) => {
      const to = lifecycle.next(status, event);
      return to ? [`${status} ${event} ${to}`] : [];
    }),
  );

describe('the refund lifecycle', () => {
  it('is answered once by the gateway, and a refused one may be asked for again', () => {
    expect(movesOf(DEPOSIT_REFUND_STATUSES, REFUND)).toEqual([
      'PENDING refunded PAID',
      'PENDING refused FAILED',
      'FAILED askAgain PENDING',
    ]);
  });
});

describe('the ledger transfer lifecycle', () => {
  it('settles a pending transfer once, either way, and never touches a posted one', () => {
    expect(movesOf(['PENDING', 'POSTED', 'VOIDED'] as const, LEDGER_TRANSFER)).toEqual(['PENDING post POSTED', 'PENDING void VOIDED']);
  });
});

it('docs/lifecycles.md is the one npm run charts draws from the tables', () => {
  expect(fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'lifecycles.md'), 'utf8')).toBe(lifecyclesDoc());
});
