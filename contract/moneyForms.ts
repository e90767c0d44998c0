import { object, string } from 'yup';
import { isProvider } from './providers';

/**
 * The two fields of a money form (deposit, withdraw): a known provider and an amount that the
 * form's own rule accepts. Messages are translation keys in the form's namespace; amountProblem
 * gives the key of what is wrong with a typed amount, or undefined.
 */
export function providerAndAmountSchema(amountProblem: (amount: string) => string | undefined) {
  return object({
    provider: string()
      .required('validation.providerRequired')
      .test('known-provider', 'validation.providerRequired', (value) => isProvider(value)),
    amount: string()
      .trim()
      .required('validation.amountRequired')
      .test('amount', 'validation.amountInvalid', (value, context) => {
        const message = amountProblem(value);
        return message === undefined || context.createError({ message });
      }),
  });
}
