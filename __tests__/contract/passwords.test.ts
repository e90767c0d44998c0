import { ValidationError } from 'yup';
import { isGuessablePassword } from '../../contract/passwords';
import { changePasswordSchema, registerSchema } from '../../contract/playerForms';
import { operatorCreateSchema } from '../../contract/admin';

// Common passwords, keyboard walks, repeats and sequences, the site's own name: all long enough.
const GUESSABLE = ['12345678', 'password', ' '.repeat(8), 'password1', 'Password123', 'P@ssw0rd', 'qwertyuiop', 'abcd1234', 'champa2024'];
const HARD_TO_GUESS = ['Mekong-lantern-47', 'river-lantern-7', 'Sabaidee-Mekong-2024'];

/** The messages of one field, every broken rule. */
async function messagesOf(schema: { validate(value: unknown, options: object): Promise<unknown> }, value: object, field: string) {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.filter((inner) => inner.path === field).map((inner) => inner.message);
  }
}

describe('the password rule', () => {
  it.each(GUESSABLE.map((password) => [JSON.stringify(password), password]))('finds %s guessable', async (_shown, password) => {
    expect(await isGuessablePassword(password)).toBe(true);
  });

  it.each(HARD_TO_GUESS)('takes %s', async (password) => {
    expect(await isGuessablePassword(password)).toBe(false);
  });

  it("counts the account's own words as guesses", async () => {
    expect(await isGuessablePassword('somchai88!')).toBe(false);
    expect(await isGuessablePassword('somchai88!', ['somchai88'])).toBe(true);
  });
});

describe('the forms that choose a password', () => {
  const register = (password: string, username = 'keomany') => ({ username, password, confirmPassword: password, ageConfirmed: true });
  const change = (newPassword: string) => ({ currentPassword: 'old-password', newPassword, confirmNewPassword: newPassword });

  it.each(GUESSABLE.map((password) => [JSON.stringify(password), password]))(
    'refuse %s at register and change as guessable',
    async (_shown, password) => {
      expect(await messagesOf(registerSchema, register(password), 'password')).toEqual(['validation.password_guessable']);
      expect(await messagesOf(changePasswordSchema, change(password), 'newPassword')).toEqual(['validation.password_guessable']);
    },
  );

  it('take a password that is hard to guess', async () => {
    await expect(registerSchema.validate(register(HARD_TO_GUESS[0]))).resolves.toMatchObject({ password: HARD_TO_GUESS[0] });
    await expect(changePasswordSchema.validate(change(HARD_TO_GUESS[0]))).resolves.toMatchObject({ newPassword: HARD_TO_GUESS[0] });
  });

  it('refuse the username, made a little longer, at register', async () => {
    expect(await messagesOf(registerSchema, register('somchai88!', 'somchai88'), 'password')).toEqual(['validation.password_guessable']);
  });

  it('say only "too short" of a short password, guessable or not', async () => {
    expect(await messagesOf(registerSchema, register('1234'), 'password')).toEqual(['validation.password_too_short']);
    expect(await messagesOf(changePasswordSchema, change('1234'), 'newPassword')).toEqual(['validation.password_must_greater_than']);
  });

  it('hold operators to twelve characters and the same rule', async () => {
    const operator = (password: string) => ({ username: 'kham', password, role: 'staff' });
    expect(await messagesOf(operatorCreateSchema, operator('password'), 'password')).toEqual(['operators.passwordTooShort']);
    for (const password of ['password1234', ' '.repeat(12), '123456789012', 'qwertyuiopasdf']) {
      expect(await messagesOf(operatorCreateSchema, operator(password), 'password')).toEqual(['operators.passwordGuessable']);
    }
    expect(await messagesOf(operatorCreateSchema, operator('Mekong-lantern-47'), 'password')).toEqual([]);
  });
});
