import fs from 'node:fs';
import path from 'node:path';
import nock from 'nock';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { promotionUsageMachine, type PromotionUsageEvent } from '../../machines/promotionUsage.machine';
import type { PromotionUsage } from '../../contract/promotions';
import { API, renderApp } from '../support/renderApp';
import { serveLoggedInPlayer } from '../support/playerSite';
import { PROMOTION, usageWith } from '../support/promotionFixtures';

// The pages render on two cores shared with other test runs: every wait gets room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const ERRORS: Record<string, string> = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', '..', 'public', 'locales', 'lo', 'common.json'), 'utf8'),
).errors;

// The outcomes of the page's calls enter the model as the machine's own done and error events.
const done = (actor: string, output: PromotionUsage) => ({ type: `xstate.done.actor.${actor}`, output });
const failed = (actor: string, code: string) => ({ type: `xstate.error.actor.${actor}`, error: { code } });

/** Each page offers part of the machine: the list takes promotions, the history cancels and rechecks. */
const PAGES = {
  list: {
    path: '/player/promotion',
    events: [
      { type: 'promotion.use', promotionId: PROMOTION.id, providers: PROMOTION.providers },
      { type: 'promotion.pick', provider: 'betflix' },
      done('usePromotion', usageWith('ACTIVE', { provider: 'betflix' })),
      failed('usePromotion', 'PROMOTION_ONLY_FOR_FIRST_ORDER'),
      { type: 'usage.dismiss' },
    ],
  },
  history: {
    path: '/player/promotion/history',
    events: [
      { type: 'usage.cancel', usageId: 'usage-1' },
      { type: 'usage.confirmCancel' },
      { type: 'usage.dismiss' },
      done('cancelUsage', usageWith('CANCELED')),
      failed('cancelUsage', 'PROMOTION_USAGE_NOT_CANCELABLE'),
      { type: 'usage.recheck' },
      done('recheckUsage', usageWith('SUCCESS')),
      failed('recheckUsage', 'PROMOTION_INACTIVE'),
    ],
  },
} as const;

const pathsOf = (page: keyof typeof PAGES) =>
  getShortestPaths(promotionUsageMachine, {
    events: PAGES[page].events as unknown as PromotionUsageEvent[],
    serializeState: (state) => JSON.stringify([state.value, state.context.errorCode]),
  });

const describePath = (steps: ReadonlyArray<{ event: AnyEventObject }>) =>
  steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');

/** What the page shows in each state the player can see (the calls' states last only as long as a call). */
function pageShows(value: string, errorCode: string | null) {
  const usage = screen.getByTestId('promotion-usage');
  expect(usage).toHaveAttribute('data-state', value);
  switch (value) {
    case 'idle':
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(usage).queryByRole('status')).not.toBeInTheDocument();
      break;
    case 'choosingProvider':
      expect(within(screen.getByRole('dialog', { name: 'ເລືອກຄ່າຍເກມ' })).getByRole('button', { name: 'Betflix' })).toBeEnabled();
      break;
    case 'taken':
      expect(within(usage).getByRole('status')).toHaveTextContent('ຮັບໂປຣໂມຊັນແລ້ວ ກະລຸນາຝາກ 100.000 ກີບ ເຂົ້າ Betflix ເພື່ອຮັບໂບນັດ');
      break;
    case 'failed':
      expect(within(usage).getByRole('alert')).toHaveTextContent(ERRORS[errorCode!]);
      break;
    case 'confirmingCancel':
      expect(screen.getByRole('dialog', { name: 'ຍົກເລີກໂປຣໂມຊັນ?' })).toHaveTextContent('ຖ້າໄດ້ຮັບໂບນັດແລ້ວ ໂບນັດຈະຖືກຫັກຄືນ');
      break;
    case 'canceled':
      expect(within(usage).getByRole('status')).toHaveTextContent('ຍົກເລີກໂປຣໂມຊັນແລ້ວ');
      break;
    case 'rechecked':
      expect(within(usage).getByRole('status')).toHaveTextContent('ໂປຣໂມຊັນສິ້ນສຸດແລ້ວ: ຄົບຍອດເທີນໂອເວີແລ້ວ');
      break;
    default:
      throw new Error(`no page check for state ${value}`);
  }
}

