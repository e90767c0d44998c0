import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors';
import { SESSION_COOKIE, findSession, tokenHash, type SessionPlayer } from '../domain/players';
import { EVERY_PLAYER } from '../db/changes';
import { SessionCache } from './sessionCache';

declare module 'fastify' {
  interface FastifyRequest {
    player: SessionPlayer;
  }
  interface FastifyInstance {
    /** The live session of the request's cookie on its agency, or undefined. */
    playerSessionOf: (request: FastifyRequest) => Promise<SessionPlayer | undefined>;
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

const READ_ONLY = new Set(['GET', 'HEAD']);

/** Enough for every player active within the last minute of a busy process; a miss costs one statement. */
const CACHE_SIZE = 10_000;
/** A session check is asked again at least this often (it slides the session's expiry). */
const CACHE_MS = 60_000;

/**
 * Session checks of reads are cached per process, so a player's page loads mostly cost no
 * statement; a request that changes something always reads its session, so a session ended on any
 * process stops every change at once. Every change of a player, their sessions or bank accounts,
 * by any process or by hand, is announced (server/db/changes.ts) and drops that player's entries; a
 * change made here drops them before it answers (changingPlayer). An entry lasts only until its
 * session would slide, so expiry and sliding are what the statement alone would give. While the
 * listening connection is down nothing is cached, and it forgets everything whenever it is lost.
 */
export default fp(
  async (app) => {
    const { db } = app;
    const { sessionTtlHours } = app.config;
    await app.register(cookie);
    app.decorateRequest('player', null as unknown as SessionPlayer);

    const cache = new SessionCache(CACHE_SIZE);
    // Counts what was heard: a read that a change overtook while it ran is not cached.
    let changes = 0;
    const forgetAll = () => {
      changes++;
      cache.clear();
    };
    app.changes.subscribe({
      playerChanged: (playerId) => {
        changes++;
        if (playerId === EVERY_PLAYER) cache.clear();
        else cache.forgetPlayer(playerId);
      },
      connected: forgetAll,
      lost: forgetAll,
    });

    const playerSessionOf = async (request: FastifyRequest): Promise<SessionPlayer | undefined> => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return undefined;
      const key = `${request.agency.id}:${tokenHash(token).toString('base64')}`;
      // Taken before the statement, so the entry ends no later than the session would slide.
      const asked = performance.now();
      // What changes something reads the session itself: a logout on another process that this one
      // has not heard yet must already stop it.
      const hit = READ_ONLY.has(request.method) ? cache.get(key, asked) : undefined;
      if (hit) return hit;
      const heard = changes;
      const found = await findSession(db, token, request.agency.id, sessionTtlHours);
      if (!found) return undefined;
      if (heard === changes && app.changes.listening) {
        cache.set(key, found.player, asked + Math.min(found.reusableForMs, CACHE_MS));
      }
      return found.player;
    };
    app.decorate('playerSessionOf', playerSessionOf);

    const requirePlayerSession = async (request: FastifyRequest) => {
      const session = await playerSessionOf(request);
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
  { name: 'session', dependencies: ['dependencies', 'changes'] },
);
