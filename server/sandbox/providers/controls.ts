import { SandboxError } from '../errors';
import { rigSpins } from './books';
import type { ProviderRoutes } from './context';
import { FAULT_MODES, OPERATIONS, addFault, clearFaults, type FaultRequest } from './faults';
import { hide, memberParams, providerParams } from './schemas';
import { SYMBOLS, type SlotSymbol } from './slot';

/** What tests steer: the reels of the next spins, and faults injected into the provider's operations. */
export const controlRoutes: ProviderRoutes = (app, { db, providerOf }) => {
  app.put<{ Params: { member: string }; Body: { reels: SlotSymbol[][] } }>(
    '/:provider/members/:member/rigged-spins',
    {
      schema: {
        hide,
        params: memberParams,
        body: {
          type: 'object',
          required: ['reels'],
          properties: {
            reels: {
              type: 'array',
              maxItems: 100,
              items: { type: 'array', minItems: 3, maxItems: 3, items: { type: 'string', enum: [...SYMBOLS] } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      await rigSpins(db, providerOf(request), request.params.member, request.body.reels);
      return reply.status(204).send();
    },
  );

  app.post<{ Body: FaultRequest }>(
    '/:provider/faults',
    {
      schema: {
        hide,
        params: providerParams,
        body: {
          type: 'object',
          required: ['mode'],
          additionalProperties: false,
          properties: {
            mode: { type: 'string', enum: [...FAULT_MODES] },
            calls: { type: 'integer', minimum: 1, maximum: 100000 },
            share: { type: 'number', minimum: 0, maximum: 1 },
            delayMs: { type: 'integer', minimum: 0, maximum: 600000 },
            operations: { type: 'array', items: { type: 'string', enum: [...OPERATIONS] }, minItems: 1 },
          },
        },
      },
    },
    async (request, reply) => {
      if (request.body.calls !== undefined && request.body.share !== undefined)
        throw new SandboxError(400, 'VALIDATION_ERROR', 'Give calls or share, not both');
      await addFault(db, providerOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.delete('/:provider/faults', { schema: { hide, params: providerParams } }, async (request, reply) => {
    await clearFaults(db, providerOf(request));
    return reply.status(204).send();
  });
};
