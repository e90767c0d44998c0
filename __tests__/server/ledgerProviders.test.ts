import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { balanceOf, postTransfer, type AccountRef } from '../../server/domain/ledger';
import {
  ensureMember,
  readCredit,
  sendCreditToProvider,
  takeCreditFromProvider,
  type WalletDeps,
} from '../../server/domain/providerWallets';
import { reconcilePendingTransfers, startReconciler, type ReconcileReport } from '../../server/domain/reconciler';
import { AppError } from '../../server/domain/errors';
import type { Provider } from '../../contract/providers';

// Calls time out after 1.5 s here; faults delay by 0.6 s (the call still answers in time) or 2.5 s (it does not).
const TIMEOUT_MS = 1500;
let t: TestApp;
let deps: WalletDeps;
let agencyId: string;
const capital: AccountRef = { kind: 'capital', currency: 'THB' };

beforeAll(async () => {
  t = await buildTestApp({ providerTimeoutMs: TIMEOUT_MS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  deps = { db: t.db, providers: t.app.providers };
  agencyId = (await createTestAgency(t, 'wallets', ['wallets.example'])).id;
});
afterEach(async () => {
  for (const provider of ['askmebet', 'betflix', 'alphabet', 'gclub', 'gclub_live'])
    await t.app.inject({ method: 'DELETE', url: `/sandbox/providers/${provider}/faults` });
});
afterAll(() => t.close());

async function newPlayer(provider: Provider) {
  const player = await createTestPlayer(t.db, agencyId);
  const who = { agencyId, playerId: player.id, provider };
  return { who, member: await ensureMember(deps, who) };
}

async function fault(provider: Provider, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/sandbox/providers/${provider}/faults`, payload: body });
  expect(res.statusCode).toBe(204);
}

async function providerWallet(provider: Provider, member: string): Promise<bigint> {
  const row = await t.db
    .selectFrom('sandbox_provider_wallets')
    .select('balance')
    .where('provider', '=', provider)
    .where('member', '=', member)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

const mirror = (who: { playerId: string; provider: Provider }) =>
  balanceOf(t.db, agencyId, { kind: 'player_credit', playerId: who.playerId, provider: who.provider });
const transit = (who: { playerId: string; provider: Provider }) =>
  balanceOf(t.db, agencyId, { kind: 'provider_transit', playerId: who.playerId, provider: who.provider });

async function until(condition: () => Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Plays one spin at the sandbox slot with reels fixed in advance. */
async function playRigged(provider: Provider, member: string, reels: string[], stake = '10.00') {
  const rig = await t.app.inject({
    method: 'PUT',
    url: `/sandbox/providers/${provider}/members/${member}/rigged-spins`,
    payload: { reels: [reels] },
  });
  expect(rig.statusCode).toBe(204);
  const launch = await t.app.inject({ method: 'POST', url: `/sandbox/providers/${provider}/launch`, payload: { member } });
  const games = (await t.app.inject(`/sandbox/providers/${provider}/games`)).json();
  const spin = await t.app.inject({ method: 'POST', url: `${launch.json().url}/spins`, payload: { stake, game: games.games[0].code } });
  expect(spin.statusCode).toBe(200);
  return spin.json();
}

describe('crediting a player at a provider through the ledger', () => {
  it('records the transfer, credits the provider wallet exactly once, and replays by key', async () => {
    const { who, member } = await newPlayer('askmebet');
    const request = { ...who, amount: 150_00n, key: 'deposit-D1', from: capital, refs: { deposit: 'D1' } };
    const first = await sendCreditToProvider(deps, request);
    expect(first).toMatchObject({ status: 'POSTED', replayed: false, failureCode: null, settledNow: true });
    const again = await sendCreditToProvider(deps, request);
    expect(again).toEqual({ ...first, replayed: true, settledNow: false });
    expect(await providerWallet('askmebet', member)).toBe(150_00n);
    expect(await mirror(who)).toBe(150_00n);
    expect(await transit(who)).toBe(0n);
    await expect(sendCreditToProvider(deps, { ...request, amount: 151_00n })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    await expect(sendCreditToProvider(deps, { ...request, key: 'zero', amount: 0n })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(sendCreditToProvider(deps, { ...request, key: 'negative', amount: -5n })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(await providerWallet('askmebet', member)).toBe(150_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('takes credit out, including what the player won at the slot, and refuses more than there is', async () => {
    const { who, member } = await newPlayer('alphabet');
    await sendCreditToProvider(deps, { ...who, amount: 100_00n, key: 'in-1', from: capital });
    const win = await playRigged('alphabet', member, ['SEVEN', 'SEVEN', 'SEVEN']);
    expect(win).toMatchObject({ stake: '10.00', payout: '1000.00', balance: '1090.00' });
    const clearing: AccountRef = { kind: 'payout_clearing', currency: 'THB' };
    const out = await takeCreditFromProvider(deps, { ...who, amount: 1000_00n, key: 'out-1', to: clearing });
    expect(out.status).toBe('POSTED');
    expect(await providerWallet('alphabet', member)).toBe(90_00n);
    expect(await mirror(who)).toBe(90_00n);
    await expect(takeCreditFromProvider(deps, { ...who, amount: 90_01n, key: 'out-2', to: clearing })).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDIT',
    });
    expect(await providerWallet('alphabet', member)).toBe(90_00n);
    // The win is on the house's game result account: every transfer still sums to zero.
    expect(await balanceOf(t.db, agencyId, { kind: 'game_result', provider: 'alphabet' })).toBe(-990_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('voids the transfer and gives the credit back when the provider refuses it (the player lost it meanwhile)', async () => {
    const { who, member } = await newPlayer('betflix');
    await sendCreditToProvider(deps, { ...who, amount: 10_00n, key: 'in-before-loss', from: capital });
    await fault('betflix', { mode: 'delay', calls: 1, delayMs: 600, operations: ['transfer'] });
    const taking = takeCreditFromProvider(deps, {
      ...who,
      amount: 10_00n,
      key: 'out-after-loss',
      to: { kind: 'payout_clearing', currency: 'THB' },
    });
    await until(async () =>
      Boolean(
        await t.db
          .selectFrom('ledger_transfers')
          .select('id')
          .where('idempotency_key', '=', 'out-after-loss')
          .where('agency_id', '=', agencyId)
          .executeTakeFirst(),
      ),
    );
    await playRigged('betflix', member, ['SEVEN', 'STAR', 'HEART'], '1.00');
    const out = await taking;
    expect(out).toMatchObject({ status: 'VOIDED', failureCode: 'INSUFFICIENT_BALANCE' });
    expect(await providerWallet('betflix', member)).toBe(9_00n);
    expect(await mirror(who)).toBe(10_00n);
    expect(await readCredit(deps, who)).toBe(9_00n);
    expect(await mirror(who)).toBe(9_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('reports a provider that is down before anything is recorded', async () => {
    const { who } = await newPlayer('gclub');
    await fault('gclub', { mode: 'error', share: 1, operations: ['balance'] });
    const error = await takeCreditFromProvider(deps, { ...who, amount: 1n, key: 'down', to: capital }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', statusCode: 503 });
    expect(await t.db.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', 'down').executeTakeFirst()).toBeUndefined();
  });
});

describe('the reconciler settles transfers whose provider call timed out', () => {
  it('posts a transfer the provider did after the call timed out', async () => {
    const { who, member } = await newPlayer('askmebet');
    await fault('askmebet', { mode: 'delay', calls: 1, delayMs: 2500, operations: ['transfer'] });
    const sent = await sendCreditToProvider(deps, { ...who, amount: 70_00n, key: 'late-done', from: capital });
    expect(sent.status).toBe('PENDING');
    expect(await transit(who)).toBe(70_00n);
    expect(await mirror(who)).toBe(0n);
    // The provider gets to it after the caller gave up.
    await until(async () => (await providerWallet('askmebet', member)) === 70_00n);
    // While it is pending, reading the credit does not mistake it for a win.
    expect(await readCredit(deps, who)).toBe(70_00n);
    expect(await mirror(who)).toBe(0n);

    const report = await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    expect(report).toMatchObject({ posted: 1, voided: 0, unresolved: 0 });
    const row = await t.db.selectFrom('ledger_transfers').select(['status']).where('id', '=', sent.transferId).executeTakeFirstOrThrow();
    expect(row.status).toBe('POSTED');
    expect(await mirror(who)).toBe(70_00n);
    expect(await transit(who)).toBe(0n);
    expect(await providerWallet('askmebet', member)).toBe(70_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('voids a transfer the provider never did, and the money goes back', async () => {
    const { who, member } = await newPlayer('gclub_live');
    const owed: AccountRef = { kind: 'owed_to_player', playerId: who.playerId, currency: 'THB' };
    await t.db.transaction().execute((trx) =>
      postTransfer(trx, {
        agencyId,
        key: `owed-${who.playerId}`,
        kind: 'TEST_OWED',
        entries: [
          { account: capital, amount: -40_00n },
          { account: owed, amount: 40_00n },
        ],
      }),
    );
    await fault('gclub_live', { mode: 'hang', calls: 1, delayMs: 2500, operations: ['transfer'] });
    const sent = await sendCreditToProvider(deps, { ...who, amount: 40_00n, key: 'late-never', from: owed });
    expect(sent.status).toBe('PENDING');
    expect(await balanceOf(t.db, agencyId, owed)).toBe(0n);

    const report = await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    expect(report).toMatchObject({ posted: 0, voided: 1 });
    const row = await t.db
      .selectFrom('ledger_transfers')
      .select(['status', 'failure_code'])
      .where('id', '=', sent.transferId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'VOIDED', failure_code: 'NOT_RECEIVED' });
    expect(await balanceOf(t.db, agencyId, owed)).toBe(40_00n);
    expect(await mirror(who)).toBe(0n);
    expect(await providerWallet('gclub_live', member)).toBe(0n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('keeps exactly once when the call lands after the reconciler found nothing: the ref is closed', async () => {
    const { who, member } = await newPlayer('alphabet');
    await fault('alphabet', { mode: 'delay', calls: 1, delayMs: 2500, operations: ['transfer'] });
    const sent = await sendCreditToProvider(deps, { ...who, amount: 5_00n, key: 'race', from: capital });
    expect(sent.status).toBe('PENDING');
    const report = await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    expect(report.voided).toBe(1);
    // A request with that ref that reaches the provider from now on is refused; the wallet never moves.
    const late = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/alphabet/transfers',
      payload: { ref: sent.ref, member, direction: 'IN', amount: '5.00' },
    });
    expect(late.json()).toMatchObject({ code: 'REF_CLOSED' });
    expect(await providerWallet('alphabet', member)).toBe(0n);
    expect(await mirror(who)).toBe(0n);
  });

  it('repeats a call that got a 5xx, and a transfer still refused after every try stays pending while the provider cannot be asked', async () => {
    const { who } = await newPlayer('betflix');
    // One 5xx is a blip: the repeat (same ref) goes through.
    await fault('betflix', { mode: 'error', calls: 1, operations: ['transfer'] });
    expect((await sendCreditToProvider(deps, { ...who, amount: 2_00n, key: 'after-a-blip', from: capital })).status).toBe('POSTED');
    expect(await mirror(who)).toBe(2_00n);

    // A 5xx on every try (3 by default) is an unknown outcome.
    await fault('betflix', { mode: 'error', calls: 3, operations: ['transfer'] });
    const sent = await sendCreditToProvider(deps, { ...who, amount: 3_00n, key: 'five-hundred', from: capital });
    expect(sent.status).toBe('PENDING');
    expect(await reconcilePendingTransfers(deps, { olderThanMs: 60_000 })).toMatchObject({ checked: 0 });
    await fault('betflix', { mode: 'error', calls: 3, operations: ['transferStatus'] });
    expect(await reconcilePendingTransfers(deps, { olderThanMs: 0 })).toMatchObject({ checked: 1, unresolved: 1 });
    expect(await reconcilePendingTransfers(deps, { olderThanMs: 0 })).toMatchObject({ checked: 1, voided: 1 });
  });

  it('runs on a timer in the server process until stopped', async () => {
    const { who, member } = await newPlayer('gclub');
    await fault('gclub', { mode: 'hang', calls: 1, delayMs: 2500, operations: ['transfer'] });
    const sent = await sendCreditToProvider(deps, { ...who, amount: 8_00n, key: 'timer', from: capital });
    expect(sent.status).toBe('PENDING');
    const reports: ReconcileReport[] = [];
    const reconciler = startReconciler(deps, { intervalMs: 20, olderThanMs: 0, onReport: (report) => reports.push(report) });
    await until(async () => reports.some((report) => report.voided > 0));
    await reconciler.stop();
    const row = await t.db.selectFrom('ledger_transfers').select('status').where('id', '=', sent.transferId).executeTakeFirstOrThrow();
    expect(row.status).toBe('VOIDED');
    expect(await providerWallet('gclub', member)).toBe(0n);
  });
});

describe('the sandbox provider', () => {
  it('creates a member with an empty wallet once, and answers a second creation as done before', async () => {
    const create = () => t.app.inject({ method: 'POST', url: '/sandbox/providers/gclub/members', payload: { member: 'sandboxonce1' } });
    const first = await create();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ member: 'sandboxonce1', created: true });
    const second = await create();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ member: 'sandboxonce1', created: false });
    expect(await providerWallet('gclub', 'sandboxonce1')).toBe(0n);
  });

  it('runs a ref exactly once and refuses a ref reused for another amount', async () => {
    const { member } = await newPlayer('askmebet');
    const send = (amount: string, ref = 'sandbox-ref-1', direction = 'IN') =>
      t.app.inject({ method: 'POST', url: '/sandbox/providers/askmebet/transfers', payload: { ref, member, direction, amount } });
    expect((await send('20.00')).json()).toMatchObject({ status: 'SUCCESS', balance: '20.00' });
    expect((await send('20.00')).json()).toMatchObject({ status: 'SUCCESS', balance: '20.00' });
    const conflict = await send('21.00');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'REF_CONFLICT' });
    const overdraw = await send('20.01', 'sandbox-ref-2', 'OUT');
    expect(overdraw.statusCode).toBe(422);
    expect(overdraw.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await send('50.00', 'sandbox-ref-3');
    // A refused ref stays refused, even once the wallet could cover it.
    expect((await send('20.01', 'sandbox-ref-2', 'OUT')).json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await providerWallet('askmebet', member)).toBe(70_00n);
    for (const amount of ['-1.00', '1.234', 'abc', '0x10']) expect((await send(amount, `bad-${amount}`)).statusCode).toBe(400);
    expect((await send('0', 'zero')).statusCode).toBe(400);
  });

  it('counts each bet as turnover and fails the next N calls or a share of calls on request', async () => {
    const { member } = await newPlayer('alphabet');
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/alphabet/transfers',
      payload: { ref: `fund-${member}`, member, direction: 'IN', amount: '100.00' },
    });
    await playRigged('alphabet', member, ['CLUB', 'STAR', 'HEART'], '10.00');
    await playRigged('alphabet', member, ['CLUB', 'CLUB', 'HEART'], '5.00');
    expect(await t.app.providers.turnover('alphabet', member)).toEqual({ turnover: 15_00n, bets: 2 });
    expect(await providerWallet('alphabet', member)).toBe(90_50n);

    // Four failing calls: the client's first read tries three times and gives up, the second gets an answer on its second try.
    await fault('alphabet', { mode: 'error', calls: 4, operations: ['balance'] });
    await expect(t.app.providers.balance('alphabet', member)).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    expect(await t.app.providers.balance('alphabet', member)).toBe(90_50n);
    await expect(t.app.providers.balance('alphabet', member)).resolves.toBe(90_50n);
    await fault('alphabet', { mode: 'error', share: 1 });
    await expect(t.app.providers.games('alphabet')).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    await fault('alphabet', { mode: 'error', share: 0 });
    const badFault = await t.app.inject({ method: 'POST', url: '/sandbox/providers/alphabet/faults', payload: { mode: 'explode' } });
    expect(badFault.statusCode).toBe(400);
  });
});
