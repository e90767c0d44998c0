import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../domain/errors';

function originHost(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return '';
  }
}

function holdsNonFiniteNumber(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object' || depth > 20) return false;
  return Object.values(value).some((item) => holdsNonFiniteNumber(item, depth + 1));
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers for every response (a strict Content-Security-Policy for the pages), and the
 * cross-site request guard for the API: a state-changing /api request must be JSON, and when the
 * browser names an Origin it must be this host. Webhooks come from the gateway, not a browser.
 */
export default fp(async (app) => {
  // Built once: every response gets the same headers, where @fastify/helmet built its middleware
  // (and parsed the policy) again for each request.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // styled-components injects its rules as <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: a configured game provider serves its games' pictures from its own host.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, () => done()));

  // Schema validation lets Infinity through where a number is asked for ("Infinity" or 1e400
  // coerced, or 1e400 in JSON) and it would reach SQL as a limit, an offset or an amount.
  app.addHook('preHandler', async (request) => {
    if (holdsNonFiniteNumber(request.query) || holdsNonFiniteNumber(request.params) || holdsNonFiniteNumber(request.body)) {
      throw new AppError(400, 'VALIDATION_ERROR', 'Numbers must be finite');
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/v2/webhooks/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && originHost(origin) !== request.host.toLowerCase()) {
      throw new AppError(403, 'FORBIDDEN_ORIGIN', 'Cross-site requests are not allowed');
    }
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = request.headers['content-type'] ?? '';
    if (hasBody && !/^application\/json\b/i.test(type)) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send application/json');
    }
  });
});
