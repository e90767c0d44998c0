import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { RateLimitedError } from '../domain/errors';
import { RATE_LIMITS } from '../domain/rateLimits';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, loginWithinLimits, type LoginSurface } from '../domain/loginLimits';

/**
 * A preHandler counting every call under one named limit and key (client IP, visitor id, player).
 * Several can guard one route: each is its own counter of @fastify/rate-limit, which app.ts
 * registers without a global limit and with its counters in PostgreSQL, shared by every process.
 */
export function rateLimit(app: FastifyInstance, name: keyof typeof RATE_LIMITS, key: (request: FastifyRequest) => string) {
  const { max, windowMs } = RATE_LIMITS[name];
  const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError(result.ttlInSeconds);
  };
}

/**
 * Logs in under the login limits (server/domain/loginLimits): `logIn` checks the password and sets
 * the session cookie. The device cookie a login earns follows it, for this login route only.
 */
export async function limitedLogin<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  surface: LoginSurface,
  username: string,
  logIn: () => Promise<T>,
): Promise<T> {
  const { result, deviceCookie } = await loginWithinLimits(
    request.server.db,
    { surface, agencyId: request.agency.id, username, address: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] },
    logIn,
  );
  reply.setCookie(DEVICE_COOKIE, deviceCookie, {
    path: request.routeOptions.url,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
  return result;
}
