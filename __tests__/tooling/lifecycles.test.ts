import fs from 'node:fs';
import path from 'node:path';
import { DEPOSIT_STATUSES } from '../../src/contract/deposits';
import { UNMATCHED_PAYMENT_STATUSES } from '../../src/contract/adminDeposits';
import { WITHDRAWAL_STATUSES } from '../../src/contract/withdrawals';
import { DEPOSIT_ORDER, UNMATCHED_PAYMENT } from '../../server/domain/deposits/lifecycle';
import { WITHDRAWAL } from '../../server/domain/withdrawals/lifecycle';
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

describe('the withdrawal lifecycle', () => {
  it('moves only from the statuses its table names', () => {
    for (const status of WITHDRAWAL_STATUSES)
      for (const event of WITHDRAWAL.events) {
        const { from, to } = WITHDRAWAL.transitions[event];
        expect(WITHDRAWAL.next(status, event)).toBe(from.includes(status) ? to : undefined);
      }
  });

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
