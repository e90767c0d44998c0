import { Type, type Static, type TSchema } from 'typebox';

/**
 * Pieces every wire schema is made of. The schemas in this folder are the one definition of each
 * request and response: the server validates and documents with them, and their Static types are
 * what the SPA imports (as types only, so no schema code reaches the browser).
 */
export const ApiErrorSchema = Type.Object({ code: Type.String(), message: Type.String() });
export type ApiErrorBody = Static<typeof ApiErrorSchema>;

/** An amount as a decimal string ("1500.00" THB, "100000" kip). */
export const Decimal = Type.String({ description: 'A decimal amount, like "1500.00"' });
export const DateTime = Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One page of a list. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), page: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() });

/** ?page=&pageSize= of a paged list, with their defaults. */
export const PageQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  },
  { additionalProperties: false },
);

/** The Idempotency-Key header; its rule (src/contract/idempotency.ts) is the domain's to apply, with its own error code. */
export const IdempotencyKeyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 200 })) });

/** The error answers a route may give, each { code, message }. */
export const errorsFor = <const Statuses extends number[]>(...statuses: Statuses) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<Statuses[number], typeof ApiErrorSchema>;
