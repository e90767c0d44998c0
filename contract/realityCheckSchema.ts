import { Type } from 'typebox';

// Apart from realityCheck.ts so the shell's reality-check timer, loaded with every page, takes no schema builder.

export const RealityCheckMinutesSchema = Type.Union([Type.Literal(0), Type.Literal(15), Type.Literal(30), Type.Literal(60)]);

/** GET /api/v2/players/reality-check. Kip amounts are whole-kip decimal strings; net is paid in minus paid out. */
export const RealityCheckSchema = Type.Object({
  sessionStartedAt: Type.String({ format: 'date-time' }),
  minutes: RealityCheckMinutesSchema,
  /** false while the player has not chosen and the agency's default applies */
  chosen: Type.Boolean(),
  paidInKip: Type.String(),
  paidOutKip: Type.String(),
  netKip: Type.String(),
});

/** PUT /api/v2/players/reality-check. */
export const RealityCheckUpdateSchema = Type.Object({ minutes: RealityCheckMinutesSchema }, { additionalProperties: false });
