import type { FastifyInstance } from 'fastify';

/**
 * A refusal of a sandbox, answered as { code, message } with statusCode. The sandboxes stand for
 * other companies, so they speak their own codes and never borrow the site's domain errors.
 */
export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

/** Answers a sandbox's own refusals; anything else goes on to the site's error handler. */
export function answerSandboxErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SandboxError) return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    throw error;
  });
}
