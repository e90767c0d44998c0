import nock from 'nock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BANKS } from '../../contract/banks';
import type { BankAccount } from '../../contract/bankAccounts';
import { API, renderApp } from '../support/renderApp';
import { serveLoggedInPlayer } from '../support/playerSite';

// userEvent types key by key; on a busy machine a form test can take a few seconds.
jest.setTimeout(20_000);

const SAVED: BankAccount = {
  id: 'account-1',
  bank: 'bcel',
  accountNumber: '010120001234567001',
  accountName: 'SOMPHONE KEOMANY',
  currency: 'LAK',
  createdAt: '2025-05-01T10:00:00.000Z',
};

/** The page is a lazy chunk, compiled on first import: the first paint may take a while. */
const FIRST_PAINT = { timeout: 10_000 };

function serve(bankAccounts: BankAccount[] = []) {
  serveLoggedInPlayer();
  nock(API).get('/api/v2/banks').reply(200, { banks: BANKS });
  nock(API).get('/api/v2/players/bank-accounts').reply(200, { bankAccounts });
}

async function openForm() {
  serve();
  const user = userEvent.setup({ delay: null });
  renderApp('/player/bank');
  await screen.findByRole('form', { name: 'ເພີ່ມບັນຊີທະນາຄານ' }, FIRST_PAINT);
  return user;
}

const accountNumber = () => screen.getByRole('textbox', { name: 'ເລກບັນຊີ' });
const accountName = () => screen.getByRole('textbox', { name: 'ຊື່ບັນຊີ' });
const currency = () => screen.getByRole('combobox', { name: /ສະກຸນເງິນ/ });
const submit = () => screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' });

async function fillValid(user: ReturnType<typeof userEvent.setup>, number = '0101 2000 1234 5670 01') {
  await user.click(screen.getByRole('radio', { name: /BCEL/ }));
  await user.type(accountNumber(), number);
  await user.type(accountName(), 'SOMPHONE KEOMANY');
  await user.click(screen.getByRole('checkbox'));
}

