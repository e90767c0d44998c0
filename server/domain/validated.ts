import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { AppError } from './errors';

/**
 * Validates with the same yup schema as the form. The 400's message is the first broken rule of
 * the first field in the form's order, as "field: translation key".
 */
export async function validated<S extends AnyObjectSchema>(schema: S, value: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(value, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const order = Object.keys(schema.fields);
    const [first] = [...error.inner].sort((a, b) => order.indexOf(a.path ?? '') - order.indexOf(b.path ?? ''));
    throw new AppError(400, 'VALIDATION_ERROR', `${first?.path ?? 'body'}: ${first?.message ?? error.message}`);
  }
}
