import nock from 'nock';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Promotion, PromotionUsage } from '../../contract/promotions';
import { API, renderApp } from '../support/renderApp';
import { serveLoggedInPlayer } from '../support/playerSite';
import { PROMOTION, SECOND_PROMOTION, usageWith } from '../support/promotionFixtures';

// The pages are lazy chunks compiled on first use, on two cores shared with other runs.
// The pages render on two cores shared with other test runs: every wait gets room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
const FIRST_PAINT = { timeout: 15_000 };

/** A "use" button once it may be pressed: the list can arrive before the backlist and usage answers (the footer asks for it too). */
async function enabledButton(name: string) {
  const button = await screen.findByRole('button', { name }, FIRST_PAINT);
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/** The promotion pages' API: the list, the backlist answer, and the usage in progress (which may change). */
function servePromotions({
  blocked = false,
  using = () => null as PromotionUsage | null,
  promotions = [PROMOTION, SECOND_PROMOTION] as Promotion[],
} = {}) {
  serveLoggedInPlayer();
  nock(API).get('/api/v2/promotions').reply(200, { promotions }).persist();
  nock(API).get('/api/v2/players/backlist').reply(200, { blocked }).persist();
  nock(API)
    .get('/api/v2/players/promotions/using')
    .reply(200, () => ({ usage: using() }))
    .persist();
}

const card = (name: string) => screen.getAllByTestId('promotion-card').find((element) => within(element).queryByRole('heading', { name }))!;

describe('the promotions page', () => {
  it('shows every promotion in Lao: name, bonus, set deposit in LAK, turnover and providers', async () => {
    servePromotions();
    renderApp('/player/promotion');
    const first = await screen.findByRole('heading', { name: 'ໂບນັດຕ້ອນຮັບ 100%' }, FIRST_PAINT);
    const welcome = first.closest('li')!;
    // The picture carries no words: the bonus is live text over it, in Lao and in the Lao format.
    expect(welcome.querySelector('img')).toHaveAttribute('src', PROMOTION.imageUrl);
    expect(welcome.querySelector('img')).toHaveAttribute('alt', '');
    expect(first.parentElement).toHaveTextContent('100%ສູງສຸດ 500,00 ບາດ');
    expect(welcome).toHaveTextContent('ໂບນັດ 100% ສູງສຸດ 500,00 ບາດ');
    expect(within(welcome).getByTestId('promotion-deposit-amount')).toHaveTextContent('100.000 LAK');
    expect(welcome).toHaveTextContent('5 ເທົ່າຂອງເຄຣດິດທີ່ໄດ້ຮັບ');
    expect(welcome).toHaveTextContent('AskMeBet, Betflix');
    expect(welcome).toHaveTextContent('ສະເພາະລູກຄ້າໃໝ່ (ຝາກຄັ້ງທຳອິດ)');
    const daily = card('ໂບນັດປະຈຳວັນ');
    expect(daily).toHaveTextContent('ໂບນັດ 50,00 ບາດ');
    expect(daily).toHaveTextContent('50.000 LAK');
    expect(daily).toHaveTextContent('ບໍ່ມີເທີນໂອເວີ');
    await waitFor(() => expect(within(daily).getByRole('button', { name: 'ໃຊ້ໂປຣໂມຊັນ ໂບນັດປະຈຳວັນ' })).toBeEnabled());
  });

  it('fetches a promotion when its card is hovered, so the detail opens from the cache', async () => {
    servePromotions();
    const detail = nock(API).get(`/api/v2/promotions/${PROMOTION.id}`).reply(200, { promotion: PROMOTION });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/promotion');
    await screen.findByRole('heading', { name: 'ໂບນັດຕ້ອນຮັບ 100%' }, FIRST_PAINT);
    expect(detail.isDone()).toBe(false);

    await user.hover(card('ໂບນັດຕ້ອນຮັບ 100%'));
    await waitFor(() => expect(detail.isDone()).toBe(true));

    // The only answer was taken by the prefetch: the detail page shows without asking again.
    await user.click(within(card('ໂບນັດຕ້ອນຮັບ 100%')).getByRole('link', { name: 'ໂບນັດຕ້ອນຮັບ 100%' }));
    const terms = await screen.findByRole('region', { name: 'ເງື່ອນໄຂ ແລະ ຂໍ້ກຳນົດ' }, FIRST_PAINT);
    expect(terms).toHaveTextContent(PROMOTION.terms.lo);
    expect(screen.getByTestId('promotion-detail')).toHaveTextContent('150% ຂອງເຄຣດິດທີ່ໄດ້ຮັບ');
    expect(screen.getByTestId('promotion-detail')).toHaveTextContent('100,00 THB');
  });

  it('fetches a promotion when focus enters its card from the keyboard', async () => {
    servePromotions();
    const detail = nock(API).get(`/api/v2/promotions/${SECOND_PROMOTION.id}`).reply(200, { promotion: SECOND_PROMOTION });
    renderApp('/player/promotion');
    await screen.findByRole('heading', { name: 'ໂບນັດປະຈຳວັນ' }, FIRST_PAINT);
    within(card('ໂບນັດປະຈຳວັນ')).getByRole('link', { name: 'ໂບນັດປະຈຳວັນ' }).focus();
    await waitFor(() => expect(detail.isDone()).toBe(true));
  });

  it('asks for the provider, posts the promotion and the provider, and sends the player to deposit the set amount', async () => {
    let using: PromotionUsage | null = null;
    servePromotions({ using: () => using });
    const use = nock(API)
      .post('/api/v2/promotions/use', { promotionId: PROMOTION.id, providerId: 'betflix' })
      .reply(200, () => {
        using = usageWith('ACTIVE', { provider: 'betflix' });
        return { usage: using };
      });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/promotion');
    await screen.findByRole('heading', { name: 'ໂບນັດຕ້ອນຮັບ 100%' }, FIRST_PAINT);

    await user.click(await enabledButton('ໃຊ້ໂປຣໂມຊັນ ໂບນັດຕ້ອນຮັບ 100%'));
    const dialog = await screen.findByRole('dialog', { name: 'ເລືອກຄ່າຍເກມ' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['AskMeBet', 'Betflix', 'ກັບຄືນ', 'ປິດໜ້າຕ່າງນີ້']);
    expect(within(dialog).getByRole('button', { name: 'AskMeBet' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Betflix' }));

    await waitFor(() => expect(screen.getByTestId('promotion-usage')).toHaveAttribute('data-state', 'taken'));
    const taken = within(screen.getByTestId('promotion-usage')).getByRole('status');
    expect(taken).toHaveTextContent('ຮັບໂປຣໂມຊັນແລ້ວ ກະລຸນາຝາກ 100.000 ກີບ ເຂົ້າ Betflix ເພື່ອຮັບໂບນັດ');
    expect(within(taken).getByRole('link', { name: 'ໄປໜ້າຝາກເງິນ' })).toHaveAttribute('href', '/player/deposit');
    expect(use.isDone()).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The usage list refreshes: the usage waits for the deposit on top, and no other promotion can be taken.
    const inProgress = await screen.findByRole('region', { name: 'ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້' });
    expect(within(inProgress).getByTestId('status-badge')).toHaveTextContent('ລໍຖ້າຝາກເງິນ');
    expect(within(inProgress).getByTestId('status-badge')).toHaveAttribute('data-tone', 'yellow');
    expect(inProgress).toHaveTextContent('ລໍຖ້າການຝາກເງິນຕາມຍອດທີ່ກຳນົດເຂົ້າ Betflix');
    expect(screen.getByRole('button', { name: 'ໃຊ້ໂປຣໂມຊັນ ໂບນັດປະຈຳວັນ' })).toBeDisabled();
  });

  it.each([
    ['PROMOTION_ONLY_FOR_FIRST_ORDER', 'ໂປຣໂມຊັນນີ້ສຳລັບລູກຄ້າໃໝ່ເທົ່ານັ້ນ'],
    ['PLAYER_BLOCKED', 'ບັນຊີນີ້ຖືກບລັອກບໍ່ໃຫ້ຮັບໂປຣໂມຊັນ'],
    ['CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN', 'ກະລຸນາປິດລາຍການຝາກທີ່ຍັງເປີດຢູ່ກ່ອນ ເພື່ອໃຊ້ໂປຣໂມຊັນ'],
    ['PROMOTION_PROVIDER_NOT_ALLOWED', 'ໂປຣໂມຊັນນີ້ໃຊ້ກັບຄ່າຍເກມນີ້ບໍ່ໄດ້'],
  ])('shows the refusal %s in Lao', async (code, message) => {
    servePromotions();
    nock(API).post('/api/v2/promotions/use').reply(409, { code, message: code });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/promotion');
    await user.click(await enabledButton('ໃຊ້ໂປຣໂມຊັນ ໂບນັດປະຈຳວັນ'));
    await user.click(within(await screen.findByRole('dialog', { name: 'ເລືອກຄ່າຍເກມ' })).getByRole('button', { name: 'GClub' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'ປິດ' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('tells a blocked player the account is blocked from promotions and disables every use button', async () => {
    servePromotions({ blocked: true });
    renderApp('/player/promotion');
    expect(await screen.findByRole('alert', {}, FIRST_PAINT)).toHaveTextContent('ບັນຊີນີ້ຖືກບລັອກບໍ່ໃຫ້ຮັບໂປຣໂມຊັນ');
    await screen.findByRole('heading', { name: 'ໂບນັດຕ້ອນຮັບ 100%' });
    for (const button of screen.getAllByRole('button', { name: /^ໃຊ້ໂປຣໂມຊັນ/ })) expect(button).toBeDisabled();
  });

  it('shows the usage in progress on top with its turnover, and rechecks it', async () => {
    let using: PromotionUsage | null = usageWith('USED');
    servePromotions({ using: () => using });
    const recheck = nock(API)
      .post('/api/v2/promotions/usages/recheck')
      .reply(200, () => {
        using = null;
        return { usage: usageWith('SUCCESS', { turnover: '1600.00' }) };
      });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/promotion');
    const inProgress = await screen.findByRole('region', { name: 'ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້' }, FIRST_PAINT);
    expect(inProgress).toHaveTextContent('ໂບນັດຕ້ອນຮັບ 100%');
    expect(within(inProgress).getByTestId('status-badge')).toHaveTextContent('ກຳລັງໃຊ້');
    expect(within(inProgress).getByTestId('usage-turnover')).toHaveTextContent('200,00 / 1.562,50 ບາດ');
    expect(inProgress).toHaveTextContent('312,50 THB');
    expect(inProgress).toHaveTextContent('04/03/2026');

    await user.click(within(inProgress).getByRole('button', { name: 'ກວດສອບເງື່ອນໄຂ' }));
    await waitFor(() => expect(screen.getByTestId('promotion-usage')).toHaveAttribute('data-state', 'rechecked'));
    expect(within(screen.getByTestId('promotion-usage')).getByRole('status')).toHaveTextContent('ໂປຣໂມຊັນສິ້ນສຸດແລ້ວ: ຄົບຍອດເທີນໂອເວີແລ້ວ');
    expect(recheck.isDone()).toBe(true);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້' })).not.toBeInTheDocument());
  });
});
