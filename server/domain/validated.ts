import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { ErrorCode } from '../../contract/errors';
import { GUESSABLE_PASSWORD_TEST } from '../../contract/passwords';
import { AppError } from './errors';

/**
 * Validates with the same yup schema as the form. The 400's message is the first broken rule of
 * the first field in the form's order, as "field: translation key". Its code is VALIDATION_ERROR,
 * or WEAK_PASSWORD for a guessable new password: a client that skipped the form's check can say why.
 */
export async function validated<S extends AnyObjectSchema>(schema: S, value: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(value, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const order = Object.keys(schema.fields);
    const [first] = [...error.inner].sort((a, b) => order.indexOf(a.path ?? '') - order.indexOf(b.path ?? ''));
    const code = first?.type === GUESSABLE_PASSWORD_TEST ? ErrorCode.WEAK_PASSWORD : ErrorCode.VALIDATION_ERROR;
    throw new AppError(400, code, `${first?.path ?? 'body'}: ${first?.message ?? error.message}`);
  }
}
