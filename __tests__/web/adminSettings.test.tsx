import nock from 'nock';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { Operator } from '../../contract/admin';
import type { AgencySettings } from '../../contract/adminSettings';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';
const OWNER: Operator = { id: 'op-1', username: 'somsak', role: 'owner', secondFactor: 'enrolled' };
const SOCIAL = { whatsapp: '', line: 'https://line.me/R/ti/p/@champa', facebook: '', telegram: '', twitter: '' };
const SETTINGS: AgencySettings = {
  name: 'Champa',
  social: SOCIAL,
  site: { signUpMinutes: 1, gameCount: 1000 },
  deposit: { minKip: 10_000, maxKip: 50_000_000 },
  depositLimitsOwn: true,
  hosts: ['champa.example'],
  withdrawals: { minThb: '100.00', maxThb: '100000.00', dailyLimit: 5, autoApproveThb: '5000.00' },
};
const ACCOUNT = {
  bankIin: '27710418',
  accountNumber: '0101000012345',
  merchantName: 'CHAMPA',
  merchantCity: 'VIENTIANE',
  merchantId: 'MID-1',
};

function renderSettings(operator = OWNER) {
  nock(ADMIN).get('/me').reply(200, { operator });
  nock(ADMIN).get('/settings/agency').reply(200, SETTINGS);
  nock(ADMIN).get('/receiving-account').reply(200, { receivingAccount: ACCOUNT });
  nock(ADMIN).get('/settings/withdrawal-review').reply(200, { fourEyesThb: '20000.00' });
  window.history.replaceState(null, '', '/admin/settings');
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('en')} />);
}

afterEach(() => nock.cleanAll());

describe('agency settings page', () => {
  it('shows hosts and the withdrawal limits in the Lao number format', async () => {
    renderSettings();
    expect(await screen.findByText('champa.example')).toBeInTheDocument();
    expect(screen.getByText(/^Now: 100,00 THB to 100\.000,00 THB per withdrawal\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Paid without review up to (THB)')).toHaveValue('5000.00');
    expect(screen.getByText('Now: 10.000 LAK to 50.000.000 LAK per deposit.')).toBeInTheDocument();
  });

  it('refuses a link that is not http(s), numbers out of range and a missing reason, sending nothing', async () => {
    renderSettings();
    const agency = await screen.findByRole('form', { name: 'Agency and social links' });
    const facebook = within(agency).getByLabelText('Facebook link');
    await userEvent.type(facebook, 'javascript:alert(1)');
    await userEvent.click(within(agency).getByRole('button', { name: 'Save' }));
    expect(await within(agency).findByText('An http:// or https:// address, or empty')).toBeInTheDocument();
    expect(within(agency).getByText('Give a reason of at least 3 characters')).toBeInTheDocument();

    const deposit = screen.getByRole('form', { name: 'Deposit limits' });
    await userEvent.clear(within(deposit).getByLabelText('Smallest deposit (LAK)'));
    await userEvent.type(within(deposit).getByLabelText('Smallest deposit (LAK)'), '90000000');
    await userEvent.click(within(deposit).getByRole('button', { name: 'Save' }));
    expect(await within(deposit).findByText('The maximum may not be below the minimum')).toBeInTheDocument();

    const site = screen.getByRole('form', { name: 'Site header' });
    await userEvent.clear(within(site).getByLabelText('Game count in the header'));
    await userEvent.type(within(site).getByLabelText('Game count in the header'), '12.5');
    await userEvent.click(within(site).getByRole('button', { name: 'Save' }));
    expect(await within(site).findByText('A whole number in the allowed range')).toBeInTheDocument();
  });

  it('saves the header numbers with the reason', async () => {
    renderSettings();
    const site = await screen.findByRole('form', { name: 'Site header' });
    const saved = nock(ADMIN)
      .put('/settings/agency', { site: { signUpMinutes: 1, gameCount: 2500 }, reason: 'more games live' })
      .reply(200, { ...SETTINGS, site: { signUpMinutes: 1, gameCount: 2500 } });
    nock(ADMIN)
      .get('/settings/agency')
      .reply(200, { ...SETTINGS, site: { signUpMinutes: 1, gameCount: 2500 } });
    await userEvent.clear(within(site).getByLabelText('Game count in the header'));
    await userEvent.type(within(site).getByLabelText('Game count in the header'), '2500');
    await userEvent.type(within(site).getByLabelText('Reason (shown in the audit log)'), ' more games live ');
    await userEvent.click(within(site).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved; the players’ site shows it on its next load')).toBeInTheDocument();
    expect(saved.isDone()).toBe(true);
  });

  it('shows staff the settings without forms to save', async () => {
    renderSettings({ ...OWNER, role: 'staff' });
    expect(await screen.findByText('Only owners change these settings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('saves the merchant id with the reason on the receiving-account API', async () => {
    renderSettings();
    const receiving = await screen.findByRole('form', { name: 'Receiving account and LaoQR merchant' });
    const saved = nock(ADMIN)
      .put('/receiving-account', { ...ACCOUNT, merchantId: 'MID-2', reason: 'new MID' })
      .reply(200, { receivingAccount: { ...ACCOUNT, merchantId: 'MID-2' } });
    nock(ADMIN)
      .get('/receiving-account')
      .reply(200, { receivingAccount: { ...ACCOUNT, merchantId: 'MID-2' } });
    nock(ADMIN).get('/settings/agency').reply(200, SETTINGS);
    await userEvent.clear(within(receiving).getByLabelText('Merchant ID (MID)'));
    await userEvent.type(within(receiving).getByLabelText('Merchant ID (MID)'), 'MID 2');
    await userEvent.click(within(receiving).getByRole('button', { name: 'Save' }));
    expect(await within(receiving).findByText('LaoQR cannot carry this value')).toBeInTheDocument();
    await userEvent.clear(within(receiving).getByLabelText('Merchant ID (MID)'));
    await userEvent.type(within(receiving).getByLabelText('Merchant ID (MID)'), 'MID-2');
    await userEvent.type(within(receiving).getByLabelText('Reason (shown in the audit log)'), 'new MID');
    await userEvent.click(within(receiving).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved; the players’ site shows it on its next load')).toBeInTheDocument();
    expect(saved.isDone()).toBe(true);
  });
});
