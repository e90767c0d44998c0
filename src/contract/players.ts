import { boolean, object, string, type InferType } from 'yup';
import { Type, type Static } from 'typebox';
import { BankAccountSchema } from './bankAccounts';
import { VISITOR_ID_PATTERN, type DeviceFingerprint } from './deviceFingerprint';
import { DeviceFingerprintSchema } from './deviceFingerprintSchema';

/**
 * Player accounts: the yup schemas the forms validate with and the server validates every body
 * with, and the shapes of the player calls. Messages are translation keys (namespace auth for
 * register and login, password for the change-password form); their texts take the limits of
 * PLAYER_LIMITS as interpolation values.
 */

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
/** Lowercase English letters, digits, hyphen and underscore. */
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const DISPLAY_NAME_MAX = 32;

export const PLAYER_LIMITS = {
  usernameMin: USERNAME_MIN,
  usernameMax: USERNAME_MAX,
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  displayNameMax: DISPLAY_NAME_MAX,
} as const;

// Letters, marks, digits, punctuation and spaces; no control or invisible formatting characters.
const DISPLAY_NAME_PATTERN = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u;

export const usernameSchema = string()
  .trim()
  .required('validation.username_required')
  .min(USERNAME_MIN, 'validation.username_too_short')
  .max(USERNAME_MAX, 'validation.username_too_long')
  .matches(USERNAME_PATTERN, 'validation.username_format');

/** Equal to the sibling field; an empty value is left to the required rule, which says more. */
const sameAs = (field: string) => (value: string | undefined, context: { parent: Record<string, unknown> }) =>
  !value || value === context.parent[field];

const newPasswordSchema = string()
  .required('validation.password_required')
  .min(PASSWORD_MIN, 'validation.password_too_short')
  .max(PASSWORD_MAX, 'validation.password_too_long');

export const usernameCheckSchema = object({ username: usernameSchema });

export const registerSchema = object({
  username: usernameSchema,
  password: newPasswordSchema,
  confirmPassword: string()
    .required('validation.confirm_password_required')
    .test('same-as-password', 'validation.password_not_match', sameAs('password')),
  displayName: string()
    .trim()
    .max(DISPLAY_NAME_MAX, 'validation.display_name_too_long')
    .matches(DISPLAY_NAME_PATTERN, 'validation.display_name_format'),
  ageConfirmed: boolean().required('validation.age_confirmation_required').oneOf([true], 'validation.age_confirmation_required'),
});

/** Phones capitalise the first letter; usernames are lowercase, so login lowercases what was typed. */
export const loginSchema = object({
  username: string().trim().lowercase().required('validation.username_required').max(USERNAME_MAX, 'validation.username_too_long'),
  password: string().required('validation.password_required').max(PASSWORD_MAX, 'validation.password_too_long'),
});

/**
 * SPEC.md section 5, change password; keys of the password namespace. Formik hands yup an empty
 * field as undefined, so every field is also required: an empty one is told so instead of passing.
 */
export const changePasswordSchema = object({
  currentPassword: string().required('validation.please_enter_password').min(PASSWORD_MIN, 'validation.password_must_greater_than'),
  newPassword: string()
    .required('validation.please_enter_password')
    .min(PASSWORD_MIN, 'validation.password_must_greater_than')
    .max(PASSWORD_MAX, 'validation.password_must_less_than'),
  confirmNewPassword: string()
    .required('validation.please_enter_password')
    .min(PASSWORD_MIN, 'validation.password_must_greater_than')
    .test('same-as-new-password', 'validation.password_not_match', sameAs('newPassword')),
});

export type RegisterForm = InferType<typeof registerSchema>;
export type LoginForm = InferType<typeof loginSchema>;
export type ChangePasswordForm = InferType<typeof changePasswordSchema>;

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
