import { vientianeDay, vientianeDayStart } from '../../contract/vientiane';

describe('the Vientiane calendar day', () => {
  it('begins at 17:00 UTC the evening before (UTC+7 all year, no daylight saving)', () => {
    expect(vientianeDayStart('2026-11-27').toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(vientianeDayStart('2026-07-01').toISOString()).toBe('2026-06-30T17:00:00.000Z');
  });

  it('gives the start of a later or earlier day, across month and year ends', () => {
    expect(vientianeDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(vientianeDayStart('2024-02-28', 1).toISOString()).toBe('2024-02-28T17:00:00.000Z');
    expect(vientianeDayStart('2026-03-01', -1).toISOString()).toBe('2026-02-27T17:00:00.000Z');
  });

  it('holds every instant of its day and none of the next', () => {
    const start = vientianeDayStart('2026-11-27');
    expect(vientianeDay(start)).toBe('2026-11-27');
    expect(vientianeDay(new Date(vientianeDayStart('2026-11-27', 1).getTime() - 1))).toBe('2026-11-27');
    expect(vientianeDay(vientianeDayStart('2026-11-27', 1))).toBe('2026-11-28');
  });
});
