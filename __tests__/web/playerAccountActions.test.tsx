import nock from 'nock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, renderApp } from '../support/renderApp';
import { mockAgency, mockAgencyInfo, mockPlayer, mockVisitor, PLAYER_INFO, rememberReportedToday } from '../support/playerSite';
import { reloadPage } from '../../src/ui/reloadPage';

// Whole-site renders with typing; room for a busy shared machine.
jest.setTimeout(20_000);

jest.mock('../../src/ui/reloadPage');

beforeEach(() => {
  localStorage.clear();
  rememberReportedToday();
  jest.mocked(reloadPage).mockClear();
});

describe('a login an operator suspended', () => {
  it('is refused with the suspension message, not the wrong-password one', async () => {
    mockAgency();
    mockVisitor();
    renderApp('/login');
    // The login page's chunk loads first; a busy machine may take a while (in one CI run, over 5 s).
    const main = await screen.findByRole('main', {}, { timeout: 10_000 });
    nock(API).post('/api/v2/players/login').reply(403, { code: 'PLAYER_SUSPENDED', message: 'suspended' });
    await userEvent.type(await within(main).findByLabelText('ຊື່ຜູ້ໃຊ້'), 'somchai');
    await userEvent.type(within(main).getByLabelText('ລະຫັດຜ່ານ'), 'secret-pass-1');
    await userEvent.click(within(main).getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ບັນຊີນີ້ຖືກລະງັບການເຂົ້າສູ່ລະບົບ ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ');
    expect(window.location.pathname).toBe('/login');
  });
});

describe('a password reset by an operator', () => {
  it('opens the change-password dialog at once, which cannot be dismissed until the new password is saved', async () => {
    mockAgency();
    mockPlayer({ ...PLAYER_INFO, credential: { passwordChangedAt: null, mustChangePassword: true } });
    mockAgencyInfo();
    renderApp('/player');
    // The dialog's chunk loads first; a busy machine may take a while.
    const dialog = await screen.findByRole('dialog', { name: 'ກະລຸນາຕັ້ງລະຫັດຜ່ານໃໝ່' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('ລະຫັດຜ່ານຂອງທ່ານຖືກຣີເຊັດໂດຍຝ່າຍບໍລິການ');
    expect(within(dialog).queryByRole('button', { name: 'ປິດໜ້າຕ່າງນີ້' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'ກະລຸນາຕັ້ງລະຫັດຜ່ານໃໝ່' })).toBeInTheDocument();

    const change = nock(API)
      .post('/api/v2/players/security/password/change', {
        currentPassword: 'Temp4Pass9xy',
        newPassword: 'my-own-pass-1',
        confirmNewPassword: 'my-own-pass-1',
      })
      .reply(200, { changed: true });
    const save = within(dialog).getByRole('button', { name: 'ບັນທຶກ' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.type(within(dialog).getByLabelText('ລະຫັດຜ່ານຊົ່ວຄາວ'), 'Temp4Pass9xy');
    await userEvent.type(within(dialog).getByLabelText('ລະຫັດຜ່ານໃໝ່'), 'my-own-pass-1');
    await userEvent.type(within(dialog).getByLabelText('ຢືນຢັນລະຫັດຜ່ານໃໝ່'), 'my-own-pass-1');
    await userEvent.click(save);
    const success = await screen.findByRole('dialog', { name: 'ສຳເລັດ' });
    expect(change.isDone()).toBe(true);
    await userEvent.click(within(success).getByRole('button', { name: 'ປິດ' }));
    expect(reloadPage).toHaveBeenCalledWith();
  });

  it('leaves a player without a reset alone', async () => {
    mockAgency();
    mockPlayer();
    renderApp('/player');
    await screen.findByRole('button', { name: /ສົມໃຈ ດີ/ });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