describe('bank account page', () => {
  it('shows every required-field message in Lao and sends nothing', async () => {
    const user = await openForm();
    const post = nock(API).post('/api/v2/players/bank-accounts').reply(201, { bankAccount: SAVED });
    await user.click(submit());
    expect(await screen.findByText('ກະລຸນາເລືອກທະນາຄານ')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາໃສ່ເລກບັນຊີ')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາໃສ່ຊື່ບັນຊີ')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາຢືນຢັນວ່າບັນຊີນີ້ເປັນຊື່ຂອງທ່ານເອງ')).toBeInTheDocument();
    expect(accountNumber()).toHaveAttribute('aria-invalid', 'true');
    expect(post.isDone()).toBe(false);
  });

  it("checks the number against the chosen bank's rule and accepts only LAK, in Lao", async () => {
    const user = await openForm();
    expect(accountNumber()).toHaveAccessibleDescription('ເລືອກທະນາຄານກ່ອນ');
    await user.click(screen.getByRole('radio', { name: /BCEL/ }));
    expect(accountNumber()).toHaveAccessibleDescription('ເລກບັນຊີ BCEL ແມ່ນຕົວເລກ 18 ຫຼັກ');
    await user.type(accountNumber(), '12345');
    await user.tab();
    expect(await screen.findByText('ບັນຊີບໍ່ຖືກຕ້ອງ: ເລກບັນຊີ BCEL ຕ້ອງເປັນຕົວເລກ 18 ຫຼັກ')).toBeInTheDocument();

    // The same digits are right for another bank's length.
    await user.clear(accountNumber());
    await user.type(accountNumber(), '1234567890');
    await user.click(screen.getByRole('radio', { name: /KBank/ }));
    await waitFor(() => expect(screen.queryByText(/ບັນຊີບໍ່ຖືກຕ້ອງ/)).not.toBeInTheDocument());

    await user.selectOptions(currency(), 'THB');
    await user.tab();
    await waitFor(() => expect(currency()).toHaveAccessibleDescription('ສາມາດໃຊ້ໄດ້ສະເພາະບັນຊີສະກຸນເງິນກີບ (LAK) ເທົ່ານັ້ນ'));
    expect(
      within(currency())
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['LAK', 'THB', 'USD']);
  });

  it('states that wallet accounts are not allowed and the site takes no responsibility for them', async () => {
    await openForm();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('ບໍ່ອະນຸຍາດໃຫ້ໃຊ້ບັນຊີກະເປົາເງິນ (wallet) ທາງເວັບໄຊຈະບໍ່ຮັບຜິດຊອບຕໍ່ການຖອນເງິນເຂົ້າບັນຊີກະເປົາເງິນ');
    expect(note).toHaveTextContent('ສາມາດໃຊ້ໄດ້ສະເພາະບັນຊີສະກຸນເງິນກີບ (LAK) ເທົ່ານັ້ນ');
    expect(note).toHaveTextContent('ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການລູກຄ້າ');
  });

  it("shows the server's ACCOUNT_IN_USED under the number, then saves and shows the account", async () => {
    const user = await openForm();
    await fillValid(user);
    nock(API).post('/api/v2/players/bank-accounts').reply(409, { code: 'ACCOUNT_IN_USED', message: 'in use' });
    await user.click(submit());
    expect(await screen.findByText('ບັນຊີນີ້ຖືກໃຊ້ໃນລະບົບແລ້ວ ກະລຸນາຕິດຕໍ່ພະນັກງານ')).toBeInTheDocument();
    expect(accountNumber()).toHaveAccessibleDescription('ບັນຊີນີ້ຖືກໃຊ້ໃນລະບົບແລ້ວ ກະລຸນາຕິດຕໍ່ພະນັກງານ');

    let sent: unknown;
    nock(API)
      .post('/api/v2/players/bank-accounts', (body) => {
        sent = body;
        return true;
      })
      .reply(201, { bankAccount: SAVED });
    nock(API)
      .get('/api/v2/players/bank-accounts')
      .reply(200, { bankAccounts: [SAVED] });
    await user.clear(accountNumber());
    await user.type(accountNumber(), SAVED.accountNumber);
    await user.click(submit());

    const card = await screen.findByTestId('bank-account');
    expect(card).toHaveTextContent('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ');
    expect(card).toHaveTextContent('010120001234567001');
    expect(card).toHaveTextContent('SOMPHONE KEOMANY');
    expect(card).toHaveTextContent('ກີບ (LAK)');
    expect(screen.getByTestId('toast')).toHaveTextContent('ບັນທຶກບັນຊີທະນາຄານສຳເລັດ');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(sent).toEqual({
      bank: 'bcel',
      accountNumber: SAVED.accountNumber,
      accountName: 'SOMPHONE KEOMANY',
      currency: 'LAK',
      owner: true,
    });
  });

  it('asks to contact support when an account was already added, and shows that account', async () => {
    const user = await openForm();
    await fillValid(user);
    nock(API).post('/api/v2/players/bank-accounts').reply(409, { code: 'BANK_ACCOUNT_EXISTS', message: 'exists' });
    nock(API)
      .get('/api/v2/players/bank-accounts')
      .reply(200, { bankAccounts: [SAVED] });
    await user.click(submit());
    expect(await screen.findByText('ທ່ານໄດ້ເພີ່ມບັນຊີແລ້ວ ຫາກຕ້ອງການປ່ຽນບັນຊີ ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການລູກຄ້າ')).toBeInTheDocument();
    expect(await screen.findByTestId('bank-account')).toHaveTextContent('010120001234567001');
  });

  it('shows a saved account instead of the form', async () => {
    serve([SAVED]);
    renderApp('/player/bank');
    const card = await screen.findByTestId('bank-account', {}, FIRST_PAINT);
    expect(card).toHaveTextContent('BCEL');
    expect(card).toHaveTextContent('ຜູ້ໃຊ້ໜຶ່ງຄົນເພີ່ມໄດ້ພຽງໜຶ່ງບັນຊີ ຫາກຕ້ອງການປ່ຽນບັນຊີ ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການລູກຄ້າ');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers a retry when the accounts cannot be loaded', async () => {
    serveLoggedInPlayer();
    nock(API).get('/api/v2/banks').reply(200, { banks: BANKS });
    nock(API).get('/api/v2/players/bank-accounts').reply(500, { code: 'INTERNAL', message: 'x' });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/bank');
    expect(await screen.findByText('ໂຫຼດຂໍ້ມູນບັນຊີບໍ່ສຳເລັດ', {}, FIRST_PAINT)).toBeInTheDocument();
    nock(API).get('/api/v2/players/bank-accounts').reply(200, { bankAccounts: [] });
    nock(API).get('/api/v2/banks').reply(200, { banks: BANKS });
    await user.click(screen.getByRole('button', { name: 'ລອງໃໝ່' }));
    expect(await screen.findByRole('form', { name: 'ເພີ່ມບັນຊີທະນາຄານ' })).toBeInTheDocument();
  });
});
