import fs from 'node:fs';
import path from 'node:path';
import { changePasswordSchema, loginSchema, registerSchema } from '../../contract/playerForms';

const locales = path.join(__dirname, '../../public/locales');
const load = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Every message a schema gives for these values (all fields, all broken rules). */
async function messagesOf(schema: { validate(value: unknown, options: object): Promise<unknown> }, value: unknown): Promise<string[]> {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('player account messages', () => {
  it.each(['auth', 'password'])('the %s namespace has the same keys in lo, cn, vn and th', (namespace) => {
    const lo = keysOf(load('lo', namespace)).sort();
    for (const language of ['cn', 'vn', 'th']) expect(keysOf(load(language, namespace)).sort()).toEqual(lo);
  });

  it('every message of the register and login schemas is a key of the auth namespace', async () => {
    const auth = keysOf(load('lo', 'auth'));
    const messages = [
      ...(await messagesOf(registerSchema, {})),
      ...(await messagesOf(registerSchema, {
        username: 'AB',
        password: 'short',
        confirmPassword: 'other',
        displayName: 'x'.repeat(40),
        ageConfirmed: false,
      })),
      ...(await messagesOf(registerSchema, {
        username: 'a'.repeat(20),
        password: 'p'.repeat(70),
        confirmPassword: 'p',
        displayName: '\u0000',
      })),
      ...(await messagesOf(registerSchema, { username: 'keomany', password: 'password1', confirmPassword: 'password1' })),
      ...(await messagesOf(loginSchema, {})),
      ...(await messagesOf(loginSchema, { username: 'a'.repeat(20), password: 'p'.repeat(70) })),
    ];
    expect(new Set(messages).size).toBeGreaterThanOrEqual(13);
    for (const message of messages) expect(auth).toContain(message);
  });

  it('every message of the change-password schema is a key of the password namespace', async () => {
    const password = keysOf(load('lo', 'password'));
    const messages = [
      ...(await messagesOf(changePasswordSchema, {})),
      ...(await messagesOf(changePasswordSchema, { currentPassword: 'short', newPassword: 'p'.repeat(70), confirmNewPassword: 'short' })),
      ...(await messagesOf(changePasswordSchema, {
        currentPassword: 'long-enough',
        newPassword: 'long-enough-1',
        confirmNewPassword: 'long-enough-2',
      })),
      ...(await messagesOf(changePasswordSchema, {
        currentPassword: 'long-enough',
        newPassword: 'password1',
        confirmNewPassword: 'password1',
      })),
    ];
    expect(new Set(messages)).toEqual(
      new Set([
        'validation.please_enter_password',
        'validation.password_must_greater_than',
        'validation.password_must_less_than',
        'validation.password_not_match',
        'validation.password_guessable',
      ]),
    );
    for (const message of messages) expect(password).toContain(message);
  });
});
