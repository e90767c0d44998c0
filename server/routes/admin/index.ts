import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../src/contract/errors';
import { AppError } from '../../domain/errors';
import { OPERATOR_COOKIE, OPERATOR_SESSION_HOURS, findOperatorSession, type OperatorSession } from '../../domain/operators';
import { withdrawalDeps } from '../../plugins/dependencies';
import adminAuthRoutes from './auth';
import adminOperatorRoutes from './operators';
import adminWithdrawalRoutes from './withdrawals';
import adminDepositRoutes from './deposits';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorSession;
  }
}

export interface AdminGuards {
  /** preHandler: 401 UNAUTHORIZED without a live operator session on this agency. */
  requireOperator(request: FastifyRequest): Promise<void>;
  /** preHandler: as requireOperator, and 403 FORBIDDEN unless the operator is an owner. */
  requireOwner(request: FastifyRequest): Promise<void>;
  setOperatorCookie(reply: FastifyReply, token: string): void;
  clearOperatorCookie(reply: FastifyReply): void;
}

/**
 * The operator API under /api/v2/admin, on the agency of the Host header like the player API, with
 * its own cookie so a player session never opens it (and an operator session never acts as a player).
 */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const deps = withdrawalDeps(app);
  app.decorateRequest('operator', null as unknown as OperatorSession);
  const requireOperator = async (request: FastifyRequest) => {
    const token = request.cookies[OPERATOR_COOKIE];
    const session = token ? await findOperatorSession(deps.db, token, request.agency.id) : undefined;
    if (!session) throw new AppError(401, ErrorCode.UNAUTHORIZED, 'Log in as an operator first');
    request.operator = session;
  };
  const cookieOptions = (reply: FastifyReply) => ({ path: '/api/v2/admin', httpOnly: true, sameSite: 'strict' as const, secure: reply.request.protocol === 'https' });
  const guards: AdminGuards = {
    requireOperator,
    async requireOwner(request) {
      await requireOperator(request);
      if (request.operator.role !== 'owner') throw new AppError(403, ErrorCode.FORBIDDEN, 'Only an owner may do this');
    },
    setOperatorCookie: (reply, token) => void reply.setCookie(OPERATOR_COOKIE, token, { ...cookieOptions(reply), maxAge: OPERATOR_SESSION_HOURS * 3600 }),
    clearOperatorCookie: (reply) => void reply.clearCookie(OPERATOR_COOKIE, cookieOptions(reply)),
  };
  await app.register(adminAuthRoutes, { db: deps.db, guards });
  await app.register(adminWithdrawalRoutes, { deps, guards });
  await app.register(adminOperatorRoutes, { db: deps.db, guards });
  await app.register(adminDepositRoutes, { db: deps.db, guards });
};

export default adminRoutes;
