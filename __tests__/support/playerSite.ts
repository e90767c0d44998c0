import nock from 'nock';
import type { PlayerInfoResponse } from '../../contract/players';
import type { DepositOrder } from '../../contract/deposits';
import { FINGERPRINT_STORAGE_KEY, localDate } from '../../src/features/auth/fingerprintReports';
import { API } from './renderApp';
import { FAKE_VISITOR_ID } from './fakeFingerprintjs';
import { mockRealityCheckOff, NO_NOTICE } from './shell';

export const AGENCY_ID = 'agency-1';

export const PLAYER_INFO: PlayerInfoResponse = {
  player: { id: 'player-1', username: 'somchai', displayName: 'ສົມໃຈ ດີ', createdAt: '2026-01-02T03:04:05.000Z' },
  credential: { passwordChangedAt: null, mustChangePassword: false },
  bankAccounts: [],
};

/** nock answers for the site's first calls: the agency, then the player info (a player or a visitor). */
export function mockAgency() {
  return nock(API)
    .get('/api/v2/agency')
    .reply(200, { agency: { id: AGENCY_ID, name: 'Champa' } });
}

export function mockVisitor() {
  return nock(API).get('/api/v2/players/info').reply(401, { code: 'UNAUTHORIZED', message: 'Log in first' });
}

export function mockPlayer(info: PlayerInfoResponse = PLAYER_INFO) {
  return nock(API).get('/api/v2/players/info').reply(200, info);
}

export function mockAgencyInfo() {
  return nock(API)
    .get('/api/v2/agency/info')
    .reply(200, {
      agency: {
        id: AGENCY_ID,
        name: 'Champa',
        social: { whatsapp: '', line: '', facebook: '', telegram: '', twitter: '' },
        notice: NO_NOTICE,
      },
    });
}

/** As if this device had been reported for the agency today, so no fingerprint call is due. */
export function rememberReportedToday() {
  localStorage.setItem(FINGERPRINT_STORAGE_KEY, JSON.stringify({ [AGENCY_ID]: { fingerprint: FAKE_VISITOR_ID, date: localDate() } }));
}

/** The /player area for a logged-in player whose device was reported today: agency, player info, agency info. */
export function serveLoggedInPlayer(info: PlayerInfoResponse = PLAYER_INFO) {
  mockAgency();
  mockPlayer(info).persist();
  mockAgencyInfo().persist();
  // No break runs unless a test says so (its own nock, set up first, answers instead).
  nock(API).get('/api/v2/players/exclusion').reply(200, { exclusion: null }).persist();
  mockRealityCheckOff();
  rememberReportedToday();
}

/**
 * What the deposit form asks for, for a logged-in player (serveLoggedInPlayer) with one LAK account:
 * the account, the THB rate, no promotion in use, the agency's deposit bounds, and `open` as the
 * open orders the page resumes.
 */
export function serveDepositForm(open: DepositOrder[] = []) {
  nock(API)
    .get('/api/v2/players/bank-accounts')
    .reply(200, {
      bankAccounts: [
        {
          id: 'a1',
          bank: 'bcel',
          accountNumber: '010120001234567001',
          accountName: 'SOMCHAI DEE',
          currency: 'LAK',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    })
    .persist();
  nock(API)
    .get('/api/v2/exchange-rates')
    .reply(200, [{ code: 'THB_LAK', mid: '620', displayName: 'THB/LAK', currency: 'THB', buy: '600', sell: '640' }])
    .persist();
  nock(API).get('/api/v2/players/promotions/using').reply(200, { usage: null }).persist();
  nock(API).get('/api/v2/deposits/limits').reply(200, { minAmount: '10000', maxAmount: '50000000', expiryMinutes: 15 }).persist();
  nock(API).get('/api/v2/deposits/open').reply(200, { items: open }).persist();
}
