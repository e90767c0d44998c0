import type { FastifyPluginAsync } from 'fastify';
import adminAuthRoutes from './auth';
import adminOperatorRoutes from './operators';
import adminWithdrawalRoutes from './withdrawals';
import adminDepositRoutes from './deposits';

/** The operator API under /api/v2/admin, on the agency of the Host header like the player API. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminAuthRoutes);
  await app.register(adminWithdrawalRoutes);
  await app.register(adminOperatorRoutes);
  await app.register(adminDepositRoutes);
};

export default adminRoutes;
