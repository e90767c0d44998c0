import nock from 'nock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { AgencyWithdrawal } from '../../console/api/withdrawals';
import type { OperatorRole } from '../../contract/admin';
import type { WithdrawalReview } from '../../contract/withdrawalReview';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';

const LARGE: AgencyWithdrawal = {
  code: 'W-2001',
  date: '2026-11-25T02:30:00.000Z',
  provider: 'askmebet',
  status: 'OPEN',
  amountWithdrawn: '20000.00',
  rate: '600',
  creditReceived: '12000000',
  amountReceived: null,
  creditReturned: '0.00',
  promotionRetained: null,
  bankName: 'BCEL',
  accountName: 'Noy',
  accountNumber: '0101',
  reason: null,
  completedAt: null,
  player: 'noy99',
  payoutSent: false,
  decidedBy: null,
  approvals: [{ operator: 'kham', at: '2026-11-25T03:05:00.000Z' }],
  approvalsNeeded: 2,
  awaitingSecondApproval: true,
  approvalRefusal: null,
};

const page = (items: AgencyWithdrawal[]) => ({ items, page: 1, pageSize: 50, total: items.length });

function signedInAs(username: string, role: OperatorRole, queue: AgencyWithdrawal[] = [LARGE], fourEyesThb: string | null = '10000.00') {
  nock(ADMIN)
    .get('/me')
    .reply(200, { operator: { id: `op-${username}`, username, role } });
  nock(ADMIN).get('/settings/withdrawal-review').reply(200, { fourEyesThb });
  nock(ADMIN).get('/withdrawals').query({ status: 'OPEN', page: 1 }).reply(200, page(queue));
  window.history.replaceState(null, '', '/admin/withdrawals');
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
}

const row = (player: string) => screen.getByRole('cell', { name: player }).closest('tr') as HTMLElement;

beforeEach(() => localStorage.clear());
afterEach(() => nock.cleanAll());

