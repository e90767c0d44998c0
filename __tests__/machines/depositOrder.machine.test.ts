/**
 * @jest-environment jest-fixed-jsdom
 */
import '@testing-library/jest-dom';
import nock from 'nock';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise, type AnyEventObject, type StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { depositOrderMachine, pollDelayMs, type DepositOrderEvent } from '../../machines/depositOrder.machine';
import { depositStageOf } from '../../src/features/deposit/useDepositOrder';
import type { DepositOrder, DepositStatus } from '../../contract/deposits';
import { API, renderApp } from '../support/renderApp';
import { serveLoggedInPlayer } from '../support/playerSite';

jest.setTimeout(60_000);

const CODE = 'D250601MODELTST';
function orderWith(status: DepositStatus, expiresInMs = 15 * 60_000): DepositOrder {
  const now = Date.now();
  return {
    code: CODE,
    provider: 'askmebet',
    amount: '100000',
    credit: '156.25',
    rate: '640',
    status,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + expiresInMs).toISOString(),
    paidAt: status === 'PAID' || status === 'SUCCESS' ? new Date(now).toISOString() : null,
    promoCredit: null,
    creditedTotal: null,
  };
}

// The outcomes of the page's calls enter the model as the machine's own done and error events.
const done = (actor: string, status: DepositStatus) => ({ type: `xstate.done.actor.${actor}`, output: orderWith(status) });
const failed = (actor: string, code: string) => ({ type: `xstate.error.actor.${actor}`, error: { code } });

const EVENTS = [
  { type: 'order.create', request: { provider: 'askmebet', amount: '100000' } },
  { type: 'order.resume', order: orderWith('OPEN') },
  done('createOrder', 'OPEN'),
  failed('createOrder', 'DEPOSIT_AMOUNT_OUT_OF_RANGE'),
  { type: 'order.check' },
  done('checkOrder', 'SUCCESS'),
  done('checkOrder', 'PAID'),
  done('checkOrder', 'FAILED'),
  failed('checkOrder', 'DEPOSIT_NOT_PAID'),
  { type: 'order.cancel' },
  { type: 'order.dismissCancel' },
  { type: 'order.confirmCancel' },
  done('cancelOrder', 'CANCELED'),
  { type: 'order.expire' },
  { type: 'order.new' },
  // The page reads the order by itself while it waits on the bank or the provider.
  { type: 'xstate.after.pollDelay.depositOrder.open.waiting' },
  { type: 'xstate.after.pollDelay.depositOrder.paid.waiting' },
  done('pollOrder', 'OPEN'),
  done('pollOrder', 'PAID'),
  done('pollOrder', 'SUCCESS'),
  failed('pollOrder', 'INTERNAL'),
  { type: 'page.hidden' },
  { type: 'page.visible' },
] as unknown as DepositOrderEvent[];

/** A state value as a dotted path: "open.paused". */
const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, child]) => `${key}.${pathOf(child!)}`)[0];

const paths = getShortestPaths(depositOrderMachine, {
  events: EVENTS,
  serializeState: (state) =>
    JSON.stringify([state.value, state.context.errorCode, state.context.order?.status ?? null, state.context.pageHidden]),
});

const describePath = (path: (typeof paths)[number]) =>
  path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || 'start';

describe('the depositOrder machine', () => {
  it('reaches every state of the lifecycle', () => {
    const reached = new Set(paths.map((path) => pathOf(path.state.value)));
    for (const state of [
      'idle',
      'open.waiting',
      'open.polling',
      'open.paused',
      'confirmingCancel',
      'paid.waiting',
      'paid.polling',
      'paid.paused',
      'success',
      'canceled',
      'expired',
      'failed',
    ])
      expect(reached).toContain(state);
  });

  it('notices the payment by reading the order, and moves to success with no click', () => {
    const withoutClicks = getShortestPaths(depositOrderMachine, {
      events: EVENTS.filter((event) => !event.type.includes('heck')),
      serializeState: (state) => JSON.stringify([state.value, state.context.order?.status ?? null]),
    });
    const noticed = withoutClicks.find((path) => path.state.value === 'success');
    expect(noticed && describePath(noticed)).toBe('init → order.resume → after.pollDelay.depositOrder.open.waiting → done.actor.pollOrder');
  });

  it('keeps the not-paid answer for the page and forgets the order on NEW', () => {
    const actor = createActor(depositOrderMachine).start();
    actor.send({ type: 'order.resume', order: orderWith('OPEN') });
    actor.send({ type: 'order.check' });
    actor.send(failed('checkOrder', 'DEPOSIT_NOT_PAID') as unknown as DepositOrderEvent);
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'DEPOSIT_NOT_PAID', order: { status: 'OPEN' } });
    actor.send({ type: 'order.expire' });
    actor.send({ type: 'order.new' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ order: null, errorCode: null });
  });
});

