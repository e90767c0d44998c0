import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { string } from 'yup';

/**
 * The rule of every password a player or an operator chooses (register, change, an operator's
 * account): long enough, and not guessable. The forms check it as the player types; the server
 * checks every body with the same yup schema, and answers a guessable one with WEAK_PASSWORD.
 */

/** The shortest password anyone may choose; operators need longer ones. */
export const PASSWORD_MIN = 8;
/**
 * zxcvbn's score runs from 0 to 4; below 2 a password falls to an online guesser (common
 * passwords, keyboard walks, repeats, dates, l33t variants of them).
 */
const PASSWORD_MIN_SCORE = 2;
/** The yup test's name: the server answers a password that fails it with WEAK_PASSWORD, not VALIDATION_ERROR. */
export const GUESSABLE_PASSWORD_TEST = 'not-guessable';

// A guesser tries the site's own name and the account's username before anything else.
const SITE_WORDS = ['champa'];

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn with its common-password dictionary, set up once. Imported on first use: the dictionary
 * is large, a chunk the browser fetches only where a password is being chosen. A failed
 * load (a lost connection) is tried again on the next check.
 */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import(/* webpackChunkName: "password-estimator" */ '@zxcvbn-ts/core'),
    import(/* webpackChunkName: "password-dictionary" */ '@zxcvbn-ts/language-common'),
  ]).then(
    ([{ ZxcvbnFactory }, common]) => new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
    (error: unknown) => {
      estimator = undefined;
      throw error;
    },
  );
  return estimator;
}

/** Whether the password is too easy to guess; `accountWords` (the username) count as guesses too. */
export async function isGuessablePassword(password: string, accountWords: readonly string[] = []): Promise<boolean> {
  const zxcvbn = await passwordEstimator();
  return zxcvbn.check(password, [...SITE_WORDS, ...accountWords]).score < PASSWORD_MIN_SCORE;
}

/** The translation keys of a new-password field's messages, in the namespace of its form. */
export interface NewPasswordMessages {
  required: string;
  tooShort: string;
  tooLong: string;
  guessable: string;
}

/**
 * A field where a new password is chosen. A sibling `username` field, when the form has one, is a
 * guess too. Too short or too long is said alone: the estimator only judges what could be kept.
 */
export function newPasswordSchema(limits: { min: number; max: number }, messages: NewPasswordMessages) {
  return string()
    .required(messages.required)
    .min(limits.min, messages.tooShort)
    .max(limits.max, messages.tooLong)
    .test(GUESSABLE_PASSWORD_TEST, messages.guessable, async function (value) {
      if (!value || value.length < limits.min || value.length > limits.max) return true;
      const { username } = this.parent as { username?: unknown };
      return !(await isGuessablePassword(value, typeof username === 'string' && username ? [username] : []));
    });
}
