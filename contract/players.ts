import { Type, type Static } from 'typebox';
import { BankAccountSchema } from './bankAccounts';
import { VISITOR_ID_PATTERN, type DeviceFingerprint } from './deviceFingerprint';
import { DeviceFingerprintSchema } from './deviceFingerprintSchema';
import type { RegisterForm } from './playerForms';

/** Player accounts: the shapes of the player calls (their forms' rules are in playerForms.ts). */

export { DEVICE_TEXT_MAX, FINGERPRINT_HEADER, VISITOR_ID_PATTERN, type DeviceFingerprint } from './deviceFingerprint';

export const PlayerSummarySchema = Type.Object({ id: Type.String(), username: Type.String(), displayName: Type.String() });
export type PlayerSummary = Static<typeof PlayerSummarySchema>;

export interface RegisterRequest extends RegisterForm {
  fingerprint: DeviceFingerprint;
}

export const PlayerResponseSchema = Type.Object({ player: PlayerSummarySchema });
export type PlayerResponse = Static<typeof PlayerResponseSchema>;

export const PlayerInfoResponseSchema = Type.Object({
  player: Type.Object({ ...PlayerSummarySchema.properties, createdAt: Type.String() }),
  credential: Type.Object({
    passwordChangedAt: Type.Union([Type.String(), Type.Null()]),
    /** An operator reset the password: the site asks for a new one before anything else. */
    mustChangePassword: Type.Boolean(),
  }),
  // The bank-account capability owns the items' shape; they pass through as they are.
  bankAccounts: Type.Array(BankAccountSchema),
});
export type PlayerInfoResponse = Static<typeof PlayerInfoResponseSchema>;

export const UsernameAvailabilitySchema = Type.Object({ available: Type.Boolean() });
export type UsernameAvailability = Static<typeof UsernameAvailabilitySchema>;

export const BacklistResponseSchema = Type.Object({ blocked: Type.Boolean() });
export type BacklistResponse = Static<typeof BacklistResponseSchema>;

export const FingerprintResponseSchema = Type.Object({ fingerprint: Type.Object({ visitorId: Type.String(), recordedAt: Type.String() }) });
export type FingerprintResponse = Static<typeof FingerprintResponseSchema>;

export const LoggedOutSchema = Type.Object({ loggedOut: Type.Boolean() });
export const PasswordChangedSchema = Type.Object({ changed: Type.Boolean() });

// The bodies' JSON schemas cap what can arrive at all; the yup schemas above hold the precise rules and messages.
const text = (maxLength: number) => Type.String({ maxLength });
const closed = { additionalProperties: false } as const;

export const RegisterHeadersSchema = Type.Object({ 'x-fingerprint': Type.String({ pattern: VISITOR_ID_PATTERN.source }) });
export const RegisterBodySchema = Type.Object(
  {
    username: text(64),
    password: text(128),
    confirmPassword: text(128),
    displayName: Type.Optional(text(128)),
    ageConfirmed: Type.Boolean(),
    fingerprint: DeviceFingerprintSchema,
  },
  closed,
);
export const UsernameBodySchema = Type.Object({ username: text(64) }, closed);
export const LoginBodySchema = Type.Object({ username: text(64), password: text(128) }, closed);
export const ChangePasswordBodySchema = Type.Object(
  { currentPassword: text(128), newPassword: text(128), confirmNewPassword: text(128) },
  closed,
);
export const FingerprintBodySchema = Type.Object({ fingerprint: DeviceFingerprintSchema }, closed);
