import nock from 'nock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { Operator } from '../../contract/admin';
import type { AgencySettings } from '../../contract/adminSettings';
import lo from '../../public/locales/lo/admin.json';

jest.setTimeout(30_000);

const ADMIN = 'http://localhost/api/v2/admin';
const OWNER: Operator = { id: 'op-1', username: 'somsak', role: 'owner', secondFactor: 'enrolled' };
const SETTINGS: AgencySettings = {
  name: 'Champa',
  social: { whatsapp: '', line: '', facebook: '', telegram: '', twitter: '' },
  site: { signUpMinutes: 1, gameCount: 1000 },
  deposit: { minKip: 10_000, maxKip: 50_000_000 },
  depositLimitsOwn: true,
  // jsdom's page is on localhost: the host this console is open on
  hosts: ['champa.example', 'localhost', 'old.example'],
  withdrawals: { minThb: '100.00', maxThb: '100000.00', dailyLimit: 5, autoApproveThb: '5000.00' },
};
const text = lo.agencySettings;
const REASON = lo.form.reason;

function renderSettings() {
  nock(ADMIN).get('/me').reply(200, { operator: OWNER });
  nock(ADMIN).get('/settings/agency').reply(200, SETTINGS);
  nock(ADMIN).get('/receiving-account').reply(200, { receivingAccount: null });
  nock(ADMIN).get('/settings/withdrawal-review').reply(200, { fourEyesThb: null });
  window.history.replaceState(null, '', '/admin/settings');
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
}

afterEach(() => nock.cleanAll());

describe('hosts served, in Lao', () => {
  it('marks the host this console is open on and offers no removal of it', async () => {
    renderSettings();
    const hosts = await screen.findByRole('region', { name: text.hosts.heading });
    expect(within(hosts).getByText(text.hosts.current)).toBeInTheDocument();
    expect(within(hosts).queryByRole('button', { name: text.hosts.removeHost.replace('{{host}}', 'localhost') })).not.toBeInTheDocument();
    expect(within(hosts).getByRole('button', { name: text.hosts.removeHost.replace('{{host}}', 'old.example') })).toBeInTheDocument();
  });

  it('refuses a URL as a host before sending, then shows the server’s refusal of a host in use', async () => {
    renderSettings();
    const form = await screen.findByRole('form', { name: text.hosts.add });
    await userEvent.type(within(form).getByLabelText(text.hosts.newHost), 'https://play.example/lobby');
    await userEvent.type(within(form).getByLabelText(REASON), 'second domain');
    await userEvent.click(within(form).getByRole('button', { name: text.hosts.add }));
    expect(await within(form).findByText(text.hostInvalid)).toBeInTheDocument();

    const refused = nock(ADMIN)
      .post('/settings/agency/hosts', { host: 'play.example', reason: 'second domain' })
      .reply(409, { code: 'HOST_IN_USE', message: 'in use' });
    await userEvent.clear(within(form).getByLabelText(text.hosts.newHost));
    await userEvent.type(within(form).getByLabelText(text.hosts.newHost), ' Play.Example ');
    await userEvent.click(within(form).getByRole('button', { name: text.hosts.add }));
    expect(await screen.findByText(lo.errors.HOST_IN_USE)).toBeInTheDocument();
    expect(refused.isDone()).toBe(true);
  });

  it('removes a host with the reason asked in a dialog', async () => {
    renderSettings();
    const hosts = await screen.findByRole('region', { name: text.hosts.heading });
    const removed = nock(ADMIN)
      .delete('/settings/agency/hosts/old.example', { reason: 'domain expired' })
      .reply(200, { ...SETTINGS, hosts: ['champa.example', 'localhost'] });
    nock(ADMIN)
      .get('/settings/agency')
      .reply(200, { ...SETTINGS, hosts: ['champa.example', 'localhost'] });
    await userEvent.click(within(hosts).getByRole('button', { name: text.hosts.removeHost.replace('{{host}}', 'old.example') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text.hosts.removeWarning)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(REASON), 'domain expired');
    await userEvent.click(within(dialog).getByRole('button', { name: text.hosts.remove }));
    expect(await screen.findByText(text.hosts.removed)).toBeInTheDocument();
    expect(removed.isDone()).toBe(true);
    await waitFor(() => expect(screen.queryByText('old.example')).not.toBeInTheDocument());
    expect(screen.getByText('champa.example')).toBeInTheDocument();
  });
});

describe('withdrawal limits, in Lao', () => {
  const field = (form: HTMLElement, key: keyof typeof text.fields.withdrawals) => within(form).getByLabelText(text.fields.withdrawals[key]);
  const retype = async (input: HTMLElement, value: string) => {
    await userEvent.clear(input);
    await userEvent.type(input, value);
  };

  it('shows each problem in Lao and sends nothing', async () => {
    renderSettings();
    const form = await screen.findByRole('form', { name: text.withdrawals.heading });
    await retype(field(form, 'minThb'), '200000');
    await retype(field(form, 'autoApproveThb'), '100000.01');
    await retype(field(form, 'dailyLimit'), '1001');
    await userEvent.type(within(form).getByLabelText(REASON), 'new limits');
    await userEvent.click(within(form).getByRole('button', { name: text.save }));
    expect(await within(form).findByText(text.minAboveMax)).toBeInTheDocument();
    expect(within(form).getByText(text.autoApproveAboveMax)).toBeInTheDocument();
    expect(within(form).getByText(text.numberInvalid)).toBeInTheDocument();
    await retype(field(form, 'minThb'), '0');
    expect(await within(form).findByText(text.amountInvalid)).toBeInTheDocument();
  });

  it('saves the limits with the reason', async () => {
    renderSettings();
    const form = await screen.findByRole('form', { name: text.withdrawals.heading });
    const changed = { minThb: '50', maxThb: '20000', dailyLimit: 10, autoApproveThb: '1500.50' };
    const saved = nock(ADMIN)
      .put('/settings/agency', { withdrawals: changed, reason: 'summer limits' })
      .reply(200, { ...SETTINGS, withdrawals: { ...changed, minThb: '50.00', maxThb: '20000.00' } });
    nock(ADMIN)
      .get('/settings/agency')
      .reply(200, { ...SETTINGS, withdrawals: { ...changed, minThb: '50.00', maxThb: '20000.00' } });
    await retype(field(form, 'minThb'), '50');
    await retype(field(form, 'maxThb'), '20000');
    await retype(field(form, 'dailyLimit'), '10');
    await retype(field(form, 'autoApproveThb'), '1500.50');
    await userEvent.type(within(form).getByLabelText(REASON), 'summer limits');
    await userEvent.click(within(form).getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.saved)).toBeInTheDocument();
    expect(saved.isDone()).toBe(true);
    expect(await screen.findByText(/50,00 THB.*20\.000,00 THB/)).toBeInTheDocument();
  });
});