describe('reading the order while it waits', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function pollingActor(answers: DepositStatus[]) {
    const reads: number[] = [];
    const actor = createActor(
      depositOrderMachine.provide({
        actors: {
          pollOrder: fromPromise<DepositOrder, string>(async () => {
            reads.push(Date.now());
            return orderWith(answers.shift() ?? 'OPEN');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'order.resume', order: orderWith('OPEN') });
    return { actor, reads };
  }

  it('waits 2 s, then longer after each unchanged answer, never more than 4 s', async () => {
    expect([0, 1, 2, 3, 4, 10].map(pollDelayMs)).toEqual([2000, 2500, 3125, 3906, 4000, 4000]);
    const start = Date.now();
    const { actor, reads } = pollingActor([]);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(reads.map((at) => at - start)).toEqual([2000, 4500, 7625, 11531, 15531, 19531]);
    expect(actor.getSnapshot().matches('open')).toBe(true);
    actor.stop();
  });

  it('moves to success on the read that sees the payment, and reads no more', async () => {
    const { actor, reads } = pollingActor(['OPEN', 'SUCCESS']);
    await jest.advanceTimersByTimeAsync(4500);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.order?.status).toBe('SUCCESS');
    await jest.advanceTimersByTimeAsync(20_000);
    expect(reads).toHaveLength(2);
    actor.stop();
  });

  it('keeps reading a paid order until the provider has the credit', async () => {
    const { actor, reads } = pollingActor(['PAID', 'PAID', 'SUCCESS']);
    await jest.advanceTimersByTimeAsync(2000);
    expect(depositStageOf(actor.getSnapshot().value)).toBe('paid');
    await jest.advanceTimersByTimeAsync(4500);
    expect(actor.getSnapshot().value).toBe('success');
    expect(reads).toHaveLength(3);
    actor.stop();
  });

  it('does not read while the tab is hidden, and reads at once when it is shown again', async () => {
    const { actor, reads } = pollingActor(['SUCCESS']);
    actor.send({ type: 'page.hidden' });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(reads).toHaveLength(0);
    expect(actor.getSnapshot().value).toEqual({ open: 'paused' });
    actor.send({ type: 'page.visible' });
    await jest.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('success');
    actor.stop();
  });

  it('keeps the page quiet when a read fails, and tries again later', async () => {
    const reads: number[] = [];
    const actor = createActor(
      depositOrderMachine.provide({
        actors: {
          pollOrder: fromPromise<DepositOrder, string>(() => {
            reads.push(Date.now());
            return Promise.reject(Object.assign(new Error('down'), { code: 'INTERNAL' }));
          }),
        },
      }),
    ).start();
    actor.send({ type: 'order.resume', order: orderWith('OPEN') });
    await jest.advanceTimersByTimeAsync(5000);
    expect(reads).toHaveLength(2);
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    actor.stop();
  });
});

/** What the page shows in each state the player can see (busy states last only as long as a call). */
async function expectPage(value: string, errorCode: string | null) {
  if (['creating', 'checking', 'cancelling', 'settling'].includes(value)) return;
  // Generous: the page is a lazy chunk compiled on first use, and the machine may be busy.
  await waitFor(() => pageShows(value, errorCode), { timeout: 15_000 });
}

function pageShows(value: string, errorCode: string | null) {
  expect(screen.getByTestId('deposit')).toHaveAttribute('data-state', value);
  switch (value) {
    case 'idle':
      expect(screen.getByRole('form', { name: 'ຝາກເງິນ' })).toBeInTheDocument();
      if (errorCode) expect(screen.getByRole('alert')).toHaveTextContent('ຈຳນວນເງິນຢູ່ນອກຂອບເຂດທີ່ອະນຸຍາດ');
      break;
    case 'open':
      expect(screen.getByRole('button', { name: 'ກວດສອບການຊຳລະ' })).toBeEnabled();
      expect(screen.getByTestId('deposit-code')).toHaveTextContent(CODE);
      if (errorCode) expect(screen.getByRole('alert')).toHaveTextContent('ຍັງບໍ່ໄດ້ຮັບການຊຳລະ ກະລຸນາສະແກນ QR ເພື່ອຊຳລະເງິນ');
      break;
    case 'confirmingCancel':
      expect(screen.getByRole('dialog', { name: 'ຍົກເລີກລາຍການຝາກ?' })).toHaveTextContent(
        'ຖ້າທ່ານຊຳລະເງິນແລ້ວ ກະລຸນາກົດ "ກວດສອບການຊຳລະ" ກ່ອນ. ຖ້າຍົກເລີກຫຼັງຈາກຊຳລະແລ້ວ ທ່ານຕ້ອງຕິດຕໍ່ພະນັກງານ.',
      );
      break;
    case 'paid':
      expect(within(screen.getByTestId('deposit')).getByRole('status')).toHaveTextContent('ໄດ້ຮັບເງິນແລ້ວ');
      break;
    case 'success':
      expect(within(screen.getByTestId('deposit')).getByRole('status')).toHaveTextContent('ຝາກເງິນສຳເລັດ ເຄຣດິດ 156,25 ບາດ ເຂົ້າ AskMeBet ແລ້ວ');
      break;
    case 'canceled':
      expect(within(screen.getByTestId('deposit')).getByRole('status')).toHaveTextContent('ລາຍການຝາກຖືກຍົກເລີກແລ້ວ');
      break;
    case 'expired':
      expect(within(screen.getByTestId('deposit')).getByRole('status')).toHaveTextContent('QR ໝົດອາຍຸແລ້ວ');
      break;
    case 'failed':
      expect(within(screen.getByTestId('deposit')).getByRole('status')).toHaveTextContent('ບໍ່ສາມາດຝາກເງິນໄດ້ ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ');
      break;
    default:
      throw new Error(`no page check for state ${value}`);
  }
}

/** The API answers the next outcome event of the path gives for the call the player starts now. */
const qrOf = (order: DepositOrder) => ({
  code: order.code,
  payload: '00020101021238',
  amount: order.amount,
  payee: { name: 'CHAMPA GAMES', city: 'VIENTIANE', bankIin: '27710418', accountNumber: '0101', merchantId: 'CHAMPA0001' },
  expiresAt: order.expiresAt,
  status: order.status,
});

function answerWith(outcome: AnyEventObject | undefined, method: 'get' | 'post', path: string) {
  if (!outcome) return;
  const { type } = outcome;
  if (type.startsWith('xstate.done.actor.')) {
    const order = (outcome as unknown as { output: DepositOrder }).output;
    // A created order comes with its QR, as the API answers.
    if (type.endsWith('createOrder'))
      nock(API)
        [method](path)
        .reply(201, { order, qr: qrOf(order) });
    else nock(API)[method](path).reply(200, { order });
  } else if (type.startsWith('xstate.error.actor.')) {
    const code = (outcome as unknown as { error: { code: string } }).error.code;
    nock(API)
      [method](path)
      .reply(code === 'DEPOSIT_AMOUNT_OUT_OF_RANGE' ? 400 : code === 'INTERNAL' ? 500 : 409, { code, message: code });
  }
}

/** The tab hidden or shown, as a browser tells the page. */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The API of a logged-in player's deposit page, with `open` as the open orders it resumes. */
function serveDepositPage(resumable: DepositOrder, open: DepositOrder[]) {
  serveLoggedInPlayer();
  nock(API)
    .get('/api/v2/agency')
    .reply(200, { agency: { id: 'agency-1', name: 'Champa' } })
    .persist();
  nock(API)
    .get('/api/v2/players/bank-accounts')
    .reply(200, {
      bankAccounts: [
        {
          id: 'a1',
          bank: 'bcel',
          accountNumber: '010120001234567001',
          accountName: 'S K',
          currency: 'LAK',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    })
    .persist();
  nock(API)
    .get('/api/v2/exchange-rates')
    .reply(200, [{ code: 'THB_LAK', mid: '620', displayName: 'THB/LAK', currency: 'THB', buy: '600', sell: '640' }])
    .persist();
  nock(API).get('/api/v2/players/promotions/using').reply(200, { usage: null }).persist();
  nock(API).get('/api/v2/deposits/limits').reply(200, { minAmount: '10000', maxAmount: '50000000', expiryMinutes: 15 }).persist();
  nock(API).get(`/api/v2/deposits/laoqr/${CODE}`).reply(200, qrOf(resumable)).persist();
  nock(API).get('/api/v2/deposits/open').reply(200, { items: open }).persist();
  nock(API).get('/api/v2/players/deposit-limits').reply(200, { limits: [], agencyMaximum: null, tightest: null }).persist();
}

describe('the deposit page follows the depositOrder machine', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    cleanup();
    nock.cleanAll();
    setVisibility('visible');
  });
  afterAll(() => nock.enableNetConnect());

  it('shows the payment a read of the order found, with no click', async () => {
    serveDepositPage(orderWith('OPEN'), [orderWith('OPEN')]);
    const reads = nock(API)
      .get(`/api/v2/deposits/${CODE}`)
      .reply(200, { order: orderWith('OPEN') })
      .get(`/api/v2/deposits/${CODE}`)
      .reply(200, { order: orderWith('SUCCESS') });
    renderApp('/player/deposit');
    await screen.findByTestId('deposit-code', {}, { timeout: 45_000 });
    await expectPage('success', null);
    expect(reads.isDone()).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    const stepsBeforeExpiry = path.steps.findIndex((step) => step.event.type === 'order.expire');
    // A path that lets the QR run out gets an order that expires soon after the steps before it:
    // 3 s a step, so a loaded machine still sees the order open until then (within waitFor's 15 s).
    const resumable = orderWith('OPEN', stepsBeforeExpiry >= 0 ? 3000 * stepsBeforeExpiry : 15 * 60_000);
    serveDepositPage(resumable, path.steps.some((step) => step.event.type === 'order.resume') ? [resumable] : []);

    const user = userEvent.setup({ delay: null });
    renderApp('/player/deposit');
    // The first path also loads the page's chunks: on two busy cores that alone can take a while.
    await screen.findByTestId('deposit', {}, { timeout: 45_000 });

    for (let index = 0; index < path.steps.length; index++) {
      const step = path.steps[index];
      const next = path.steps[index + 1]?.event as AnyEventObject | undefined;
      // The page reads the order on its own clock: its answer is ready before the step that leads to the read.
      if (next?.type.endsWith('.actor.pollOrder')) answerWith(next, 'get', `/api/v2/deposits/${CODE}`);
      switch (step.event.type) {
        case 'order.create':
          if (next?.type.startsWith('xstate.done')) (next as unknown as { output: DepositOrder }).output = resumable;
          answerWith(next, 'post', '/api/v2/deposits');
          await user.selectOptions(await screen.findByLabelText('ຄ່າຍເກມ'), 'askmebet');
          await user.clear(screen.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' }));
          await user.type(screen.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' }), '100000');
          await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
          break;
        case 'order.check':
          answerWith(next, 'post', `/api/v2/deposits/${CODE}/check`);
          await user.click(await screen.findByRole('button', { name: 'ກວດສອບການຊຳລະ' }));
          break;
        case 'order.cancel':
          await user.click(screen.getByRole('button', { name: 'ຍົກເລີກລາຍການ' }));
          break;
        case 'order.dismissCancel':
          await user.click(screen.getByRole('button', { name: 'ກັບຄືນ' }));
          break;
        case 'order.confirmCancel':
          answerWith(next, 'post', `/api/v2/deposits/${CODE}/cancel`);
          await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຍົກເລີກ' }));
          break;
        case 'order.new':
          await user.click(screen.getByRole('button', { name: 'ຝາກເງິນໃໝ່' }));
          break;
        case 'page.hidden':
          setVisibility('hidden');
          break;
        case 'page.visible':
          setVisibility('visible');
          break;
        default:
          // RESUME happens on load, EXPIRE when the countdown ends, a read when its delay is over, and
          // done/error events are the API's answers.
          break;
      }
      // step.state is where the step's event led; a page that resumes an order leaves idle on its own.
      if ((step.event as AnyEventObject).type === 'xstate.init' && next?.type === 'order.resume') continue;
      await expectPage(depositStageOf(step.state.value), step.state.context.errorCode);
    }
    expect(nock.pendingMocks().filter((mock) => mock.startsWith('POST'))).toEqual([]);
  });
});
