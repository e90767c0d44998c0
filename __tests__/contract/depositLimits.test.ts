import fc from 'fast-check';
import {
  LIMIT_RAISE_DELAY_MS,
  NO_LIMIT,
  changeLimit,
  checkLimitValue,
  effectiveLimit,
  limitExceededBy,
  periodStart,
  roomOf,
  settleLimit,
  tightestRoom,
  type StoredLimit,
} from '../../contract/depositLimits';

const at = (iso: string) => new Date(iso);

describe('periodStart on the Vientiane calendar (UTC+7)', () => {
  it('starts the day at midnight in Vientiane', () => {
    expect(periodStart('day', at('2026-03-10T16:59:59Z'))).toEqual(at('2026-03-09T17:00:00Z'));
    expect(periodStart('day', at('2026-03-10T17:00:00Z'))).toEqual(at('2026-03-10T17:00:00Z'));
  });

  it('starts the week on Monday', () => {
    // Sunday 15 March 2026, 23:59 in Vientiane: still the week of Monday 9 March.
    expect(periodStart('week', at('2026-03-15T16:59:00Z'))).toEqual(at('2026-03-08T17:00:00Z'));
    // Monday 16 March, 00:00 in Vientiane (Sunday 17:00 UTC).
    expect(periodStart('week', at('2026-03-15T17:00:00Z'))).toEqual(at('2026-03-15T17:00:00Z'));
  });

  it('starts the month on the first, across a year end', () => {
    expect(periodStart('month', at('2026-12-31T16:59:59Z'))).toEqual(at('2026-11-30T17:00:00Z'));
    expect(periodStart('month', at('2026-12-31T17:00:00Z'))).toEqual(at('2026-12-31T17:00:00Z'));
  });

  it('is never after the instant and less than a period before it', () => {
    const spans = { day: 1, week: 7, month: 31 } as const;
    fc.assert(
      fc.property(
        fc.date({ min: at('2000-01-01'), max: at('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom('day', 'week', 'month'),
        (now, period) => {
          const start = periodStart(period, now);
          expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime() - start.getTime()).toBeLessThan(spans[period] * 24 * 3600 * 1000);
          // Midnight in Vientiane.
          expect(new Date(start.getTime() + 7 * 3600 * 1000).toISOString().slice(11)).toBe('00:00:00.000Z');
        },
      ),
    );
  });
});

describe('changeLimit', () => {
  const now = at('2026-05-01T05:00:00Z');
  const later = new Date(now.getTime() + LIMIT_RAISE_DELAY_MS);

  it('applies a first limit and a lower one at once, dropping a pending raise', () => {
    expect(changeLimit(NO_LIMIT, 500n, now)).toEqual({ limit: 500n, pending: null });
    const raising: StoredLimit = { limit: 500n, pending: { limit: 900n, effectiveAt: later } };
    expect(changeLimit(raising, 300n, now)).toEqual({ limit: 300n, pending: null });
    expect(changeLimit(raising, 500n, now)).toEqual({ limit: 500n, pending: null });
  });

  it('waits 24 hours with a raise or a removal, a second one starting again', () => {
    expect(changeLimit({ limit: 500n, pending: null }, 800n, now)).toEqual({ limit: 500n, pending: { limit: 800n, effectiveAt: later } });
    expect(changeLimit({ limit: 500n, pending: null }, null, now)).toEqual({ limit: 500n, pending: { limit: null, effectiveAt: later } });
    const second = new Date(now.getTime() + 3600_000);
    expect(changeLimit({ limit: 500n, pending: { limit: 800n, effectiveAt: later } }, 700n, second)).toEqual({
      limit: 500n,
      pending: { limit: 700n, effectiveAt: new Date(second.getTime() + LIMIT_RAISE_DELAY_MS) },
    });
  });

  it('settles a pending change only once its time has come', () => {
    const stored: StoredLimit = { limit: 500n, pending: { limit: null, effectiveAt: later } };
    expect(settleLimit(stored, new Date(later.getTime() - 1))).toBe(stored);
    expect(settleLimit(stored, later)).toEqual({ limit: null, pending: null });
  });

  it('never lets the limit in force rise before 24 hours', () => {
    const limit = fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n }), { nil: null });
    fc.assert(
      fc.property(limit, fc.array(fc.tuple(limit, fc.integer({ min: 0, max: 30 * 3600_000 })), { maxLength: 8 }), (first, requests) => {
        let time = now.getTime();
        let stored = changeLimit(NO_LIMIT, first, new Date(time));
        for (const [requested, wait] of requests) {
          time += wait;
          const before = settleLimit(stored, new Date(time)).limit;
          stored = changeLimit(stored, requested, new Date(time));
          const inForce = settleLimit(stored, new Date(time)).limit;
          // A request never raises (or removes) the limit in force at the moment it is made.
          const raised = before !== null && (inForce === null || inForce > before);
          expect(raised).toBe(false);
          if (requested !== null && (before === null || requested <= before)) expect(inForce).toBe(requested);
        }
      }),
    );
  });
});

describe('room left', () => {
  it('uses the agency maximum as the daily limit when the player set none', () => {
    expect(effectiveLimit('day', null, 1000n)).toBe(1000n);
    expect(effectiveLimit('day', 400n, 1000n)).toBe(400n);
    expect(effectiveLimit('week', null, 1000n)).toBeNull();
    // An agency maximum lowered after the player set a higher limit binds instead of it.
    expect(effectiveLimit('week', 5000n, 1000n)).toBe(1000n);
    expect(effectiveLimit('week', 5000n, null)).toBe(5000n);
  });

  it('reports the tightest limit and refuses an amount over it', () => {
    const rooms = roomOf({ day: 200_000n, week: 1_000_000n, month: null }, { day: 150_000n, week: 980_000n, month: 5_000_000n });
    expect(rooms).toEqual([
      { period: 'day', limit: 200_000n, remaining: 50_000n },
      { period: 'week', limit: 1_000_000n, remaining: 20_000n },
    ]);
    expect(tightestRoom(rooms)).toEqual({ period: 'week', limit: 1_000_000n, remaining: 20_000n });
    expect(limitExceededBy(rooms, 20_000n)).toBeNull();
    expect(limitExceededBy(rooms, 20_001n)).toEqual({ period: 'week', limit: 1_000_000n, remaining: 20_000n });
    expect(limitExceededBy([], 10n ** 15n)).toBeNull();
    expect(roomOf({ day: 100n, week: null, month: null }, { day: 300n, week: 0n, month: 0n })).toEqual([
      { period: 'day', limit: 100n, remaining: 0n },
    ]);
  });

  it('accepts whole kip from 1 to the maximum, or null', () => {
    expect(checkLimitValue('1', null)).toEqual({ ok: true, kip: 1n });
    expect(checkLimitValue(null, 5n)).toEqual({ ok: true, kip: null });
    expect(checkLimitValue('5', 5n)).toEqual({ ok: true, kip: 5n });
    expect(checkLimitValue('6', 5n)).toEqual({ ok: false, reason: 'aboveMaximum' });
    for (const bad of ['0', '', '-1', '1.5', '1e3', ' 1', '1234567890123456', 12, true, undefined, {}]) {
      expect([bad, checkLimitValue(bad, null)]).toEqual([bad, { ok: false, reason: 'notWholeKip' }]);
    }
  });
});
