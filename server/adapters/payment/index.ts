import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createLaoQrGateway, type LaoQrGateway } from './laoqrGateway';

export * from './laoqrGateway';
export * from './webhook';

/** Where the sandbox bank serves the gateway API, under this server's own address. */
export const SANDBOX_GATEWAY_PATH = '/sandbox/bank/gateway';

/**
 * The gateway this server talks to: LAOQR_GATEWAY_URL, or the sandbox bank of this very server,
 * reached over loopback once it listens.
 */
export function gatewayFor(app: FastifyInstance, config: Config): LaoQrGateway {
  return createLaoQrGateway({
    timeoutMs: config.laoqrGatewayTimeoutMs,
    baseUrl:
      config.laoqrGatewayUrl ??
      (() => {
        const address = app.server.address() as AddressInfo | null;
        if (!address || typeof address !== 'object') throw new Error('the sandbox gateway is reachable only once the server listens');
        const wildcard = address.address === '0.0.0.0' || address.address === '::';
        const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
        return `http://${host}:${address.port}${SANDBOX_GATEWAY_PATH}`;
      }),
  });
}
