import nock from 'nock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, renderApp } from '../support/renderApp';
import { mockAgency, mockAgencyInfo, mockPlayer, rememberReportedToday } from '../support/playerSite';
import { NO_NOTICE } from '../support/shell';
import { reloadPage } from '../../src/ui/reloadPage';

// Whole-site renders with typing; room for a busy shared machine.
jest.setTimeout(20_000);

jest.mock('../../src/ui/reloadPage');

beforeEach(() => {
  localStorage.clear();
  rememberReportedToday();
  jest.mocked(reloadPage).mockClear();
});

async function openAsPlayer(path = '/player') {
  mockAgency();
  mockPlayer();
  renderApp(path);
  return screen.findByRole('button', { name: /ສົມໃຈ ດີ/ });
}

async function openDialog() {
  const menuButton = await openAsPlayer();
  await userEvent.click(menuButton);
  await userEvent.click(screen.getByRole('menuitem', { name: 'ປ່ຽນລະຫັດຜ່ານ' }));
  // The dialog's chunk (form library and rules) loads on the first open.
  return screen.findByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານ' });
}

/** The message tied to a field by aria-describedby. */
const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'ບັນທຶກ' });

describe('account menu', () => {
  it('opens with the keyboard, moves with arrows, closes with Escape back on its button', async () => {
    const menuButton = await openAsPlayer();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    menuButton.focus();
    await userEvent.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['ປ່ຽນລະຫັດຜ່ານ', 'ອອກຈາກລະບົບ']);
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a deposit link to /player/deposit next to the menu', async () => {
    await openAsPlayer();
    // Hidden below 769 px by CSS (jsdom has no wide screen); the browser suite sees it shown.
    expect(within(screen.getByRole('banner')).getByText('ຝາກເງິນ', { selector: 'a' })).toHaveAttribute('href', '/player/deposit');
  });

  it('logs out: the server session ends, the visitor links show and the page reloads at /login', async () => {
    const menuButton = await openAsPlayer('/player/deposit');
    const logout = nock(API).post('/api/v2/players/logout').reply(200, { loggedOut: true });
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('menuitem', { name: 'ອອກຈາກລະບົບ' }));
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toHaveAttribute('href', '/login');
    expect(logout.isDone()).toBe(true);
    expect(reloadPage).toHaveBeenCalledWith('/login');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(screen.queryByRole('button', { name: /ສົມໃຈ ດີ/ })).not.toBeInTheDocument();
  });
});

