import { Type, type Static } from 'typebox';

/**
 * Every refusal of the API: { code, message }, the code one of SPEC.md section 8's (ErrorCode in
 * errors.ts). Apart from errors.ts so that the site's first load, which reads the codes, carries
 * no schema builder.
 */
export const ApiErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  /** What the player's message names, for the refusals that carry it (DEPOSIT_LIMIT_EXCEEDED). */
  params: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ApiError = Static<typeof ApiErrorSchema>;
