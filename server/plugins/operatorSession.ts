import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OperatorErrorCode } from '../../contract/admin';
import { ErrorCode } from '../../contract/errors';
import { AppError } from '../domain/errors';
import { OPERATOR_COOKIE, OPERATOR_SESSION_HOURS, findOperatorSession, type OperatorSession } from '../domain/operators';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorSession;
  }
  interface FastifyInstance {
    /**
     * The guard (routes/admin/autohooks.ts) of what an operator may do before enrolling a required
     * second factor (see who they are, enrol, log out): 401 UNAUTHORIZED without a live operator session on this agency.
     */
    requireOperatorSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The guard of operator routes: as requireOperatorSession, and 403 TOTP_ENROLMENT_REQUIRED until a required second factor is enrolled. */
    requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The guard of owners' routes: as requireOperator, and 403 FORBIDDEN unless the operator is an owner. */
    requireOwner: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyReply {
    setOperatorCookie(token: string): FastifyReply;
    clearOperatorCookie(): FastifyReply;
  }
}

/**
 * The operator twin of the player session: its own cookie, scoped to /api/v2/admin, so a player
 * session never opens the operator API (and an operator session never acts as a player).
 */
export default fp(
  async (app) => {
    const { db } = app;
    app.decorateRequest('operator', null as unknown as OperatorSession);

    const requireOperatorSession = async (request: FastifyRequest) => {
      const token = request.cookies[OPERATOR_COOKIE];
      const session = token ? await findOperatorSession(db, token, request.agency.id) : undefined;
      if (!session) throw new AppError(401, ErrorCode.UNAUTHORIZED, 'Log in as an operator first');
      request.operator = session;
    };
    const requireOperator = async (request: FastifyRequest) => {
      await requireOperatorSession(request);
      if (request.operator.secondFactor === 'required') {
        throw new AppError(403, OperatorErrorCode.TOTP_ENROLMENT_REQUIRED, 'Enrol a second factor first');
      }
    };
    app.decorate('requireOperatorSession', requireOperatorSession);
    app.decorate('requireOperator', requireOperator);
    app.decorate('requireOwner', async (request: FastifyRequest) => {
      await requireOperator(request);
      if (request.operator.role !== 'owner') throw new AppError(403, ErrorCode.FORBIDDEN, 'Only an owner may do this');
    });

    // Strict: no operator action is ever started from another site.
    const options = (reply: FastifyReply) => ({
      path: '/api/v2/admin',
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: reply.request.protocol === 'https',
    });
    app.decorateReply('setOperatorCookie', function (this: FastifyReply, token: string) {
      return this.setCookie(OPERATOR_COOKIE, token, { ...options(this), maxAge: OPERATOR_SESSION_HOURS * 3600 });
    });
    app.decorateReply('clearOperatorCookie', function (this: FastifyReply) {
      return this.clearCookie(OPERATOR_COOKIE, options(this));
    });
  },
  { name: 'operatorSession', dependencies: ['dependencies', 'session'] },
);
