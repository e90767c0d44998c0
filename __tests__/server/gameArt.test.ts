import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProviderClient } from '../../server/adapters/providers';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { PROVIDERS } from '../../contract/providers';
import type { Game, GameListResponse } from '../../contract/games';

let t: TestApp;
const HOST = 'art.example';

beforeAll(async () => {
  t = await buildTestApp({ providerTimeoutMs: 2000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await createTestAgency(t, 'art', [HOST]);
});
afterAll(() => t.close());

const art = (provider: string, code: string) => t.app.inject({ url: `/sandbox/providers/${provider}/art/${code}.svg` });

describe('the sandbox games’ artwork', () => {
  it('draws one SVG per game code: the same bytes every time, another picture for another code, and no text', async () => {
    const first = await art('askmebet', 'amb-lucky-lotus');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(first.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(first.body).not.toMatch(/<text|<tspan|<foreignObject/i);

    const again = await art('askmebet', 'amb-lucky-lotus');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const other = await art('askmebet', 'amb-jade-tiger');
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toBe(first.body);
  });

  it('answers 404 for a code the provider does not have, and refuses paths that are not a code', async () => {
    expect((await art('askmebet', 'no-such-game')).statusCode).toBe(404);
    expect((await art('alphabet', 'amb-lucky-lotus')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sandbox/providers/askmebet/art/..%2F..%2Fetc.svg' })).statusCode).toBe(400);
  });
});

describe('GET /api/v2/games/{provider} with pictures', () => {
  it('carries each game’s picture URL from the provider, open to visitors, and each URL serves that game’s SVG', async () => {
    for (const provider of PROVIDERS) {
      const res = await t.app.inject({ url: `/api/v2/games/${provider}`, headers: { host: HOST } });
      expect(res.statusCode).toBe(200);
      const list: GameListResponse = res.json();
      expect(list.games.length).toBeGreaterThan(0);
      for (const game of list.games) expect(game.image).toBe(`/sandbox/providers/${provider}/art/${game.code}.svg`);
      const [game] = list.games as [Game];
      const picture = await t.app.inject({ url: game.image ?? '' });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });
});

describe('the provider adapter', () => {
  it('carries a provider’s own picture URL as it is, and null for a game without one', async () => {
    const provider = http.createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          tab: null,
          tabs: [],
          lobby: false,
          games: [
            { code: 'a', name: 'With picture', category: 'Slot', image: 'https://cdn.provider.example/games/a.webp' },
            { code: 'b', name: 'Without', category: 'Slot' },
            { code: 'c', name: 'Empty', category: 'Slot', image: '' },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = provider.address() as AddressInfo;
      const client = createProviderClient({ baseUrl: () => `http://127.0.0.1:${port}`, timeoutMs: 2000 });
      const list = await client.games('alphabet');
      expect(list.games.map((game) => game.image)).toEqual(['https://cdn.provider.example/games/a.webp', null, null]);
    } finally {
      provider.close();
    }
  });
});
