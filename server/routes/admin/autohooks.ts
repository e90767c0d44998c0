import type { FastifyPluginAsync } from 'fastify';

/**
 * Who may call an admin route (its config.access, read by the guard below). 'operator', the
 * default: an operator with a second factor enrolled if one is required. 'owner': such an operator
 * who is an owner. 'session': any logged-in operator (to see who they are, enrol, log out).
 * 'public': anyone.
 */
export type AdminAccess = 'public' | 'session' | 'operator' | 'owner';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call an admin route; unset is 'operator'. */
    access?: AdminAccess;
  }
}

/**
 * The one guard of every route under /admin (autoload wraps the folder and its subfolders in this
 * hook), so a new route needs an enrolled operator unless its config says otherwise. onRequest, so
 * whoever may not call a route is refused before their body is parsed or validated.
 */
const adminGuard: FastifyPluginAsync = async (app) => {
  const guards = { session: app.requireOperatorSession, operator: app.requireOperator, owner: app.requireOwner };
  app.addHook('onRequest', async (request, reply) => {
    const { access = 'operator' } = request.routeOptions.config;
    if (access !== 'public') await guards[access](request, reply);
  });
  return Promise.resolve();
};

export default adminGuard;
