import type { PromotionProblem } from '../../../contract/adminPromotions';
import { PROVIDERS } from '../../../contract/providers';

/**
 * The English sentence of a problem the shared promotion rule found: the one place its words live
 * for the command line and the API (the console says the same problems from admin.json).
 */
export function promotionProblemText(problem: PromotionProblem): string {
  const rule = (() => {
    switch (problem.problem) {
      case 'NOT_AN_OBJECT':
        return 'must be a JSON object';
      case 'REQUIRED':
        return 'needs a text in each of lo, cn, vn and th';
      case 'BONUS_SHAPE':
        return 'must be {"kind": "FIXED", "amount"} or {"kind": "PERCENT", "percent", "cap"}';
      case 'PROVIDERS':
        return `must list one or more of ${PROVIDERS.join(', ')}`;
      case 'IMAGE_URL':
        return 'must be a path on this site or an https URL';
      case 'TRUE_OR_FALSE':
        return 'must be true or false';
      case 'DATE_TIME':
        return 'must be an ISO date-time, like "2026-12-01T00:00:00+07:00"';
      case 'END_IN_PAST':
        return 'must be in the future';
      case 'END_NOT_AFTER_START':
        return 'must come after startsAt';
      case 'ONE_OF':
        return `must be one of ${problem.params.choices}`;
      case 'AMOUNT':
      case 'AMOUNT_OR_ZERO': {
        const { currency } = problem.params;
        const least = problem.problem === 'AMOUNT' ? ' above 0' : '';
        return `must be a ${currency} amount${least} as a string, like ${currency === 'THB' ? '"50.00"' : '"64000"'}`;
      }
      case 'WHOLE_NUMBER':
        return `must be a whole number from ${problem.params.min} to ${problem.params.max}`;
    }
  })();
  return `${problem.field}: ${rule}`;
}
