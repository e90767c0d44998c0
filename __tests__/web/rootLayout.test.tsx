import nock from 'nock';
import { screen } from '@testing-library/react';
import { agencyApi } from '../../src/api/agency';
import { API, renderApp } from '../support/renderApp';

describe('root layout', () => {
  it('loads the agency first, keeps it in the api cache and shows header, page and footer', async () => {
    nock(API)
      .get('/api/v2/agency')
      .reply(200, { agency: { id: 'agency-1', name: 'Champa' } });
    const { store } = renderApp('/');
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(await screen.findByTestId('footer')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Champa');
    expect(await screen.findByRole('heading', { level: 1, name: 'ເກມອອນລາຍທີ່ດີທີ່ສຸດໃນລາວ' })).toBeInTheDocument();
    expect(agencyApi.endpoints.getAgency.select()(store.getState()).data?.agency.id).toBe('agency-1');
  });

  it('shows the cannot-enter screen with its picture and Lao message when no agency serves the host', async () => {
    nock(API).get('/api/v2/agency').reply(404, { code: 'AGENCY_NOT_FOUND', message: 'No agency serves this host' });
    renderApp('/');
    const screenEl = await screen.findByTestId('cannot-enter');
    expect(screenEl).toHaveTextContent('ບໍ່ສາມາດເຂົ້າເວັບໄຊນີ້ໄດ້ ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການລູກຄ້າ');
    expect(screen.getByRole('img', { name: 'ປະຕູທີ່ລັອກໄວ້' })).toBeInTheDocument();
    expect(screen.queryByTestId('footer')).not.toBeInTheDocument();
  });

  it('offers a retry when the server fails, and recovers', async () => {
    nock(API).get('/api/v2/agency').reply(500, { code: 'INTERNAL', message: 'x' });
    renderApp('/');
    const retry = await screen.findByRole('button', { name: 'ລອງໃໝ່' });
    nock(API)
      .get('/api/v2/agency')
      .reply(200, { agency: { id: 'agency-1', name: 'Champa' } });
    retry.click();
    expect(await screen.findByTestId('footer')).toBeInTheDocument();
  });

  it('shows the Not Found page for an unknown path', async () => {
    nock(API)
      .get('/api/v2/agency')
      .reply(200, { agency: { id: 'agency-1', name: 'Champa' } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: /Not Found/ })).toBeInTheDocument();
  });
});
