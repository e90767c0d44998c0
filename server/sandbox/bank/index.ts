import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { answerSandboxErrors } from '../errors';
import { bankContext, type SandboxBankOptions } from './context';
import { paymentStatusRoute, payoutRoutes, refundRoutes, statementRoute } from './gateway';
import { controlRoutes, payRoutes, paymentRoutes } from './tester';

const publicDir = path.join(__dirname, 'public');
const assets = {
  'bank.js': { file: path.join(publicDir, 'bank.js'), type: 'text/javascript; charset=utf-8' },
  'bank.css': { file: path.join(publicDir, 'bank.css'), type: 'text/css; charset=utf-8' },
  // Its own icon: without one the browser asks for /favicon.ico, which the site does not serve.
  'bank.svg': { file: path.join(publicDir, 'bank.svg'), type: 'image/svg+xml' },
  'jsQR.js': { file: require.resolve('jsqr'), type: 'text/javascript; charset=utf-8' },
} as const;

/**
 * The sandbox bank app and LaoQR gateway, served at /sandbox/bank when no real gateway is
 * configured. A tester opens the page, pastes or uploads a deposit's QR, sees payee and amount and
 * pays; the gateway then calls the site's webhook, signed as a real gateway signs it. The JSON API
 * under /api drives the same actions for tests; /gateway is what the site's payment adapter calls.
 */
const sandboxBank: FastifyPluginAsync<SandboxBankOptions> = async (app, options) => {
  answerSandboxErrors(app);
  const bank = bankContext(app, options);

  // Static HTML: everything the page shows comes from the JSON API through bank.js (the site's
  // Content-Security-Policy allows no inline script).
  const page = fs.readFileSync(path.join(publicDir, 'bank.html'));
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });
  for (const [name, asset] of Object.entries(assets)) {
    const content = fs.readFileSync(asset.file);
    app.get(`/${name}`, { schema: { hide: true } }, async (request, reply) =>
      reply.type(asset.type).header('Cache-Control', 'no-cache').send(content),
    );
  }

  payRoutes(app, bank);
  paymentRoutes(app, bank);
  controlRoutes(app, bank);
  paymentStatusRoute(app, bank);
  payoutRoutes(app, bank);
  refundRoutes(app, bank);
  statementRoute(app, bank);
};

export default sandboxBank;
