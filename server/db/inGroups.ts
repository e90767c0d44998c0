/**
 * Runs calls in groups: while a group of a key is being written, the calls of that key that arrive
 * wait and then go together as the next group, so concurrent callers share one transaction's
 * statements, locks and commit where each would otherwise pay for its own. A call that finds no
 * group of its key running starts one once the event loop's current turn is over, with the calls
 * made in that turn (those a group just answered, say), so a lone call waits for nothing but that
 * turn. `run` says what came of each item of a group, in order, so one item's failure is that
 * call's alone; when `run` itself throws, every call of the group gets the error.
 */
export function inGroups<Item, Result>(
  run: (key: string, items: Item[]) => Promise<Array<PromiseSettledResult<Result>>>,
  most: number,
): (key: string, item: Item) => Promise<Result> {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>();

  async function drain(key: string, queue: Waiting[]) {
    while (queue.length > 0) {
      const group = queue.splice(0, most);
      try {
        const results = await run(
          key,
          group.map(({ item }) => item),
        );
        group.forEach(({ resolve, reject }, index) => {
          const result = results[index];
          if (result.status === 'fulfilled') resolve(result.value);
          else reject(result.reason);
        });
      } catch (error) {
        group.forEach(({ reject }) => reject(error));
      }
    }
    queues.delete(key);
  }

  return (key, item) =>
    new Promise<Result>((resolve, reject) => {
      const running = queues.get(key);
      if (running) {
        running.push({ item, resolve, reject });
        return;
      }
      const queue = [{ item, resolve, reject }];
      queues.set(key, queue);
      setImmediate(() => void drain(key, queue));
    });
}

/** What a settled result holds, or its reason thrown: one item of a group answered as a lone call. */
export function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
