import nock from 'nock';
import type { PlayerInfoResponse } from '../../contract/players';
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
