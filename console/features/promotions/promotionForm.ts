import { setIn, type FormikErrors } from 'formik';
import { checkNewPromotion, type PromotionProblem } from '../../../contract/adminPromotions';
import type { Promotion, PromotionStatus, TranslatedText } from '../../../contract/promotions';
import type { Provider } from '../../../contract/providers';
import { instantAtVientiane, vientianeLocal } from '../../ui/vientianeTime';

/** The create form's fields, named as the shared rule names them (bonus.cap, name.th), so its mistakes land on their field. */
export interface PromotionValues {
  name: TranslatedText;
  terms: TranslatedText;
  imageUrl: string;
  bonus: { kind: 'FIXED' | 'PERCENT'; amount: string; percent: string; cap: string };
  depositAmount: string;
  turnoverMultiple: string;
  minBalance: string;
  maxWithdrawPercent: string;
  creditThreshold: string;
  providers: Provider[];
  firstOrderOnly: boolean;
  status: PromotionStatus;
  /** Date and time at Vientiane's clock as the field holds it (2026-12-01T00:00); an empty end is no end. */
  startsAt: string;
  endsAt: string;
  reason: string;
}

const blank = { lo: '', cn: '', vn: '', th: '' };

/** A blank form: starting now, with no end. */
export const emptyPromotion = (now = new Date()): PromotionValues => ({
  // Objects of their own: Formik marks shared objects touched only once, hiding the second one's errors.
  name: { ...blank },
  terms: { ...blank },
  imageUrl: '/images/promotions/first-deposit.svg',
  bonus: { kind: 'FIXED', amount: '', percent: '', cap: '' },
  depositAmount: '',
  turnoverMultiple: '',
  minBalance: '0',
  maxWithdrawPercent: '',
  creditThreshold: '',
  providers: [],
  firstOrderOnly: false,
  status: 'ACTIVE',
  startsAt: vientianeLocal(now),
  endsAt: '',
  reason: '',
});

/** A copy of a promotion to edit into a new one: its rules and texts, a start of now, its end if still ahead, and no reason yet. */
export function valuesFrom(promotion: Promotion, now = new Date()): PromotionValues {
  const { bonus } = promotion;
  return {
    name: promotion.name,
    terms: promotion.terms,
    imageUrl: promotion.imageUrl,
    bonus:
      bonus.kind === 'FIXED'
        ? { kind: 'FIXED', amount: bonus.amount, percent: '', cap: '' }
        : { kind: 'PERCENT', amount: '', percent: String(bonus.percent), cap: bonus.cap },
    depositAmount: promotion.depositAmount,
    turnoverMultiple: String(promotion.turnoverMultiple),
    minBalance: promotion.minBalance,
    maxWithdrawPercent: String(promotion.maxWithdrawPercent),
    creditThreshold: promotion.creditThreshold,
    providers: promotion.providers,
    firstOrderOnly: promotion.firstOrderOnly,
    status: promotion.status,
    startsAt: vientianeLocal(now),
    endsAt: promotion.endsAt !== null && new Date(promotion.endsAt) > now ? vientianeLocal(new Date(promotion.endsAt)) : '',
    reason: '',
  };
}

/** A whole number typed in a field; anything else goes to the rule as typed, for it to name. */
const whole = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed.trim()) : typed);

/** The form as the API (and the CLI's JSON file) describes a promotion. */
export function describedPromotion(values: PromotionValues) {
  const { bonus } = values;
  return {
    name: values.name,
    terms: values.terms,
    imageUrl: values.imageUrl.trim(),
    bonus:
      bonus.kind === 'FIXED'
        ? { kind: 'FIXED', amount: bonus.amount.trim() }
        : { kind: 'PERCENT', percent: whole(bonus.percent), cap: bonus.cap.trim() },
    depositAmount: values.depositAmount.trim(),
    turnoverMultiple: whole(values.turnoverMultiple),
    minBalance: values.minBalance.trim(),
    maxWithdrawPercent: whole(values.maxWithdrawPercent),
    creditThreshold: values.creditThreshold.trim(),
    providers: values.providers,
    firstOrderOnly: values.firstOrderOnly,
    status: values.status,
    startsAt: values.startsAt.trim() === '' ? undefined : instantAtVientiane(values.startsAt.trim()),
    endsAt: values.endsAt.trim() === '' ? null : instantAtVientiane(values.endsAt.trim()),
  };
}

/** The shared rule's problems, each on its field in the words `say` gives it (the operator's language). */
export function promotionErrors(values: PromotionValues, say: (problem: PromotionProblem) => string): FormikErrors<PromotionValues> {
  const check = checkNewPromotion(describedPromotion(values));
  if (check.ok) return {};
  return check.problems.reduce<FormikErrors<PromotionValues>>(
    (errors, problem) => setIn(errors, problem.field, say(problem)) as FormikErrors<PromotionValues>,
    {},
  );
}