describe('four-eyes in the withdrawal queue', () => {
  it('shows who approved first, and another operator may give the second approval', async () => {
    signedInAs('somsak', 'owner');
    const waiting = await waitFor(() => row('noy99'));
    expect(within(waiting).getByText('ອະນຸມັດໂດຍ kham ເວລາ 25/11/2026, 10:05; ລໍຖ້າການອະນຸມັດຄັ້ງທີສອງ')).toBeInTheDocument();
    const approve = within(waiting).getByRole('button', { name: 'ອະນຸມັດ' });
    expect(approve).toBeEnabled();

    const paid = nock(ADMIN)
      .post('/withdrawals/W-2001/approve')
      .reply(200, {
        withdrawal: { ...LARGE, status: 'SUCCESS' },
        approvals: [...LARGE.approvals, { operator: 'somsak', at: '2026-11-25T03:10:00.000Z' }],
        approvalsNeeded: 2,
        awaitingSecondApproval: false,
      });
    nock(ADMIN).get('/withdrawals').query(true).reply(200, page([]));
    await userEvent.click(approve);
    expect(await screen.findByText('ອະນຸມັດ W-2001 ແລ້ວ')).toBeInTheDocument();
    expect(paid.isDone()).toBe(true);
    expect(await screen.findByText('ບໍ່ມີການຖອນເງິນລໍຖ້າກວດສອບ')).toBeInTheDocument();
  });

  it('disables approve for the operator who approved first; staff see the amount but no form', async () => {
    signedInAs('kham', 'staff', [
      { ...LARGE, approvalRefusal: { code: 'SECOND_APPROVER_REQUIRED', params: { operator: 'kham', person: 'kham' } } },
    ]);
    const waiting = await waitFor(() => row('noy99'));
    expect(within(waiting).getByRole('button', { name: 'ອະນຸມັດ' })).toBeDisabled();
    expect(within(waiting).getByRole('button', { name: 'ປະຕິເສດ' })).toBeEnabled();
    expect(await screen.findByText('ຕັ້ງແຕ່ 10.000,00 THB ຕ້ອງມີພະນັກງານສອງຄົນທີ່ແຕກຕ່າງກັນອະນຸມັດ')).toBeInTheDocument();
    expect(screen.queryByLabelText('ຈຳນວນເງິນທີ່ຕ້ອງອະນຸມັດສອງຄົນ (THB)')).not.toBeInTheDocument();
  });

  it('a first approval says a second operator must approve, and the row then shows it awaiting', async () => {
    const fresh = { ...LARGE, approvals: [], awaitingSecondApproval: false };
    signedInAs('somsak', 'owner', [fresh]);
    const approve = within(await waitFor(() => row('noy99'))).getByRole('button', { name: 'ອະນຸມັດ' });
    expect(within(row('noy99')).getByText('ຕ້ອງອະນຸມັດສອງຄັ້ງ')).toBeInTheDocument();
    const first = { operator: 'somsak', at: '2026-11-25T03:10:00.000Z' };
    nock(ADMIN)
      .post('/withdrawals/W-2001/approve')
      .reply(200, { withdrawal: fresh, approvals: [first], approvalsNeeded: 2, awaitingSecondApproval: true });
    nock(ADMIN)
      .get('/withdrawals')
      .query(true)
      .reply(
        200,
        page([
          {
            ...fresh,
            approvals: [first],
            awaitingSecondApproval: true,
            approvalRefusal: { code: 'SECOND_APPROVER_REQUIRED', params: { operator: 'somsak', person: 'somsak' } },
          },
        ]),
      );
    await userEvent.click(approve);
    expect(await screen.findByText('ອະນຸມັດ W-2001 ແລ້ວ; ຕ້ອງມີພະນັກງານອີກຄົນອະນຸມັດນຳ')).toBeInTheDocument();
    await waitFor(() => expect(within(row('noy99')).getByText(/ອະນຸມັດໂດຍ somsak/)).toBeInTheDocument());
    expect(within(row('noy99')).getByRole('button', { name: 'ອະນຸມັດ' })).toBeDisabled();
  });

  it.each([
    [
      'kham',
      'kham created, promoted or re-enabled the asking operator',
      'kham ສ້າງ, ເລື່ອນຕຳແໜ່ງ ຫຼື ເປີດໃຊ້ບັນຊີຂອງທ່ານຄືນພາຍໃນ 30 ມື້ຜ່ານມາ: ການອະນຸມັດຂອງທ່ານບໍ່ນັບເປັນຄົນທີສອງ',
    ],
    ['somsak', 'the asking operator did so for kham', 'ທ່ານສ້າງ, ເລື່ອນຕຳແໜ່ງ ຫຼື ເປີດໃຊ້ບັນຊີຂອງ kham ຄືນພາຍໃນ 30 ມື້ຜ່ານມາ: ການອະນຸມັດຂອງທ່ານບໍ່ນັບເປັນຄົນທີສອງ'],
    ['anna', 'anna did so for both', 'anna ສ້າງ, ເລື່ອນຕຳແໜ່ງ ຫຼື ເປີດໃຊ້ທັງບັນຊີຂອງທ່ານ ແລະ ຂອງ kham ຄືນພາຍໃນ 30 ມື້ຜ່ານມາ: ການອະນຸມັດຂອງທ່ານບໍ່ນັບເປັນຄົນທີສອງ'],
  ])('says in Lao why the approval would not be a second person’s when %s stands behind both (%s)', async (person, _case, text) => {
    signedInAs('somsak', 'owner', [{ ...LARGE, approvalRefusal: { code: 'FOUR_EYES_SAME_PERSON', params: { operator: 'kham', person } } }]);
    const waiting = await waitFor(() => row('noy99'));
    expect(within(waiting).getByText(text)).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'ອະນຸມັດ' })).toBeDisabled();
    expect(screen.getByText(/ການອະນຸມັດສອງຄົນນັບຄົນ, ບໍ່ແມ່ນບັນຊີ/)).toBeInTheDocument();
  });

  it('an approval refused as the same person is told in a toast, and the refreshed row says why', async () => {
    signedInAs('somsak', 'owner');
    const approve = within(await waitFor(() => row('noy99'))).getByRole('button', { name: 'ອະນຸມັດ' });
    const refusal = { code: 'FOUR_EYES_SAME_PERSON', params: { operator: 'kham', person: 'kham' } };
    const refused = nock(ADMIN)
      .post('/withdrawals/W-2001/approve')
      .reply(409, { ...refusal, message: 'Withdrawal W-2001 needs a second approval by another person' });
    nock(ADMIN)
      .get('/withdrawals')
      .query(true)
      .reply(200, page([{ ...LARGE, approvalRefusal: refusal }]));
    await userEvent.click(approve);
    expect(await screen.findByText('ການອະນຸມັດ W-2001 ຂອງທ່ານບໍ່ນັບເປັນຄົນທີສອງ; ພະນັກງານຄົນອື່ນຕ້ອງອະນຸມັດ')).toBeInTheDocument();
    expect(refused.isDone()).toBe(true);
    expect(
      await within(row('noy99')).findByText('kham ສ້າງ, ເລື່ອນຕຳແໜ່ງ ຫຼື ເປີດໃຊ້ບັນຊີຂອງທ່ານຄືນພາຍໃນ 30 ມື້ຜ່ານມາ: ການອະນຸມັດຂອງທ່ານບໍ່ນັບເປັນຄົນທີສອງ'),
    ).toBeInTheDocument();
    expect(within(row('noy99')).getByRole('button', { name: 'ອະນຸມັດ' })).toBeDisabled();
  });

  it('opens the player’s history and risk flags beside the row', async () => {
    const review: WithdrawalReview = {
      code: 'W-2001',
      player: 'noy99',
      recentDeposits: [{ code: 'D1', date: '2026-11-24T01:00:00.000Z', amount: '1000.00', status: 'SUCCESS' }],
      recentWithdrawals: [{ code: 'W-2001', date: '2026-11-25T02:30:00.000Z', amount: '20000.00', status: 'OPEN' }],
      depositedLast7Days: '1000.00',
      withdrawnLast7Days: '20000.00',
      flags: [
        { flag: 'SHARED_DEVICE', usernames: ['keo77', 'lina'] },
        { flag: 'WITHDRAWS_MORE_THAN_DEPOSITED', deposited: '1000.00', withdrawn: '20000.00' },
        { flag: 'FIRST_WITHDRAWAL' },
      ],
    };
    signedInAs('somsak', 'owner');
    nock(ADMIN).get('/withdrawals/W-2001/review').reply(200, review);
    await userEvent.click(within(await waitFor(() => row('noy99'))).getByRole('button', { name: 'ລາຍລະອຽດ' }));
    expect(within(row('noy99')).getByRole('button', { name: 'ລາຍລະອຽດ' })).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: 'ການກວດສອບ W-2001' });
    expect(await within(panel).findByText('ໃຊ້ອຸປະກອນດຽວກັນກັບ: keo77, lina')).toBeInTheDocument();
    expect(within(panel).getByText('ຖອນ 20.000,00 THB ແຕ່ຝາກພຽງ 1.000,00 THB ໃນ 7 ມື້ຜ່ານມາ')).toBeInTheDocument();
    expect(within(panel).getByText('ການຖອນຄັ້ງທຳອິດ')).toBeInTheDocument();
    expect(within(panel).getByText('7 ມື້ຜ່ານມາ: ຝາກ 1.000,00 THB, ຖອນ 20.000,00 THB')).toBeInTheDocument();
    expect(within(panel).getByText('24/11/2026, 08:00 · 1.000,00 THB · ສຳເລັດ')).toBeInTheDocument();
  });
});

