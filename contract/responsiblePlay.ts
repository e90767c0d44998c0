import { Type, type Static } from 'typebox';
import { ReasonSchema } from './admin';
import { RealityCheckMinutesSchema } from './realityCheckSchema';

/**
 * Responsible play as the agency sets it and the player reads it: the licence notice the footer
 * shows in each site language, the reality check's default interval and the most any player's
 * deposit limit may be; and the player's monthly activity statement.
 */

export const NOTICE_MAX = 1000;
/** Whole kip; the upper bound keeps the amount exact as a JSON number. */
export const DEPOSIT_LIMIT_MAX_KIP = { min: 1, max: 1_000_000_000_000 } as const;

const noticeText = Type.String({ maxLength: NOTICE_MAX });
/** The licence and jurisdiction notice in each site language; empty shows nothing in that language. */
export const NoticeSchema = Type.Object(
  { lo: noticeText, cn: noticeText, vn: noticeText, th: noticeText },
  { additionalProperties: false },
);
export type Notice = Static<typeof NoticeSchema>;

export const ResponsiblePlaySettingsSchema = Type.Object({
  notice: NoticeSchema,
  realityCheckDefaultMinutes: RealityCheckMinutesSchema,
  /**
   * Left out: the agency caps no player's deposit limit. (Not null: the API coerces types, and 0
   * would pass as null.)
   */
  depositLimitMaxKip: Type.Optional(Type.Integer({ minimum: DEPOSIT_LIMIT_MAX_KIP.min, maximum: DEPOSIT_LIMIT_MAX_KIP.max })),
});
export type ResponsiblePlaySettings = Static<typeof ResponsiblePlaySettingsSchema>;

/** PUT /api/v2/admin/responsible-play: the whole setting with the owner's reason; the console's form checks the same schema. */
export const ResponsiblePlayUpdateSchema = Type.Object(
  { ...ResponsiblePlaySettingsSchema.properties, reason: ReasonSchema },
  { additionalProperties: false },
);
export type ResponsiblePlayUpdate = Static<typeof ResponsiblePlayUpdateSchema>;

/** The months the activity statement covers, this one included. */
export const STATEMENT_MONTHS = 12;

const CountAndKipSchema = Type.Object({ count: Type.Integer(), kip: Type.String() });

/** One Vientiane calendar month (YYYY-MM) of paid deposits and paid withdrawals; net is deposits minus withdrawals. */
export const StatementMonthSchema = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  deposits: CountAndKipSchema,
  withdrawals: CountAndKipSchema,
  netKip: Type.String(),
});
export type StatementMonth = Static<typeof StatementMonthSchema>;

/** GET /api/v2/players/statement: the last 12 months, newest first, months without activity included. */
export const StatementSchema = Type.Object({ months: Type.Array(StatementMonthSchema) });
export type Statement = Static<typeof StatementSchema>;
