import { displayAmount } from '../../../contract/format';
import { formatAmount, parseAmount } from '../../../contract/money';
import { SandboxError } from '../errors';
import { artPath } from './art';
import { findSession, openSession, spin, walletBalance } from './books';
import { CATALOGS, findGame } from './catalog';
import type { ProviderRoutes } from './context';
import { expiredPage, lobbyPage, pageLanguage, slotPage } from './pages';
import { AMOUNT, MEMBER, hide, providerParams, tokenParams } from './schemas';
import { STAKES } from './slot';

/** The launch URL a player is sent to, and the game list. */
export const gameRoutes: ProviderRoutes = (app, { db, providerOf }) => {
  app.post<{ Body: { member: string; gameCode?: string; language?: string } }>(
    '/:provider/launch',
    {
      config: { operation: 'launch' },
      schema: {
        hide,
        params: providerParams,
        body: {
          type: 'object',
          required: ['member'],
          properties: { member: MEMBER, gameCode: { type: 'string', maxLength: 100 }, language: { type: 'string', maxLength: 10 } },
        },
      },
    },
    async (request) => {
      const provider = providerOf(request);
      const { member, gameCode, language } = request.body;
      await walletBalance(db, provider, member);
      if (gameCode !== undefined && !findGame(provider, gameCode))
        throw new SandboxError(404, 'UNKNOWN_GAME', `No game ${gameCode} at ${provider}`);
      const token = await openSession(db, provider, member, gameCode ?? null, pageLanguage(language));
      // A path on this server: the browser resolves it against the site it is on.
      return { url: `/sandbox/providers/${provider}/play/${token}` };
    },
  );

  app.get<{ Querystring: { tab?: string } }>(
    '/:provider/games',
    {
      config: { operation: 'games' },
      schema: { hide, params: providerParams, querystring: { type: 'object', properties: { tab: { type: 'string', maxLength: 50 } } } },
    },
    async (request) => {
      const provider = providerOf(request);
      const catalog = CATALOGS[provider];
      const tab = catalog.tabs.length ? (request.query.tab ?? catalog.tabs[0]) : null;
      if (tab !== null && !catalog.tabs.includes(tab))
        throw new SandboxError(404, 'UNKNOWN_GAME_TAB', `No tab ${tab}; tabs are ${catalog.tabs.join(', ')}`);
      return {
        tab,
        tabs: catalog.tabs,
        lobby: catalog.lobby,
        games: (tab === null ? catalog.games : catalog.games.filter((game) => game.category === tab)).map((game) => ({
          ...game,
          image: artPath(provider, game.code),
        })),
      };
    },
  );
};

/** The game page a launch URL opens, and its spins, which really move the member's wallet. */
export const slotRoutes: ProviderRoutes = (app, { db, providerOf }) => {
  app.get<{ Params: { token: string }; Querystring: { game?: string } }>(
    '/:provider/play/:token',
    { schema: { hide, params: tokenParams, querystring: { type: 'object', properties: { game: { type: 'string', maxLength: 100 } } } } },
    async (request, reply) => {
      const provider = providerOf(request);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      const session = await findSession(db, provider, request.params.token);
      if (!session) return reply.status(404).send(expiredPage(provider, pageLanguage(undefined)));
      const language = pageLanguage(session.language);
      const game = findGame(provider, session.gameCode ?? request.query.game ?? '');
      if (!game) return lobbyPage({ provider, games: CATALOGS[provider].games, language });
      const balance = await walletBalance(db, provider, session.member);
      return slotPage({ provider, game, balance, language, spinUrl: `/sandbox/providers/${provider}/play/${request.params.token}/spins` });
    },
  );

  app.post<{ Params: { token: string }; Body: { stake: string; game: string } }>(
    '/:provider/play/:token/spins',
    {
      schema: {
        hide,
        params: tokenParams,
        body: { type: 'object', required: ['stake', 'game'], properties: { stake: AMOUNT, game: { type: 'string', maxLength: 100 } } },
      },
    },
    async (request) => {
      const provider = providerOf(request);
      const session = await findSession(db, provider, request.params.token);
      if (!session) throw new SandboxError(404, 'SESSION_EXPIRED', 'Open the game again from the site');
      const game = findGame(provider, session.gameCode ?? request.body.game);
      if (!game) throw new SandboxError(404, 'UNKNOWN_GAME', 'No such game');
      const stake = parseAmount(request.body.stake, 'THB');
      if (stake === undefined || !STAKES.includes(stake))
        throw new SandboxError(400, 'VALIDATION_ERROR', `The stake is one of ${STAKES.map((s) => formatAmount(s, 'THB')).join(', ')}`);
      const result = await spin(db, session, game.code, stake);
      return {
        reels: result.reels,
        stake: formatAmount(result.stake, 'THB'),
        payout: formatAmount(result.payout, 'THB'),
        balance: formatAmount(result.balance, 'THB'),
        // What the page shows, in the site's Lao format (1.234,50).
        display: { balance: displayAmount(formatAmount(result.balance, 'THB')), payout: displayAmount(formatAmount(result.payout, 'THB')) },
      };
    },
  );
};
