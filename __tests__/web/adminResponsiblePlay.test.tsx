import nock from 'nock';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { Operator } from '../../contract/admin';
import type { ResponsiblePlaySettings } from '../../contract/responsiblePlay';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 8000 });

const ADMIN = 'http://localhost/api/v2/admin';
const OWNER: Operator = { id: 'op-1', username: 'somsak', role: 'owner', secondFactor: 'enrolled' };
const STAFF: Operator = { id: 'op-2', username: 'noy', role: 'staff', secondFactor: 'enrolled' };
const SETTINGS: ResponsiblePlaySettings = {
  notice: { lo: 'ໃບອະນຸຍາດ ເລກທີ 1', cn: '', vn: '', th: '' },
  realityCheckDefaultMinutes: 60,
  depositLimitMaxKip: 17_250_000,
};

function renderConsole(operator = OWNER, path = '/admin/responsible-play') {
  nock(ADMIN).get('/me').reply(200, { operator }).persist();
  nock(ADMIN).get('/responsible-play').reply(200, SETTINGS);
  window.history.replaceState(null, '', path);
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
}

afterEach(() => nock.cleanAll());

describe('responsible play console page', () => {
  it('shows the settings in Lao with the cap in the Lao format, and refuses bad input, sending nothing', async () => {
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('deposit-limit-max')).toHaveTextContent('17.250.000 LAK');
    const form = screen.getByRole('form', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ' });
    expect(within(form).getByLabelText('ແຈ້ງການໃບອະນຸຍາດ (ລາວ)')).toHaveValue(SETTINGS.notice.lo);
    const cap = within(form).getByLabelText('ຂີດຈຳກັດການຝາກສູງສຸດຂອງຜູ້ຫຼິ້ນ (ກີບ)');
    await userEvent.clear(cap);
    await userEvent.type(cap, '0');
    fireEvent.change(within(form).getByLabelText('ແຈ້ງການໃບອະນຸຍາດ (ไทย)'), { target: { value: 'x'.repeat(1001) } });
    await userEvent.click(within(form).getByRole('button', { name: 'ບັນທຶກ' }));
    expect(await within(form).findByText('ໃສ່ຈຳນວນກີບເຕັມ ຢ່າງໜ້ອຍ 1, ຫຼື ປ່ອຍຫວ່າງ')).toBeInTheDocument();
    expect(within(form).getByText('ບໍ່ເກີນ 1000 ຕົວອັກສອນ')).toBeInTheDocument();
    expect(within(form).getByText('ກະລຸນາໃສ່ເຫດຜົນຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ')).toBeInTheDocument();
  });

  it('saves the notice, the default interval and no cap with the reason', async () => {
    renderConsole();
    const form = await screen.findByRole('form', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ' });
    const saved = nock(ADMIN)
      .put('/responsible-play', {
        notice: { lo: 'ໃບອະນຸຍາດ ເລກທີ 1', cn: '许可证 1', vn: '', th: '' },
        realityCheckDefaultMinutes: 15,
        reason: 'ໃບອະນຸຍາດໃໝ່',
      })
      .reply(200, { notice: { ...SETTINGS.notice, cn: '许可证 1' }, realityCheckDefaultMinutes: 15 });
    nock(ADMIN)
      .get('/responsible-play')
      .reply(200, { notice: { ...SETTINGS.notice, cn: '许可证 1' }, realityCheckDefaultMinutes: 15 });
    await userEvent.type(within(form).getByLabelText('ແຈ້ງການໃບອະນຸຍາດ (中文)'), '许可证 1');
    await userEvent.selectOptions(within(form).getByLabelText('ແຈ້ງເຕືອນເວລາຫຼິ້ນ: ຄ່າເລີ່ມຕົ້ນ'), '15');
    await userEvent.clear(within(form).getByLabelText('ຂີດຈຳກັດການຝາກສູງສຸດຂອງຜູ້ຫຼິ້ນ (ກີບ)'));
    await userEvent.type(within(form).getByLabelText('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)'), 'ໃບອະນຸຍາດໃໝ່');
    await userEvent.click(within(form).getByRole('button', { name: 'ບັນທຶກ' }));
    await waitFor(() => expect(saved.isDone()).toBe(true));
    expect(await screen.findByText('ບໍ່ມີຂີດຈຳກັດການຝາກສູງສຸດ')).toBeInTheDocument();
  });

  it('is not offered to staff', async () => {
    renderConsole(STAFF, '/admin/dashboard');
    nock(ADMIN).get(/.*/).reply(200, {}).persist();
    const nav = await screen.findByRole('navigation', { name: 'ໜ້າຕ່າງໆຂອງຄອນໂຊ' });
    expect(within(nav).queryByRole('link', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ' })).not.toBeInTheDocument();
  });
});
