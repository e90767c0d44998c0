import { inGroups } from '../../server/db/inGroups';

/** A run whose groups finish when the test says, recording what each group held. */
function heldRun() {
  const groups: Array<{ key: string; items: number[] }> = [];
  const finishers: Array<() => void> = [];
  const run = (key: string, items: number[]) =>
    new Promise<Array<PromiseSettledResult<number>>>((resolve) => {
      groups.push({ key, items });
      finishers.push(() =>
        resolve(
          items.map((item) =>
            item < 0 ? { status: 'rejected', reason: new Error(`bad ${item}`) } : { status: 'fulfilled', value: item * 10 },
          ),
        ),
      );
    });
  return { groups, run, finishNext: () => finishers.shift()?.() };
}

const ticks = () => new Promise((resolve) => setImmediate(resolve));

describe('inGroups', () => {
  it('starts a lone call after the current turn and gathers the calls that arrive meanwhile into the next group', async () => {
    const { groups, run, finishNext } = heldRun();
    const call = inGroups(run, 10);
    const first = call('agency', 1);
    expect(groups).toEqual([]);
    await ticks();
    expect(groups).toEqual([{ key: 'agency', items: [1] }]);
    const rest = [2, 3, 4].map((item) => call('agency', item));
    await ticks();
    expect(groups).toHaveLength(1);
    finishNext();
    expect(await first).toBe(10);
    await ticks();
    expect(groups[1]).toEqual({ key: 'agency', items: [2, 3, 4] });
    finishNext();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('gathers the calls of one turn into one group', async () => {
    const { groups, run, finishNext } = heldRun();
    const call = inGroups(run, 10);
    const answers = [1, 2, 3].map((item) => call('agency', item));
    await ticks();
    expect(groups).toEqual([{ key: 'agency', items: [1, 2, 3] }]);
    finishNext();
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it('keeps keys apart, and no group larger than its limit', async () => {
    const { groups, run, finishNext } = heldRun();
    const call = inGroups(run, 2);
    const answers = [call('a', 1), call('b', 2)];
    await ticks();
    answers.push(call('a', 3), call('a', 4), call('a', 5));
    expect(groups).toEqual([
      { key: 'a', items: [1] },
      { key: 'b', items: [2] },
    ]);
    for (let round = 0; round < 4; round += 1) {
      finishNext();
      await ticks();
    }
    expect(groups.slice(2)).toEqual([
      { key: 'a', items: [3, 4] },
      { key: 'a', items: [5] },
    ]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('rejects only the call whose item failed, and every call of a group whose run threw', async () => {
    const { run, finishNext } = heldRun();
    const call = inGroups(run, 10);
    const first = call('a', 1);
    await ticks();
    const good = call('a', 2);
    const bad = call('a', -3);
    finishNext();
    await first;
    await ticks();
    finishNext();
    expect(await good).toBe(20);
    await expect(bad).rejects.toThrow('bad -3');

    const broken = inGroups<number, number>(() => Promise.reject(new Error('the database is down')), 10);
    await expect(Promise.all([broken('a', 1), broken('a', 2)])).rejects.toThrow('the database is down');
    // The key is free again afterwards: the next call starts a group of its own.
    await expect(broken('a', 3)).rejects.toThrow('the database is down');
  });
});
