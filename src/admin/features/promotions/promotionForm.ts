import { setIn, type FormikErrors } from 'formik';
import { checkNewPromotion } from '../../../contract/adminPromotions';
import type { Promotion, PromotionStatus, TranslatedText } from '../../../contract/promotions';
import type { Provider } from '../../../contract/providers';

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
  reason: string;
}

const blank = { lo: '', cn: '', vn: '', th: '' };

export const EMPTY_PROMOTION: PromotionValues = {
  name: blank,
  terms: blank,
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
  reason: '',
};

/** A copy of a promotion to edit into a new one: its rules and texts, a start of now and no reason yet. */
export function valuesFrom(promotion: Promotion): PromotionValues {
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
  };
}

/** The shared rule's first mistake, on its field (its rule's words as the message). */
export function promotionErrors(values: PromotionValues): FormikErrors<PromotionValues> {
  const check = checkNewPromotion(describedPromotion(values));
  return check.ok ? {} : (setIn({}, check.mistake.field, check.mistake.rule) as FormikErrors<PromotionValues>);
}