describe('change-password dialog', () => {
  it('saves only once the agency info is loaded', async () => {
    let answerAgencyInfo: () => void = () => {};
    nock(API)
      .get('/api/v2/agency/info')
      .reply((_uri, _body, callback) => {
        answerAgencyInfo = () => callback(null, [200, { agency: { id: 'agency-1', name: 'Champa', social: {}, notice: NO_NOTICE } }]);
      });
    const dialog = await openDialog();
    expect(save(dialog)).toBeDisabled();
    answerAgencyInfo();
    await waitFor(() => expect(save(dialog)).toBeEnabled());
  });

  it('shows each validation message of the password form in Lao', async () => {
    mockAgencyInfo();
    const dialog = await openDialog();
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await userEvent.click(save(dialog));
    const current = within(dialog).getByLabelText('ລະຫັດຜ່ານປັດຈຸບັນ');
    const next = within(dialog).getByLabelText('ລະຫັດຜ່ານໃໝ່');
    const confirm = within(dialog).getByLabelText('ຢືນຢັນລະຫັດຜ່ານໃໝ່');
    expect(await within(dialog).findAllByText('ກະລຸນາໃສ່ລະຫັດຜ່ານ')).toHaveLength(3);

    for (const input of [current, next, confirm]) {
      fireEvent.change(input, { target: { value: 'short' } });
      await waitFor(() => expect(messageOf(input)).toBe('ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ'));
      fireEvent.change(input, { target: { value: 'long-enough-1' } });
    }
    fireEvent.change(confirm, { target: { value: 'long-enough-2' } });
    await waitFor(() => expect(messageOf(confirm)).toBe('ລະຫັດຜ່ານບໍ່ກົງກັນ'));
    fireEvent.change(next, { target: { value: 'p'.repeat(65) } });
    await waitFor(() => expect(messageOf(next)).toBe('ລະຫັດຜ່ານຕ້ອງມີບໍ່ເກີນ 64 ຕົວອັກສອນ'));
  });

  it('switches all three fields between hidden and visible with one toggle', async () => {
    mockAgencyInfo();
    const dialog = await openDialog();
    const inputs = ['ລະຫັດຜ່ານປັດຈຸບັນ', 'ລະຫັດຜ່ານໃໝ່', 'ຢືນຢັນລະຫັດຜ່ານໃໝ່'].map((label) => within(dialog).getByLabelText(label));
    expect(inputs.map((input) => input.getAttribute('type'))).toEqual(['password', 'password', 'password']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ສະແດງລະຫັດຜ່ານ' }));
    expect(inputs.map((input) => input.getAttribute('type'))).toEqual(['text', 'text', 'text']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ເຊື່ອງລະຫັດຜ່ານ' }));
    expect(inputs.map((input) => input.getAttribute('type'))).toEqual(['password', 'password', 'password']);
  });

  it('shows no error for pressing "show passwords" while typing, only once a field is left or the form sent', async () => {
    mockAgencyInfo();
    const dialog = await openDialog();
    const current = within(dialog).getByLabelText('ລະຫັດຜ່ານປັດຈຸບັນ');
    expect(current).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ສະແດງລະຫັດຜ່ານ' }));
    expect(current).toHaveFocus();
    expect(within(dialog).queryByText('ກະລຸນາໃສ່ລະຫັດຜ່ານ')).not.toBeInTheDocument();
    await userEvent.tab();
    await waitFor(() => expect(messageOf(current)).toBe('ກະລຸນາໃສ່ລະຫັດຜ່ານ'));
  });

  it('closes from its visible close button without saving', async () => {
    mockAgencyInfo();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ປິດໜ້າຕ່າງນີ້' }));
    expect(screen.queryByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານ' })).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  async function fillAndSave(dialog: HTMLElement) {
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await userEvent.type(within(dialog).getByLabelText('ລະຫັດຜ່ານປັດຈຸບັນ'), 'current-pass');
    await userEvent.type(within(dialog).getByLabelText('ລະຫັດຜ່ານໃໝ່'), 'new-pass-123');
    await userEvent.type(within(dialog).getByLabelText('ຢືນຢັນລະຫັດຜ່ານໃໝ່'), 'new-pass-123');
    await userEvent.click(save(dialog));
  }

  it('shows the error toast when the current password is wrong', async () => {
    mockAgencyInfo();
    nock(API).post('/api/v2/players/security/password/change').reply(400, { code: 'PASSWORD_INCORRECT', message: 'no' });
    const dialog = await openDialog();
    await fillAndSave(dialog);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('ເກີດຂໍ້ຜິດພາດ');
    expect(toast).toHaveTextContent('ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ');
    expect(screen.getByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານ' })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('on success shows the success dialog, whose close button reloads the page', async () => {
    mockAgencyInfo();
    const change = nock(API)
      .post('/api/v2/players/security/password/change', {
        currentPassword: 'current-pass',
        newPassword: 'new-pass-123',
        confirmNewPassword: 'new-pass-123',
      })
      .reply(200, { changed: true });
    const dialog = await openDialog();
    await fillAndSave(dialog);
    const success = await screen.findByRole('dialog', { name: 'ສຳເລັດ' });
    expect(success).toHaveTextContent('ປ່ຽນລະຫັດຜ່ານສຳເລັດແລ້ວ');
    expect(change.isDone()).toBe(true);
    expect(reloadPage).not.toHaveBeenCalled();
    await userEvent.click(within(success).getByRole('button', { name: 'ປິດ' }));
    expect(reloadPage).toHaveBeenCalledWith();
  });
});
