import type { Config } from '../../config';
import { createLaoQrGateway, type LaoQrGateway } from './laoqrGateway';

export * from './gatewayIds';
export * from './laoqrGateway';
export * from './webhook';

/** Where the sandbox bank serves the gateway API, under this server's own address. */
export const SANDBOX_GATEWAY_PATH = '/sandbox/bank/gateway';

/**
 * The gateway this server talks to: LAOQR_GATEWAY_URL, or the sandbox bank of this very server,
 * reached over loopback at `origin()` once it listens.
 */
export function gatewayFor(config: Config, origin: () => string): LaoQrGateway {
  return createLaoQrGateway({
    timeoutMs: config.laoqrGatewayTimeoutMs,
    baseUrl: config.laoqrGatewayUrl ?? (() => `${origin()}${SANDBOX_GATEWAY_PATH}`),
  });
}
