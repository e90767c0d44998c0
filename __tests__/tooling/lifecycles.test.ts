import fs from 'node:fs';
import path from 'node:path';
import { DEPOSIT_REFUND_STATUSES, UNMATCHED_PAYMENT_STATUSES } from '../../contract/adminDeposits';
import { PROMOTION_USAGE_IN_PROGRESS, PROMOTION_USAGE_STATUSES } from '../../contract/promotions';
import { DEPOSIT_ORDER, REFUND, UNMATCHED_PAYMENT } from '../../server/domain/deposits/lifecycle';
import { LEDGER_TRANSFER } from '../../server/domain/ledger/lifecycle';
import { PROMOTION_USAGE } from '../../server/domain/promotions/lifecycle';
import { WITHDRAWAL } from '../../server/domain/withdrawals/lifecycle';
import { LIFECYCLES, lifecyclesDoc } from '../../scripts/lifecycles';

/** The transition tables alone: what each event does from each status, and the doc drawn from them. */

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

it.each(LIFECYCLES.map(({ lifecycle }) => [lifecycle.title, lifecycle] as const))(
  '%s moves only from the statuses its table names',
  (_, lifecycle) => {
    const statuses = new Set(lifecycle.events.flatMap((event) => [...lifecycle.transitions[event].from, lifecycle.transitions[event].to]));
    for (const status of statuses)
      for (const event of lifecycle.events) {
        const { from, to } = lifecycle.transitions[event];
        expect(lifecycle.next(status, event)).toBe(from.includes(status) ? to : undefined);
      }
  },
);

describe('the deposit order lifecycle', () => {
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
    expect(movesOf(UNMATCHED_PAYMENT_STATUSES, UNMATCHED_PAYMENT)).toEqual([
      'UNRESOLVED resolve RESOLVED',
      'RESOLVED refundRefused UNRESOLVED',
    ]);
  });
});

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

describe('the promotion usage lifecycle', () => {
  it('is taken ACTIVE, and an ended usage comes back only when its withdrawal does', () => {
    expect(PROMOTION_USAGE.initial).toEqual(['ACTIVE']);
    const ended = PROMOTION_USAGE_STATUSES.filter((status) => !PROMOTION_USAGE_IN_PROGRESS.includes(status));
    expect(movesOf(ended, PROMOTION_USAGE)).toEqual(['SUCCESS reopen USED']);
  });

  it('takes the bonus only while ACTIVE, and gives it back only while USED', () => {
    expect(PROMOTION_USAGE_STATUSES.filter((status) => PROMOTION_USAGE.next(status, 'deposit'))).toEqual(['ACTIVE']);
    expect(PROMOTION_USAGE_STATUSES.filter((status) => PROMOTION_USAGE.next(status, 'refund'))).toEqual(['USED']);
    expect(PROMOTION_USAGE_STATUSES.filter((status) => PROMOTION_USAGE.next(status, 'cancel'))).toEqual(['ACTIVE', 'USED']);
  });
});

describe('the withdrawal lifecycle', () => {
  it('is decided once: an OPEN withdrawal is paid, fails or is rejected, and a decided one does nothing more', () => {
    const fromOpen = WITHDRAWAL.events.map((event) => `${event} ${WITHDRAWAL.next('OPEN', event)}`);
    expect(fromOpen.sort()).toEqual(['pay SUCCESS', 'payoutFailed FAILED', 'reject REJECTED']);
    for (const status of ['SUCCESS', 'FAILED', 'REJECTED'] as const)
      for (const event of WITHDRAWAL.events) expect(WITHDRAWAL.next(status, event)).toBeUndefined();
  });
});

it('docs/lifecycles.md is the one npm run charts draws from the tables', () => {
  expect(fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'lifecycles.md'), 'utf8')).toBe(lifecyclesDoc());
});
