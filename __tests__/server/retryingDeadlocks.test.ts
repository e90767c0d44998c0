import { retryingDeadlocks } from '../../server/db/errors';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

/** A transaction run that fails as the list says, in order, then answers 'done'. */
function run(failures: Error[]) {
  let calls = 0;
  const attempt = () => {
    calls += 1;
    const failure = failures.shift();
    return failure ? Promise.reject(failure) : Promise.resolve('done');
  };
  return { attempt, calls: () => calls };
}

describe('retryingDeadlocks', () => {
  it('runs a transaction again after PostgreSQL picked it as a deadlock victim', async () => {
    const transaction = run([deadlock(), deadlock()]);
    await expect(retryingDeadlocks(transaction.attempt)).resolves.toBe('done');
    expect(transaction.calls()).toBe(3);
  });

  it('gives up after three deadlocks, with the database’s error', async () => {
    const transaction = run([deadlock(), deadlock(), deadlock(), deadlock()]);
    await expect(retryingDeadlocks(transaction.attempt)).rejects.toMatchObject({ code: '40P01' });
    expect(transaction.calls()).toBe(3);
  });

  it('never runs again after any other error (a refusal is an answer)', async () => {
    const transaction = run([Object.assign(new Error('duplicate key'), { code: '23505' })]);
    await expect(retryingDeadlocks(transaction.attempt)).rejects.toMatchObject({ code: '23505' });
    expect(transaction.calls()).toBe(1);
  });
});
