import fc from 'fast-check';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../server/db/database';
import { createTestDatabase, racingOn, type TestDatabase } from '../support/db';
import { createTestAgency } from '../support/app';
import { createTestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { recordStatements } from '../../bench/statements';
import {
  balanceOf,
  beginPendingTransfer,
  entriesOf,
  findTransfer,
  postPendingTransfer,
  postTransfer,
  voidPendingTransfer,
  ACCOUNT_KINDS,
  type AccountRef,
  type LedgerTransfer,
  type LedgerTrx,
} from '../../server/domain/ledger';
import { accountLabel } from '../../server/domain/ledger/accounts';
import { AppError } from '../../server/domain/errors';

let t: TestDatabase;
let agencyCount = 0;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

async function newAgency() {
  agencyCount += 1;
  const agency = await createTestAgency(t, `ledger${agencyCount}`, [`ledger${agencyCount}.example`]);
  const players = [await createTestPlayer(t.db, agency.id), await createTestPlayer(t.db, agency.id)];
  return { agencyId: agency.id, players };
}

const tx = <T>(fn: (trx: LedgerTrx) => Promise<T>, db: Database = t.db) => db.transaction().execute(fn);

/** Rejects with the AppError code of a refused call, or resolves with what it returned. */
async function outcome<T>(call: Promise<T>): Promise<{ ok: T } | { code: string }> {
  try {
    return { ok: await call };
  } catch (error) {
    if (error instanceof AppError) return { code: error.code };
    throw error;
  }
}

describe('the ledger under any sequence of transfers (fast-check, real PostgreSQL)', () => {
  type Operation =
    | { type: 'post'; moves: { from: number; to: number; amount: bigint }[] }
    | { type: 'begin'; from: number; to: number; amount: bigint }
    | { type: 'settle'; pending: number; post: boolean }
    | { type: 'replay'; of: number };

  // THB accounts: indexes 0-4 must stay >= 0, 5-6 may go negative.
  const accountsFor = (playerIds: string[]): AccountRef[] => [
    { kind: 'player_credit', playerId: playerIds[0], provider: 'askmebet' },
    { kind: 'player_credit', playerId: playerIds[1], provider: 'askmebet' },
    { kind: 'player_credit', playerId: playerIds[0], provider: 'betflix' },
    { kind: 'owed_to_player', playerId: playerIds[0], currency: 'THB' },
    { kind: 'bonus_pool', currency: 'THB' },
    { kind: 'capital', currency: 'THB' },
    { kind: 'game_result', provider: 'askmebet' },
  ];
  const index = fc.integer({ min: 0, max: 6 });
  const amount = fc.bigInt({ min: 1n, max: 5_000n });
  const operation: fc.Arbitrary<Operation> = fc.oneof(
    {
      arbitrary: fc.record({
        type: fc.constant('post' as const),
        moves: fc.array(fc.record({ from: index, to: index, amount }), { minLength: 1, maxLength: 3 }),
      }),
      weight: 4,
    },
    { arbitrary: fc.record({ type: fc.constant('begin' as const), from: index, to: index, amount }), weight: 2 },
    { arbitrary: fc.record({ type: fc.constant('settle' as const), pending: fc.nat(), post: fc.boolean() }), weight: 2 },
    { arbitrary: fc.record({ type: fc.constant('replay' as const), of: fc.nat() }), weight: 1 },
  );

  it('keeps every transfer summing to zero, no guarded balance negative, and balances equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const { agencyId, players } = await newAgency();
        const accounts = accountsFor(players.map((p) => p.id));
        const via: AccountRef = { kind: 'provider_transit', playerId: players[0].id, provider: 'askmebet' };
        const model = new Map<string, bigint>(accounts.concat(via).map((a) => [accountLabel(a), 0n]));
        const guarded = (a: AccountRef) => !ACCOUNT_KINDS[a.kind].mayGoNegative;
        const apply = (changes: [AccountRef, bigint][]) => {
          const net = new Map<string, { account: AccountRef; amount: bigint }>();
          for (const [account, change] of changes) {
            const key = accountLabel(account);
            net.set(key, { account, amount: (net.get(key)?.amount ?? 0n) + change });
          }
          const fits = [...net.values()].every(
            ({ account, amount: change }) => !guarded(account) || model.get(accountLabel(account))! + change >= 0n,
          );
          if (fits) for (const [key, { amount: change }] of net) model.set(key, model.get(key)! + change);
          return fits;
        };
        const sent: { key: string; run: () => Promise<unknown> }[] = [];
        const pending: LedgerTransfer[] = [];

        for (const [step, op] of operations.entries()) {
          const key = `op-${step}`;
          if (op.type === 'post') {
            const moves = op.moves.filter((m) => m.from !== m.to);
            if (moves.length === 0) continue;
            const entries = moves.flatMap((m) => [
              { account: accounts[m.from], amount: -m.amount },
              { account: accounts[m.to], amount: m.amount },
            ]);
            const run = () => tx((trx) => postTransfer(trx, { agencyId, key, kind: 'TEST_MOVE', entries }));
            const fits = apply(entries.map((e) => [e.account, e.amount]));
            const result = await outcome(run());
            expect('ok' in result).toBe(fits);
            if (!fits) expect(result).toEqual({ code: expect.stringMatching(/^INSUFFICIENT_(CREDIT|FUNDS)$/) });
            if ('ok' in result) sent.push({ key, run });
          } else if (op.type === 'begin') {
            if (op.from === op.to) continue;
            const request = { agencyId, key, kind: 'TEST_HOLD', from: accounts[op.from], via, to: accounts[op.to], amount: op.amount };
            const run = () => tx((trx) => beginPendingTransfer(trx, request));
            const fits = apply([
              [request.from, -op.amount],
              [via, op.amount],
            ]);
            const result = await outcome(run());
            expect('ok' in result).toBe(fits);
            if ('ok' in result) {
              expect(result.ok.transfer.status).toBe('PENDING');
              pending.push(result.ok.transfer);
              sent.push({ key, run });
            }
          } else if (op.type === 'settle') {
            if (pending.length === 0) continue;
            const [transfer] = pending.splice(op.pending % pending.length, 1);
            const request = operations[Number(transfer.key.slice('op-'.length))] as Extract<Operation, { type: 'begin' }>;
            const target = op.post ? accounts[request.to] : accounts[request.from];
            apply([
              [via, -transfer.pending!.amount],
              [target, transfer.pending!.amount],
            ]);
            const settled = await tx((trx) =>
              op.post ? postPendingTransfer(trx, agencyId, transfer.id) : voidPendingTransfer(trx, agencyId, transfer.id, 'TEST_VOID'),
            );
            expect(settled.transfer.status).toBe(op.post ? 'POSTED' : 'VOIDED');
          } else if (sent.length > 0) {
            const replayed = await outcome(sent[op.of % sent.length].run());
            expect(replayed).toEqual({ ok: expect.objectContaining({ replayed: true }) });
          }
        }

        expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
        for (const account of accounts.concat(via)) {
          expect(await balanceOf(t.db, agencyId, account)).toBe(model.get(accountLabel(account)));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('concurrency on one balance', () => {
  it('lets 50 concurrent transfers of 30 out of a balance of 1000 take only what exists', async () => {
    const { agencyId, players } = await newAgency();
    const credit: AccountRef = { kind: 'player_credit', playerId: players[0].id, provider: 'alphabet' };
    const capital: AccountRef = { kind: 'capital', currency: 'THB' };
    await tx((trx) =>
      postTransfer(trx, {
        agencyId,
        key: 'fund',
        kind: 'TEST_FUND',
        entries: [
          { account: capital, amount: -1000n },
          { account: credit, amount: 1000n },
        ],
      }),
    );

    const results = await racingOn(t, (racers) =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          outcome(
            tx(
              (trx) =>
                i % 2 === 0
                  ? postTransfer(trx, {
                      agencyId,
                      key: `take-${i}`,
                      kind: 'TEST_TAKE',
                      entries: [
                        { account: credit, amount: -30n },
                        { account: capital, amount: 30n },
                      ],
                    })
                  : beginPendingTransfer(trx, {
                      agencyId,
                      key: `take-${i}`,
                      kind: 'TEST_TAKE',
                      from: credit,
                      via: { kind: 'provider_transit', playerId: players[0].id, provider: 'alphabet' },
                      to: capital,
                      amount: 30n,
                    }),
              racers,
            ),
          ),
        ),
      ),
    );
    const succeeded = results.filter((r) => 'ok' in r).length;
    expect(succeeded).toBe(33);
    expect(results.filter((r) => 'code' in r)).toEqual(Array(17).fill({ code: 'INSUFFICIENT_CREDIT' }));
    expect(await balanceOf(t.db, agencyId, credit)).toBe(10n);
    expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
  });
});

describe('idempotency keys', () => {
  const capital: AccountRef = { kind: 'capital', currency: 'THB' };
  const pool: AccountRef = { kind: 'bonus_pool', currency: 'THB' };
  const fund = (agencyId: string, amount: bigint, refs: Record<string, string> = { reason: 'budget' }, db = t.db) =>
    tx(
      (trx) =>
        postTransfer(trx, {
          agencyId,
          key: 'budget-2026',
          kind: 'BONUS_BUDGET',
          entries: [
            { account: capital, amount: -amount },
            { account: pool, amount },
          ],
          refs,
        }),
      db,
    );

  it('returns the first transfer when the same request is replayed, and moves the money once', async () => {
    const { agencyId } = await newAgency();
    const first = await fund(agencyId, 500n);
    const again = await fund(agencyId, 500n);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ transfer: first.transfer, replayed: true });
    expect(await balanceOf(t.db, agencyId, pool)).toBe(500n);
    expect(await entriesOf(t.db, first.transfer.id)).toHaveLength(2);
  });

  it('creates one transfer when 10 replays race each other', async () => {
    const { agencyId } = await newAgency();
    const results = await racingOn(t, (racers) => Promise.all(Array.from({ length: 10 }, () => fund(agencyId, 700n, undefined, racers))));
    expect(new Set(results.map((r) => r.transfer.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(t.db, agencyId, pool)).toBe(700n);
  });

  it('answers 409 IDEMPOTENCY_CONFLICT when the key comes back with another amount or other refs, and moves nothing', async () => {
    const { agencyId } = await newAgency();
    await fund(agencyId, 500n);
    expect(await outcome(fund(agencyId, 501n))).toEqual({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await outcome(fund(agencyId, 500n, { reason: 'other' }))).toEqual({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await balanceOf(t.db, agencyId, pool)).toBe(500n);
  });

  it('scopes keys to the agency', async () => {
    const a = await newAgency();
    const b = await newAgency();
    const first = await fund(a.agencyId, 100n);
    const second = await fund(b.agencyId, 200n);
    expect(second.replayed).toBe(false);
    expect(second.transfer.id).not.toBe(first.transfer.id);
  });

  it('replays a pending transfer as it stands, and settles it only once', async () => {
    const { agencyId, players } = await newAgency();
    const credit: AccountRef = { kind: 'player_credit', playerId: players[0].id, provider: 'gclub' };
    const request = {
      agencyId,
      key: 'hold-1',
      kind: 'TEST_HOLD',
      from: capital,
      via: { kind: 'provider_transit', playerId: players[0].id, provider: 'gclub' } as AccountRef,
      to: credit,
      amount: 250n,
    };
    const begun = await tx((trx) => beginPendingTransfer(trx, request));
    expect((await tx((trx) => beginPendingTransfer(trx, request))).replayed).toBe(true);
    await tx((trx) => postPendingTransfer(trx, agencyId, begun.transfer.id));
    const twice = await tx((trx) => postPendingTransfer(trx, agencyId, begun.transfer.id));
    expect(twice.transfer.status).toBe('POSTED');
    expect(await balanceOf(t.db, agencyId, credit)).toBe(250n);
    await expect(tx((trx) => voidPendingTransfer(trx, agencyId, begun.transfer.id, 'LATE'))).rejects.toThrow(/POSTED/);
    expect((await tx((trx) => beginPendingTransfer(trx, request))).transfer.status).toBe('POSTED');
  });

  it("writes the caller's record with the posting in its one statement: both or neither, and never again", async () => {
    const { agencyId, players } = await newAgency();
    const credit: AccountRef = { kind: 'player_credit', playerId: players[0].id, provider: 'gclub' };
    const { transfer } = await beginPendingTransfer(t.db, {
      agencyId,
      key: 'hold-with',
      kind: 'TEST_HOLD',
      from: capital,
      via: { kind: 'provider_transit', playerId: players[0].id, provider: 'gclub' },
      to: credit,
      amount: 250n,
    });
    const nameOf = async () =>
      (await t.db.selectFrom('players').select('display_name').where('id', '=', players[1].id).executeTakeFirstOrThrow()).display_name;
    const recordAs = (name: string | null) => (settled: RawBuilder<unknown>) =>
      t.db
        .updateTable('players')
        .set({ display_name: name as string })
        .where('id', '=', players[1].id)
        .where(sql<boolean>`EXISTS (SELECT FROM ${settled})`);
    const before = await nameOf();

    await expect(postPendingTransfer(t.db, agencyId, transfer.id, recordAs(null))).rejects.toThrow(/null value/);
    expect((await findTransfer(t.db, agencyId, 'hold-with'))?.status).toBe('PENDING');
    expect(await balanceOf(t.db, agencyId, credit)).toBe(0n);
    expect(await nameOf()).toBe(before);

    const posted = await postPendingTransfer(t.db, agencyId, transfer.id, recordAs('posted'));
    expect(posted).toMatchObject({ settledNow: true, transfer: { status: 'POSTED' } });
    expect(await balanceOf(t.db, agencyId, credit)).toBe(250n);
    expect(await nameOf()).toBe('posted');

    const again = await postPendingTransfer(t.db, agencyId, transfer.id, recordAs('again'));
    expect(again).toMatchObject({ settledNow: false, transfer: { status: 'POSTED' } });
    expect(await nameOf()).toBe('posted');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('bad requests change nothing', () => {
  it('refuses unbalanced, zero, empty and malformed transfers with VALIDATION_ERROR', async () => {
    const { agencyId, players } = await newAgency();
    const credit: AccountRef = { kind: 'player_credit', playerId: players[0].id, provider: 'betflix' };
    const capital: AccountRef = { kind: 'capital', currency: 'THB' };
    const capitalLak: AccountRef = { kind: 'capital', currency: 'LAK' };
    const attempts = [
      {
        key: 'k1',
        kind: 'TEST',
        entries: [
          { account: capital, amount: -10n },
          { account: credit, amount: 9n },
        ],
      },
      {
        key: 'k2',
        kind: 'TEST',
        entries: [
          { account: capital, amount: 0n },
          { account: credit, amount: 0n },
        ],
      },
      { key: 'k3', kind: 'TEST', entries: [{ account: credit, amount: 10n }] },
      {
        key: 'k4',
        kind: 'TEST',
        entries: [
          { account: capitalLak, amount: -10n },
          { account: credit, amount: 10n },
        ],
      },
      {
        key: '',
        kind: 'TEST',
        entries: [
          { account: capital, amount: -10n },
          { account: credit, amount: 10n },
        ],
      },
      {
        key: 'k6',
        kind: 'not upper',
        entries: [
          { account: capital, amount: -10n },
          { account: credit, amount: 10n },
        ],
      },
      {
        key: 'k7',
        kind: 'TEST',
        entries: [
          { account: capital, amount: -10 as unknown as bigint },
          { account: credit, amount: 10 as unknown as bigint },
        ],
      },
    ];
    for (const attempt of attempts) {
      expect(await outcome(tx((trx) => postTransfer(trx, { agencyId, ...attempt })))).toEqual({ code: 'VALIDATION_ERROR' });
    }
    const pendingNegative = outcome(
      tx((trx) => beginPendingTransfer(trx, { agencyId, key: 'k8', kind: 'TEST', from: capital, via: credit, to: capital, amount: 5n })),
    );
    expect(await pendingNegative).toEqual({ code: 'VALIDATION_ERROR' });
    const count = await t.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('agency_id', '=', agencyId)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe('0');
  });

  it('names the short account of a transfer it refuses: INSUFFICIENT_FUNDS for the agency cash, INSUFFICIENT_CREDIT for a player', async () => {
    const { agencyId, players } = await newAgency();
    const cash: AccountRef = { kind: 'agency_cash', currency: 'LAK' };
    const capital: AccountRef = { kind: 'capital', currency: 'LAK' };
    const refused = await tx((trx) =>
      postTransfer(trx, {
        agencyId,
        key: 'short-cash',
        kind: 'TEST',
        entries: [
          { account: cash, amount: -100n },
          { account: capital, amount: 100n },
        ],
      }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Account agency_cash (LAK) does not hold enough' });
    const credit: AccountRef = { kind: 'player_credit', playerId: players[0].id, provider: 'askmebet' };
    const thbCapital: AccountRef = { kind: 'capital', currency: 'THB' };
    expect(
      await outcome(
        tx((trx) =>
          postTransfer(trx, {
            agencyId,
            key: 'short-credit',
            kind: 'TEST',
            entries: [
              { account: credit, amount: -1n },
              { account: thbCapital, amount: 1n },
            ],
          }),
        ),
      ),
    ).toEqual({ code: 'INSUFFICIENT_CREDIT' });
  });
});

describe('what PostgreSQL itself guarantees', () => {
  /** A TEST transfer of 5 from the agency's capital to `account`, in the account's currency. */
  const fromCapital = (agencyId: string, key: string, account: Extract<AccountRef, { currency: unknown }>) =>
    tx((trx) =>
      postTransfer(trx, {
        agencyId,
        key,
        kind: 'TEST',
        entries: [
          { account: { kind: 'capital', currency: account.currency }, amount: -5n },
          { account, amount: 5n },
        ],
      }),
    );

  it("vacuums the accounts' dead row versions after 2,000 of them, whatever the table's size", async () => {
    // Every payment updates the agency's cash and exchange rows (migration 0033).
    const { rows } = await sql<{ reloptions: string[] }>`SELECT reloptions FROM pg_class WHERE oid = 'ledger_accounts'::regclass`.execute(
      t.db,
    );
    expect(rows[0].reloptions).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=2000']));
  });

  it('refuses to update, delete or truncate ledger entries', async () => {
    const { agencyId } = await newAgency();
    const { transfer } = await fromCapital(agencyId, 'x', { kind: 'agency_cash', currency: 'LAK' });
    await expect(sql`UPDATE ledger_entries SET amount = amount * 2 WHERE transfer_id = ${transfer.id}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM ledger_entries WHERE transfer_id = ${transfer.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE ledger_entries CASCADE`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await entriesOf(t.db, transfer.id)).toHaveLength(2);
  });

  it('refuses a statement whose entries do not sum to zero for their transfer, even written by hand', async () => {
    const { agencyId } = await newAgency();
    const fund = async (key: string) => (await fromCapital(agencyId, key, { kind: 'agency_cash', currency: 'THB' })).transfer;
    const transfer = await fund('y');
    const [entry] = await t.db.selectFrom('ledger_entries').select(['account_id']).where('transfer_id', '=', transfer.id).execute();
    await expect(
      t.db
        .transaction()
        .execute((trx) =>
          trx
            .insertInto('ledger_entries')
            .values({ transfer_id: transfer.id, account_id: entry.account_id, agency_id: agencyId, amount: 1n, currency: 'THB' })
            .execute(),
        ),
    ).rejects.toThrow(/does not sum to zero/);
    // Two transfers' entries that cancel out together, in one statement, still leave each unbalanced.
    const other = await fund('y2');
    await expect(
      t.db
        .insertInto('ledger_entries')
        .values([
          { transfer_id: transfer.id, account_id: entry.account_id, agency_id: agencyId, amount: 1n, currency: 'THB' },
          { transfer_id: other.id, account_id: entry.account_id, agency_id: agencyId, amount: -1n, currency: 'THB' },
        ])
        .execute(),
    ).rejects.toThrow(/does not sum to zero/);
    expect(await entriesOf(t.db, transfer.id)).toHaveLength(2);
    expect(await entriesOf(t.db, other.id)).toHaveLength(2);
  });

  it("refuses an entry, even written by hand, in an account that is not its agency's in its currency, or in none", async () => {
    const { agencyId } = await newAgency();
    const other = await newAgency();
    const { transfer } = await fromCapital(agencyId, 'own', { kind: 'agency_cash', currency: 'THB' });
    const [capitalEntry, cashEntry] = await entriesOf(t.db, transfer.id);
    const { transfer: otherTransfer } = await fromCapital(other.agencyId, 'other', { kind: 'agency_cash', currency: 'THB' });
    const [, otherCash] = await entriesOf(t.db, otherTransfer.id);
    const { transfer: kipTransfer } = await fromCapital(agencyId, 'kip', { kind: 'agency_cash', currency: 'LAK' });
    const [, kipCash] = await entriesOf(t.db, kipTransfer.id);
    // Balanced for the transfer, so only the account is wrong.
    const writeInto = (accountId: string, currency: string) =>
      t.db
        .insertInto('ledger_entries')
        .values([
          { transfer_id: transfer.id, account_id: capitalEntry.accountId, agency_id: agencyId, amount: -1n, currency: 'THB' },
          { transfer_id: transfer.id, account_id: accountId, agency_id: agencyId, amount: 1n, currency },
        ])
        .execute();
    const refusal = (accountId: string, currency: string) =>
      new RegExp(`ledger transfer ${transfer.id} has an entry in ${accountId}, which is no ${currency} account of its agency`);
    await expect(writeInto(otherCash.accountId, 'THB')).rejects.toThrow(refusal(otherCash.accountId, 'THB'));
    await expect(writeInto(kipCash.accountId, 'THB')).rejects.toThrow(refusal(kipCash.accountId, 'THB'));
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(writeInto(unknown, 'THB')).rejects.toThrow(refusal(unknown, 'THB'));
    expect(await entriesOf(t.db, transfer.id)).toEqual([capitalEntry, cashEntry]);
  });

  it("refuses a pending transfer held in another agency's account, and keeps accounts and a transfer's accounts for good", async () => {
    const { agencyId, players } = await newAgency();
    const other = await newAgency();
    const request = {
      agencyId,
      key: 'held',
      kind: 'TEST_HOLD',
      from: { kind: 'capital', currency: 'THB' } as AccountRef,
      via: { kind: 'provider_transit', playerId: players[0].id, provider: 'gclub' } as AccountRef,
      to: { kind: 'player_credit', playerId: players[0].id, provider: 'gclub' } as AccountRef,
      amount: 5n,
    };
    const { transfer } = await tx((trx) => beginPendingTransfer(trx, request));
    const { transfer: otherTransfer } = await fromCapital(other.agencyId, 'other', { kind: 'agency_cash', currency: 'THB' });
    const [, otherCash] = await entriesOf(t.db, otherTransfer.id);
    const pending = await t.db.selectFrom('ledger_transfers').selectAll().where('id', '=', transfer.id).executeTakeFirstOrThrow();
    const { id: _id, created_at: _created, ...copy } = pending;
    await expect(
      t.db
        .insertInto('ledger_transfers')
        .values({ ...copy, refs: JSON.stringify(copy.refs), idempotency_key: 'held-elsewhere', pending_to: otherCash.accountId })
        .execute(),
    ).rejects.toThrow(/ledger transfer [0-9a-f-]+ holds its amount in [0-9a-f-]+, which is no account of its agency/);
    await expect(
      sql`UPDATE ledger_transfers SET pending_to = ${otherCash.accountId} WHERE id = ${transfer.id}`.execute(t.db),
    ).rejects.toThrow(/a ledger transfer's agency and accounts never change/);
    await expect(sql`DELETE FROM ledger_accounts WHERE id = ${pending.pending_to}`.execute(t.db)).rejects.toThrow(/kept for good/);
    await expect(sql`TRUNCATE ledger_accounts CASCADE`.execute(t.db)).rejects.toThrow(/kept for good/);
    await expect(
      sql`UPDATE ledger_accounts SET agency_id = ${other.agencyId} WHERE id = ${pending.pending_to}`.execute(t.db),
    ).rejects.toThrow(/kept for good/);
    await expect(sql`UPDATE ledger_accounts SET currency = 'LAK' WHERE id = ${pending.pending_to}`.execute(t.db)).rejects.toThrow(
      /kept for good/,
    );
    expect(await t.db.selectFrom('ledger_transfers').selectAll().where('id', '=', transfer.id).executeTakeFirstOrThrow()).toEqual(pending);
    expect(await t.db.selectFrom('ledger_transfers').where('idempotency_key', '=', 'held-elsewhere').execute()).toEqual([]);
    expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
  });

  it('writes each transfer of a shape through the same prepared statement', async () => {
    const { agencyId, players } = await newAgency();
    const post = (key: string, playerId: string) => fromCapital(agencyId, key, { kind: 'owed_to_player', playerId, currency: 'THB' });
    const named = async (work: () => Promise<unknown>) =>
      (await recordStatements(work)).filter(({ text }) => /^\/\* prepared \*\/\s*WITH transfer AS/.test(text)).map(({ name }) => name);
    const first = await named(() => post('prepared-1', players[0].id));
    const second = await named(() => post('prepared-2', players[1].id));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^p[0-9a-f]{24}$/);
    expect(second).toEqual(first);
  });

  it('refuses a negative balance on a guarded account even without the ledger code', async () => {
    const { agencyId, players } = await newAgency();
    await fromCapital(agencyId, 'z', { kind: 'owed_to_player', playerId: players[0].id, currency: 'THB' });
    await expect(
      sql`UPDATE ledger_accounts SET balance = -1 WHERE agency_id = ${agencyId} AND kind = 'owed_to_player'`.execute(t.db),
    ).rejects.toThrow(/ledger_accounts_balance_check/);
  });
});
