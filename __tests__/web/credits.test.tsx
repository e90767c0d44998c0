import nock from 'nock';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as StoreProvider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { CreditsPanel } from '../../src/features/game/CreditsPanel';
import { makeStore } from '../../src/app/store';
import { initI18n } from '../../src/i18n';
import { theme } from '../../web/ui/theme';
import { PROVIDERS } from '../../contract/providers';
import { API } from '../support/renderApp';

function renderPanel() {
  const i18n = initI18n('lo');
  void i18n.changeLanguage('lo');
  return render(
    <StoreProvider store={makeStore()}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CreditsPanel />
        </ThemeProvider>
      </I18nextProvider>
    </StoreProvider>,
  );
}

const row = (provider: string) => screen.getByTestId(`credit-${provider}`);

describe('the credits panel', () => {
  it('shows the credit at all five providers, and the refresh action fetches all five again', async () => {
    const first = PROVIDERS.map((provider) =>
      nock(API)
        .get(`/api/v2/players/credits/${provider}`)
        .reply(200, { credit: { amount: '0.00', currency: 'THB' } }),
    );
    renderPanel();
    for (const provider of PROVIDERS) expect(await within(row(provider)).findByText('0,00 THB')).toBeInTheDocument();
    first.forEach((scope) => expect(scope.isDone()).toBe(true));

    const second = PROVIDERS.map((provider, i) =>
      nock(API)
        .get(`/api/v2/players/credits/${provider}`)
        .reply(200, { credit: { amount: `${1000 * (i + 1)}.50`, currency: 'THB' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));
    expect(await within(row('alphabet')).findByText('1.000,50 THB')).toBeInTheDocument();
    expect(await within(row('askmebet')).findByText('2.000,50 THB')).toBeInTheDocument();
    expect(await within(row('betflix')).findByText('3.000,50 THB')).toBeInTheDocument();
    expect(await within(row('gclub')).findByText('4.000,50 THB')).toBeInTheDocument();
    expect(await within(row('gclub_live')).findByText('5.000,50 THB')).toBeInTheDocument();
    second.forEach((scope) => expect(scope.isDone()).toBe(true));
  });

  it('shows a provider that is down as an error with its own retry, and the others as usual', async () => {
    for (const provider of PROVIDERS.filter((p) => p !== 'gclub')) {
      nock(API)
        .get(`/api/v2/players/credits/${provider}`)
        .reply(200, { credit: { amount: '12.00', currency: 'THB' } });
    }
    nock(API).get('/api/v2/players/credits/gclub').reply(503, { code: 'PROVIDER_UNAVAILABLE', message: 'down' });
    renderPanel();
    expect(await within(row('gclub')).findByRole('alert')).toHaveTextContent('ໂຫຼດເຄຣດິດບໍ່ໄດ້');
    expect(await within(row('askmebet')).findByText('12,00 THB')).toBeInTheDocument();

    const retried = nock(API)
      .get('/api/v2/players/credits/gclub')
      .reply(200, { credit: { amount: '7.25', currency: 'THB' } });
    await userEvent.click(within(row('gclub')).getByRole('button', { name: 'ລອງໃໝ່ GClub' }));
    expect(await within(row('gclub')).findByText('7,25 THB')).toBeInTheDocument();
    expect(retried.isDone()).toBe(true);
  });
});
