import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProviderClient, ProviderRefusal, ProviderUnavailable } from '../../server/adapters/providers';
import { createLaoQrGateway } from '../../server/adapters/payment';
import { freePort } from '../../scripts/freePort';

/** A stand-in for a provider or the bank: each request is answered by the next of `answers`, the last one again after that. */
interface OutsideServer {
  origin: string;
  hits: () => number;
  connections: () => number;
  close: () => void;
}

type Answer = { status: number; body: string; delayMs?: number };

async function outsideServer(...answers: Answer[]): Promise<OutsideServer> {
  let hits = 0;
  let connections = 0;
  const server = http.createServer((_request, response) => {
    const { status, body, delayMs = 0 } = answers[Math.min(hits, answers.length - 1)];
    hits += 1;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    }, delayMs);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const servers: OutsideServer[] = [];
async function serving(...answers: Answer[]): Promise<OutsideServer> {
  const server = await outsideServer(...answers);
  servers.push(server);
  return server;
}
afterEach(() => servers.splice(0).forEach((server) => server.close()));

const providerAt = (origin: string, timeoutMs = 2000) => createProviderClient({ baseUrl: () => origin, timeoutMs });

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );

describe('the game provider adapter over HTTP', () => {
  it('reads an answer, and keeps its connections open from one call to the next', async () => {
    const provider = await serving({ status: 200, body: JSON.stringify({ balance: '150.25' }) });
    for (let call = 0; call < 10; call++) expect(await providerAt(provider.origin).balance('gclub', 'member1')).toBe(150_25n);
    expect(provider.hits()).toBe(10);
    // A connection may still be finishing its answer when the next call starts; then a second one opens, and both are kept.
    expect(provider.connections()).toBeLessThanOrEqual(2);
  });

  it('takes a 4xx with a code as the provider’s refusal, asked once', async () => {
    const provider = await serving({ status: 409, body: JSON.stringify({ code: 'INSUFFICIENT_BALANCE' }) });
    const error = await failureOf(
      providerAt(provider.origin).transfer('gclub', { ref: 'r1', member: 'm1', direction: 'OUT', amount: 1_00n }),
    );
    expect(error).toBeInstanceOf(ProviderRefusal);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', status: 409 });
    expect(provider.hits()).toBe(1);
  });

  it('asks again after a 5xx, and gives up as unavailable after three', async () => {
    const recovering = await serving({ status: 503, body: '{}' }, { status: 200, body: JSON.stringify({ balance: '1.00' }) });
    expect(await providerAt(recovering.origin).balance('askmebet', 'm1')).toBe(1_00n);
    expect(recovering.hits()).toBe(2);

    const down = await serving({ status: 502, body: 'Bad Gateway' });
    const error = await failureOf(providerAt(down.origin).balance('askmebet', 'm1'));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error).toMatchObject({ operation: 'balance', timedOut: false, message: 'askmebet balance: HTTP 502' });
    expect(down.hits()).toBe(3);
  });

  it('calls an answer that is not JSON unavailable', async () => {
    const provider = await serving({ status: 200, body: '<html>maintenance</html>' });
    expect(await failureOf(providerAt(provider.origin).balance('betflix', 'm1'))).toMatchObject({
      name: 'ProviderUnavailable',
      message: 'betflix balance: HTTP 200',
    });
  });

  it('calls no answer within the timeout a time-out, and does not ask again', async () => {
    const provider = await serving({ status: 200, body: JSON.stringify({ balance: '1.00' }), delayMs: 400 });
    const error = await failureOf(providerAt(provider.origin, 100).balance('alphabet', 'm1'));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error).toMatchObject({ timedOut: true, message: 'alphabet balance: no answer within 100 ms' });
    expect(provider.hits()).toBe(1);
  });

  it('names a refused connection', async () => {
    const closedPort = await freePort();
    const error = await failureOf(providerAt(`http://127.0.0.1:${closedPort}`).balance('gclub_live', 'm1'));
    expect(error).toMatchObject({ name: 'ProviderUnavailable', timedOut: false, message: 'gclub_live balance: ECONNREFUSED' });
  });
});

describe('the LaoQR gateway adapter over HTTP', () => {
  it('keeps a payout with no answer, a refused connection or a body that is not one unknown, with the reason', async () => {
    const slow = await serving({ status: 200, body: '{}', delayMs: 400 });
    expect(await createLaoQrGateway({ baseUrl: slow.origin, timeoutMs: 100 }).payoutStatus('WD-1')).toEqual({
      outcome: 'unknown',
      ref: 'WD-1',
      reason: 'TIMEOUT',
    });
    const closedPort = await freePort();
    expect(await createLaoQrGateway({ baseUrl: `http://127.0.0.1:${closedPort}`, timeoutMs: 1000 }).payoutStatus('WD-2')).toEqual({
      outcome: 'unknown',
      ref: 'WD-2',
      reason: 'NETWORK: ECONNREFUSED',
    });
    const garbled = await serving({ status: 200, body: 'not json' });
    expect(await createLaoQrGateway({ baseUrl: garbled.origin, timeoutMs: 1000 }).payoutStatus('WD-3')).toEqual({
      outcome: 'unknown',
      ref: 'WD-3',
      reason: 'BAD_RESPONSE',
    });
  });
});
