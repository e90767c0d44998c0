import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors';
import { SESSION_COOKIE, findSession, type SessionPlayer } from '../domain/players';

declare module 'fastify' {
  interface FastifyRequest {
    player: SessionPlayer;
  }
  interface FastifyInstance {
    /**
     * preHandler for player routes: 401 UNAUTHORIZED without a live session on this agency, 403
     * PASSWORD_CHANGE_REQUIRED while an operator's password reset waits for the player's new one.
     */
    requirePlayer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** As requirePlayer, but open while a password change is required: the info and the change itself. */
    requirePlayerSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyReply {
    setSessionCookie(token: string): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

export default fp(
  async (app) => {
    const { db } = app;
    const { sessionTtlHours } = app.config;
    await app.register(cookie);
    app.decorateRequest('player', null as unknown as SessionPlayer);

    const requirePlayerSession = async (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await findSession(db, token, request.agency.id, sessionTtlHours) : undefined;
      if (!session) throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
      request.player = session;
    };
    app.decorate('requirePlayerSession', requirePlayerSession);
    app.decorate('requirePlayer', async (request: FastifyRequest) => {
      await requirePlayerSession(request);
      if (request.player.mustChangePassword) {
        throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Choose a new password first');
      }
    });

    // HttpOnly keeps the token away from scripts; Lax blocks it on cross-site posts.
    const options = (reply: FastifyReply) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: reply.request.protocol === 'https',
    });
    app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
      return this.setCookie(SESSION_COOKIE, token, { ...options(this), maxAge: sessionTtlHours * 3600 });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, options(this));
    });
  },
  { name: 'session', dependencies: ['dependencies'] },
);
