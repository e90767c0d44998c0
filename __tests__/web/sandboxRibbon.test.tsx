import nock from 'nock';
import { configure, screen } from '@testing-library/react';
import { API, renderApp } from '../support/renderApp';
import { AGENCY, NO_NOTICE, SOCIAL } from '../support/shell';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);

function serveAgency(sandbox: boolean) {
  nock(API).get('/api/v2/agency').reply(200, { agency: AGENCY, sandbox }).persist();
  nock(API)
    .get('/api/v2/agency/info')
    .reply(200, { agency: { ...AGENCY, social: SOCIAL, site: { signUpMinutes: 3, gameCount: 1500 }, notice: NO_NOTICE } })
    .persist();
  nock(API).get('/api/v2/players/info').reply(401, { code: 'UNAUTHORIZED', message: 'Log in first' }).persist();
}

describe('the sandbox ribbon', () => {
  it('tells every visitor, in Lao, that nothing here is real money while the site plays the bank itself', async () => {
    serveAgency(true);
    renderApp('/login');
    expect(await screen.findByRole('note')).toHaveTextContent('ໂໝດທົດລອງ — ບໍ່ແມ່ນເງິນແທ້');
  });

  it('is not there on a live site', async () => {
    serveAgency(false);
    renderApp('/login');
    await screen.findByTestId('footer');
    expect(screen.queryByTestId('sandbox-ribbon')).not.toBeInTheDocument();
  });
});
