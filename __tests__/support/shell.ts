import nock from 'nock';
import type { Promotion } from '../../contract/promotions';
import { API } from './renderApp';

export const AGENCY = { id: 'agency-1', name: 'Champa' };

export const SOCIAL = {
  whatsapp: 'https://wa.me/8562055550100',
  line: 'https://line.me/R/ti/p/@champa.demo',
  facebook: 'https://www.facebook.com/champa.demo',
  telegram: 'https://t.me/champa_demo',
  twitter: 'https://twitter.com/champa_demo',
};

export type SessionReply = 'player' | 'visitor';

/** An agency that has written no licence notice. */
export const NO_NOTICE = { lo: '', cn: '', vn: '', th: '' };

/** A player's reality check that never fires (off), so a page's own test is not interrupted by it. */
export function mockRealityCheckOff() {
  return nock(API)
    .get('/api/v2/players/reality-check')
    .reply(200, {
      sessionStartedAt: new Date().toISOString(),
      minutes: 0,
      chosen: true,
      paidInKip: '0',
      paidOutKip: '0',
      netKip: '0',
    })
    .persist();
}

/**
 * The three calls the shell makes, answered by nock: the agency, its info (social links and the
 * header's numbers) and the player info (200 for a player, 401 for a visitor).
 */
export function mockShellApi({
  session = 'visitor',
  displayName = 'Somchai',
  site = { signUpMinutes: 3, gameCount: 1500 },
  promotions,
}: {
  session?: SessionReply;
  displayName?: string;
  site?: { signUpMinutes: number; gameCount: number };
  /** The agency's live promotions for the footer; left unanswered unless given (a page's own test may answer them). */
  promotions?: Promotion[];
} = {}) {
  if (promotions) nock(API).get('/api/v2/promotions').reply(200, { promotions }).persist();
  nock(API).get('/api/v2/agency').reply(200, { agency: AGENCY }).persist();
  nock(API)
    .get('/api/v2/agency/info')
    .reply(200, { agency: { ...AGENCY, social: SOCIAL, site, notice: NO_NOTICE } })
    .persist();
  const info = nock(API).get('/api/v2/players/info');
  if (session === 'player') {
    mockRealityCheckOff();
    info
      .reply(200, {
        player: { id: 'player-1', username: 'somchai', displayName },
        credential: { passwordChangedAt: null, mustChangePassword: false },
      })
      .persist();
    // No break runs unless a test says so (its own nock, set up first, answers instead).
    nock(API).get('/api/v2/players/exclusion').reply(200, { exclusion: null }).persist();
  } else info.reply(401, { code: 'UNAUTHORIZED', message: 'Log in first' }).persist();
}
