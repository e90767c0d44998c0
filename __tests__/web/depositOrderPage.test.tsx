import nock from 'nock';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyEventObject } from 'xstate';
import { depositStageOf } from '../../src/features/deposit/useDepositOrder';
import type { DepositOrder } from '../../contract/deposits';
import { API, renderApp } from '../support/renderApp';
import { serveDepositForm, serveLoggedInPlayer } from '../support/playerSite';
import { CODE, describePath, orderWith, paths } from '../support/depositOrderModel';

jest.setTimeout(60_000);

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

/**
 * The tab hidden or shown, as a browser tells the page, in fireEvent's act, which ends with the
 * event's renders. An awaited act stays open while later answers land, and a focus the page moves
 * meanwhile (user-event acts for it) would end it early, leaving the rest outside act().
 */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  fireEvent(document, new Event('visibilitychange'));
}

/** The API of a logged-in player's deposit page, with `open` as the open orders it resumes. */
function serveDepositPage(resumable: DepositOrder, open: DepositOrder[]) {
  serveLoggedInPlayer();
  nock(API)
    .get('/api/v2/agency')
    .reply(200, { agency: { id: 'agency-1', name: 'Champa' } })
    .persist();
  serveDepositForm(open);
  nock(API).get(`/api/v2/deposits/laoqr/${CODE}`).reply(200, qrOf(resumable)).persist();
  nock(API).get('/api/v2/players/deposit-limits').reply(200, { limits: [], agencyMaximum: null, tightest: null }).persist();
}

describe('the deposit page follows the depositOrder machine', () => {
  afterEach(() => {
    cleanup();
    setVisibility('visible');
  });

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