describe('the owner’s four-eyes form', () => {
  const amountField = () => screen.getByLabelText('ຈຳນວນເງິນທີ່ຕ້ອງອະນຸມັດສອງຄົນ (THB)');

  it('refuses an amount the contract refuses and a missing reason, sending nothing', async () => {
    signedInAs('somsak', 'owner', [], null);
    expect(await screen.findByText('ປິດ: ອະນຸມັດຄັ້ງດຽວກໍຈ່າຍທຸກລາຍການຖອນ')).toBeInTheDocument();
    const put = nock(ADMIN).put('/settings/withdrawal-review').reply(200, { fourEyesThb: '0.00' });
    await userEvent.type(amountField(), '10.001');
    await userEvent.click(screen.getByRole('button', { name: 'ບັນທຶກ' }));
    expect(await screen.findByText('ກະລຸນາໃສ່ຈຳນວນເງິນ THB ຕັ້ງແຕ່ 0 ຂຶ້ນໄປ, ທົດສະນິຍົມບໍ່ເກີນ 2 ຕຳແໜ່ງ')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາໃສ່ເຫດຜົນຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ')).toBeInTheDocument();
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'ບັນທຶກ' }));
    expect(await screen.findByText('ກະລຸນາໃສ່ຈຳນວນເງິນ THB ຕັ້ງແຕ່ 0 ຂຶ້ນໄປ, ທົດສະນິຍົມບໍ່ເກີນ 2 ຕຳແໜ່ງ')).toBeInTheDocument();
    expect(put.isDone()).toBe(false);
  });

  it('saves an amount with a reason', async () => {
    signedInAs('somsak', 'owner', [], null);
    const put = nock(ADMIN)
      .put('/settings/withdrawal-review', { fourEyesThb: '10000', reason: 'large payouts need two' })
      .reply(200, { fourEyesThb: '10000.00' });
    nock(ADMIN).get('/settings/withdrawal-review').reply(200, { fourEyesThb: '10000.00' });
    nock(ADMIN).get('/withdrawals').query(true).reply(200, page([]));
    await userEvent.type(await screen.findByLabelText('ຈຳນວນເງິນທີ່ຕ້ອງອະນຸມັດສອງຄົນ (THB)'), ' 10000 ');
    await userEvent.type(screen.getByLabelText('ເຫດຜົນຂອງການປ່ຽນແປງ'), 'large payouts need two');
    await userEvent.click(screen.getByRole('button', { name: 'ບັນທຶກ' }));
    expect(await screen.findByText('ບັນທຶກຈຳນວນເງິນແລ້ວ')).toBeInTheDocument();
    expect(put.isDone()).toBe(true);
    expect(await screen.findByText('ຕັ້ງແຕ່ 10.000,00 THB ຕ້ອງມີພະນັກງານສອງຄົນທີ່ແຕກຕ່າງກັນອະນຸມັດ')).toBeInTheDocument();
  });
});
