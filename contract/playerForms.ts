import { boolean, object, string, type InferType } from 'yup';
import { newPasswordSchema, PASSWORD_MIN } from './passwords';

/**
 * The player's forms (register, login, change password): the yup schemas the forms validate with
 * and the server validates every body with. Messages are translation keys (namespace auth for
 * register and login, password for the change-password form); their texts take the limits of
 * PLAYER_LIMITS as interpolation values. No TypeBox here: the login page needs these rules only.
 */

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
/** Lowercase English letters, digits, hyphen and underscore. */
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;
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

export const usernameCheckSchema = object({ username: usernameSchema });

export const registerSchema = object({
  username: usernameSchema,
  password: newPasswordSchema(
    { min: PASSWORD_MIN, max: PASSWORD_MAX },
    {
      required: 'validation.password_required',
      tooShort: 'validation.password_too_short',
      tooLong: 'validation.password_too_long',
      guessable: 'validation.password_guessable',
    },
  ),
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
 * Change password; keys of the password namespace. Formik hands yup an empty
 * field as undefined, so every field is also required: an empty one is told so instead of passing.
 */
export const changePasswordSchema = object({
  currentPassword: string().required('validation.please_enter_password').min(PASSWORD_MIN, 'validation.password_must_greater_than'),
  newPassword: newPasswordSchema(
    { min: PASSWORD_MIN, max: PASSWORD_MAX },
    {
      required: 'validation.please_enter_password',
      tooShort: 'validation.password_must_greater_than',
      tooLong: 'validation.password_must_less_than',
      guessable: 'validation.password_guessable',
    },
  ),
  confirmNewPassword: string()
    .required('validation.please_enter_password')
    .min(PASSWORD_MIN, 'validation.password_must_greater_than')
    .test('same-as-new-password', 'validation.password_not_match', sameAs('newPassword')),
});

export type RegisterForm = InferType<typeof registerSchema>;
export type LoginForm = InferType<typeof loginSchema>;
export type ChangePasswordForm = InferType<typeof changePasswordSchema>;
