import { Type, type Static } from 'typebox';
import { ReasonSchema as Reason } from './admin';
import { BankAccountSchema } from './bankAccounts';
import { DepositOrderSchema } from './deposits';
import { BreakSchema } from './breaks';
import { pageQueryFields, PageOf } from './page';
import { PromotionUsageSchema } from './promotions';
import { PROVIDERS } from './providers';
import { WithdrawalSchema } from './withdrawals';

/** The wire shapes of the console's players (/api/v2/admin/players). */

const NullableString = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

/**
 * ?q= matches a username or display name (part of it), a bank account number or a device
 * fingerprint. A NUL character can be in no stored text (PostgreSQL refuses it): a 400.
 */
export const PlayerSearchQuerySchema = Type.Object(
  { q: Type.String({ maxLength: 100, pattern: '^[^\\u0000]*$', default: '' }), ...pageQueryFields(20) },
  { additionalProperties: false },
);
export type PlayerSearchQuery = Static<typeof PlayerSearchQuerySchema>;

export const PlayerRowSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
  createdAt: DateTime,
  backlisted: Type.Boolean(),
  suspended: Type.Boolean(),
  bankAccountNumber: NullableString,
});
export type PlayerRow = Static<typeof PlayerRowSchema>;

export const PlayerPageSchema = PageOf(PlayerRowSchema);
export type PlayerPage = Static<typeof PlayerPageSchema>;

export const PlayerIdParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }),
});

/** One provider's live credit (THB); a provider that did not answer is unavailable, never zero. */
export const ProviderBalanceSchema = Type.Union([
  Type.Object({ provider: Type.Enum(PROVIDERS), available: Type.Literal(true), amount: Type.String() }),
  Type.Object({ provider: Type.Enum(PROVIDERS), available: Type.Literal(false) }),
]);
export type ProviderBalance = Static<typeof ProviderBalanceSchema>;

export const PlayerSessionSchema = Type.Object({
  id: Type.String(),
  createdAt: DateTime,
  expiresAt: DateTime,
  revokedAt: NullableDateTime,
  /** Neither revoked nor expired. */
  active: Type.Boolean(),
});
export type PlayerSession = Static<typeof PlayerSessionSchema>;

export const PlayerDeviceSchema = Type.Object({
  visitorId: Type.String(),
  /** The browser's user agent of the last report. */
  userAgent: Type.String(),
  lastIp: NullableString,
  firstSeenAt: DateTime,
  lastSeenAt: DateTime,
});
export type PlayerDevice = Static<typeof PlayerDeviceSchema>;

export const LINK_KINDS = ['device', 'bankAccount'] as const;

/** Another player of the agency seen on one of this player's devices, or holding the same account number. */
export const LinkedPlayerSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
  via: Type.Enum(LINK_KINDS),
  /** The shared visitor id or account number. */
  shared: Type.String(),
});
export type LinkedPlayer = Static<typeof LinkedPlayerSchema>;

export const PlayerProfileSchema = Type.Object({
  player: Type.Object({
    id: Type.String(),
    username: Type.String(),
    displayName: Type.String(),
    createdAt: DateTime,
    backlisted: Type.Boolean(),
    suspended: Type.Boolean(),
    suspendedAt: NullableDateTime,
    mustChangePassword: Type.Boolean(),
    passwordChangedAt: NullableDateTime,
  }),
  bankAccount: Type.Union([BankAccountSchema, Type.Null()]),
  /** The player's break running now, read-only: nobody ends or shortens one. */
  exclusion: Type.Union([BreakSchema, Type.Null()]),
  balances: Type.Array(ProviderBalanceSchema),
  deposits: Type.Array(DepositOrderSchema),
  withdrawals: Type.Array(WithdrawalSchema),
  promotionUsages: Type.Array(PromotionUsageSchema),
  sessions: Type.Array(PlayerSessionSchema),
  devices: Type.Array(PlayerDeviceSchema),
  linkedPlayers: Type.Array(LinkedPlayerSchema),
});
export type PlayerProfile = Static<typeof PlayerProfileSchema>;

export const PlayerBacklistBodySchema = Type.Object({ blocked: Type.Boolean(), reason: Reason }, { additionalProperties: false });
export type PlayerBacklistBody = Static<typeof PlayerBacklistBodySchema>;

export const PlayerReasonBodySchema = Type.Object({ reason: Reason }, { additionalProperties: false });
export type PlayerReasonBody = Static<typeof PlayerReasonBodySchema>;

/** Support's change of the player's bank account: the bank form's rules (LAK, the player's own name) apply. */
export const PlayerBankAccountChangeSchema = Type.Object(
  {
    bank: Type.String({ maxLength: 32 }),
    accountNumber: Type.String({ maxLength: 64 }),
    accountName: Type.String({ maxLength: 200 }),
    reason: Reason,
  },
  { additionalProperties: false },
);
export type PlayerBankAccountChange = Static<typeof PlayerBankAccountChangeSchema>;

/** What an action answers: the player's flags as they now stand. */
export const PlayerStatusResponseSchema = Type.Object({
  backlisted: Type.Boolean(),
  suspended: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
});
export type PlayerStatusResponse = Static<typeof PlayerStatusResponseSchema>;

export const PlayerBankAccountResponseSchema = Type.Object({ bankAccount: BankAccountSchema });

/** The one and only time the temporary password is given: it is stored hashed and never again readable. */
export const TemporaryPasswordResponseSchema = Type.Object({ temporaryPassword: Type.String() });
export type TemporaryPasswordResponse = Static<typeof TemporaryPasswordResponseSchema>;