/** The API answers the call the player starts now with the outcome the next step of the path gives. */
function answerWith(outcome: AnyEventObject | undefined, urlPath: string) {
  if (!outcome?.type.startsWith('xstate.')) return;
  if (outcome.type.startsWith('xstate.done.actor.'))
    nock(API)
      .post(urlPath)
      .reply(200, { usage: (outcome as unknown as { output: PromotionUsage }).output });
  else
    nock(API)
      .post(urlPath)
      .reply(409, (outcome as unknown as { error: { code: string } }).error);
}

describe.each(['list', 'history'] as const)('the promotion %s page follows the promotionUsage machine', (page) => {
  afterEach(() => cleanup());

  it.each(pathsOf(page).map((path) => [describePath(path.steps.slice(1)) || 'start', path] as const))('%s', async (_, path) => {
    serveLoggedInPlayer();
    nock(API)
      .get('/api/v2/promotions')
      .reply(200, { promotions: [PROMOTION] })
      .persist();
    nock(API).get('/api/v2/players/backlist').reply(200, { blocked: false }).persist();
    // The server's own state is not modelled: the list has no usage in progress, the history one running.
    nock(API).get('/api/v2/players/promotions/using').reply(200, { usage: null }).persist();
    nock(API)
      .get('/api/v2/promotions/usages')
      .query(true)
      .reply(200, { items: [usageWith('USED')], page: 1, pageSize: 10, total: 1 })
      .persist();

    const user = userEvent.setup({ delay: null });
    renderApp(PAGES[page].path);
    await screen.findByTestId('promotion-usage', {}, { timeout: 15_000 });
    // The list may come first (the footer asks for it too): the button waits for the backlist and usage answers.
    if (page === 'list') await waitFor(() => expect(screen.getByRole('button', { name: 'ໃຊ້ໂປຣໂມຊັນ ໂບນັດຕ້ອນຮັບ 100%' })).toBeEnabled());
    else await screen.findByRole('button', { name: 'ຍົກເລີກໂປຣໂມຊັນ' });

    for (let index = 0; index < path.steps.length; index++) {
      const step = path.steps[index];
      const next = path.steps[index + 1]?.event as AnyEventObject | undefined;
      switch (step.event.type) {
        case 'promotion.use':
          await user.click(screen.getByRole('button', { name: 'ໃຊ້ໂປຣໂມຊັນ ໂບນັດຕ້ອນຮັບ 100%' }));
          break;
        case 'promotion.pick':
          answerWith(next, '/api/v2/promotions/use');
          await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Betflix' }));
          break;
        case 'usage.cancel':
          await user.click(screen.getByRole('button', { name: 'ຍົກເລີກໂປຣໂມຊັນ' }));
          break;
        case 'usage.confirmCancel':
          answerWith(next, '/api/v2/promotions/usages/cancel');
          await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ຢືນຢັນການຍົກເລີກ' }));
          break;
        case 'usage.recheck':
          answerWith(next, '/api/v2/promotions/usages/recheck');
          await user.click(screen.getByRole('button', { name: 'ກວດສອບເງື່ອນໄຂ' }));
          break;
        case 'usage.dismiss':
          // The open dialog's way back, or the close button of the result shown.
          await user.click(
            screen.queryByRole('dialog')
              ? within(screen.getByRole('dialog')).getByRole('button', { name: /ກັບຄືນ/ })
              : within(screen.getByTestId('promotion-usage')).getByRole('button', { name: 'ປິດ' }),
          );
          break;
        default:
          // xstate.init, and the API's answers to the calls started by the step before.
          break;
      }
      const value = String(step.state.value);
      if (['using', 'canceling', 'rechecking'].includes(value)) continue;
      await waitFor(() => pageShows(value, step.state.context.errorCode), { timeout: 15_000 });
    }
    expect(nock.pendingMocks().filter((mock) => mock.startsWith('POST'))).toEqual([]);
  });
});
