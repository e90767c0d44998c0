import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
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
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet gives a response, read off a response it is run on once: they are the same
 * for every request, and handing Fastify a ready object costs a request far less than running
 * helmet's dozen middlewares, each setting and checking its header, for every answer.
 */
function helmetHeaders(setHeaders: ReturnType<typeof helmet>): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  setHeaders(response.req, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/**
 * The request's path as a router might read it: percent-decoded, slashes collapsed, lower case.
 * `/%61pi/`, `//api/` and `/API/` are then the API they may be routed to.
 */
function readablePath(url: string): string {
  const path = url.split('?', 1)[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as sent; the router refuses it too.
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

/** Under /api/ by the route that serves it or by its path read any way a router might read it. */
function apiPath(request: FastifyRequest): string | undefined {
  return [request.routeOptions.url, readablePath(request.url)].find((path) => path?.startsWith('/api/'));
}

/** A state-changing /api request from a browser page of another site, or with a body that is not JSON. */
function crossSiteRefusal(request: FastifyRequest): AppError | undefined {
  if (!STATE_CHANGING.has(request.method)) return undefined;
  const path = apiPath(request);
  if (path === undefined || path.startsWith('/api/v2/webhooks/')) return undefined;
  const origin = request.headers.origin;
  if (origin !== undefined && originHost(origin) !== request.host.toLowerCase()) {
    return new AppError(403, 'FORBIDDEN_ORIGIN', 'Cross-site requests are not allowed');
  }
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  const type = request.headers['content-type'] ?? '';
  if (hasBody && !/^application\/json\b/i.test(type)) {
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send application/json');
  }
  return undefined;
}

/**
 * Security headers for every response (a strict Content-Security-Policy for the pages, HSTS over
 * https), and the cross-site request guard for the API: a state-changing /api request must be JSON, and when the
 * browser names an Origin it must be this host. Webhooks come from the gateway, not a browser. The
 * hooks take a callback: they do no asynchronous work, and every request runs them.
 */
export default fp(async (app) => {
  const securityHeaders = helmetHeaders(
    helmet({
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
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    // Only an https request through a trusted proxy says https here (TRUST_PROXY); plain http cannot set HSTS.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(crossSiteRefusal(request));
  });

  // Schema validation lets Infinity through where a number is asked for ("Infinity" or 1e400
  // coerced, or 1e400 in JSON) and it would reach SQL as a limit, an offset or an amount.
  app.addHook('preHandler', (request, _reply, done) => {
    const nonFinite = holdsNonFiniteNumber(request.query) || holdsNonFiniteNumber(request.params) || holdsNonFiniteNumber(request.body);
    done(nonFinite ? new AppError(400, 'VALIDATION_ERROR', 'Numbers must be finite') : undefined);
  });
});
