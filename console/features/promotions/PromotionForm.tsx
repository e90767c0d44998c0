import { getIn, useFormik, type FormikProps } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ValidationError } from 'yup';
import { reasonSchema } from '../../../contract/admin';
import { LANGUAGES } from '../../../contract/languages';
import { PROMOTION_STATUSES } from '../../../contract/promotions';
import { PROVIDERS } from '../../../contract/providers';
import { Button } from '../../../web/ui/Button';
import { Select } from '../../../web/ui/Select';
import { TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import { useCreatePromotionMutation } from '../../api/promotions';
import { callErrorText } from '../../ui/callErrorText';
import { describedPromotion, promotionErrors, type PromotionValues } from './promotionForm';

const Form = styled.form`
  max-width: 720px;
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 0 16px;

  /* A date-and-time input is wider than a column by itself: it fits its column instead of overflowing it. */
  & > * {
    min-width: 0;
  }
  & input {
    min-width: 0;
    width: 100%;
    box-sizing: border-box;
  }
`;

const Providers = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  margin: 0 0 16px;
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 6px;
`;

/** The rule's problems, each on its field in the operator's language, and the reason's (an i18n key). */
function validate(values: PromotionValues, t: TFunction) {
  const errors = promotionErrors(values, (problem) =>
    t(`promotionForm.problem.${problem.problem}`, 'params' in problem ? problem.params : {}),
  );
  try {
    reasonSchema.validateSync(values.reason);
  } catch (failure) {
    if (failure instanceof ValidationError) return { ...errors, reason: failure.message };
    throw failure;
  }
  return errors;
}

/** The providers the promotion is for, and whether only a first deposit may take it. */
function ProvidersField({ form }: { form: FormikProps<PromotionValues> }) {
  const { t } = useTranslation();
  const providersError = form.submitCount > 0 ? (getIn(form.errors, 'providers') as string | undefined) : undefined;
  return (
    <Providers>
      <legend>{t('promotions.field.providers')}</legend>
      {PROVIDERS.map((provider) => (
        <Check key={provider}>
          <input
            type="checkbox"
            name="providers"
            value={provider}
            checked={form.values.providers.includes(provider)}
            onChange={form.handleChange}
          />
          {provider}
        </Check>
      ))}
      <Check>
        <input type="checkbox" {...form.getFieldProps({ name: 'firstOrderOnly', type: 'checkbox' })} />
        {t('promotions.field.firstOrderOnly')}
      </Check>
      {providersError && <span role="alert">{providersError}</span>}
    </Providers>
  );
}

/** A new promotion (or a copy of one), checked by the CLI's own rule as it is typed; sent with a reason. */
export function PromotionForm({ initial, onDone }: { initial: PromotionValues; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [create, { isLoading }] = useCreatePromotionMutation();
  const form = useFormik<PromotionValues>({
    initialValues: initial,
    enableReinitialize: true,
    validate: (values) => validate(values, t),
    onSubmit: async (values) => {
      const result = await create({ promotion: describedPromotion(values), reason: values.reason.trim() });
      if ('error' in result) {
        toast({ title: callErrorText(t, result.error), status: 'error' });
        return;
      }
      toast({ title: t('promotions.created'), status: 'success' });
      onDone();
    },
  });
  const errorOf = (field: string): string | undefined => {
    const message = getIn(form.errors, field) as string | undefined;
    if (!message || !getIn(form.touched, field)) return undefined;
    return field === 'reason' ? t(message) : message;
  };
  const field = (name: string, label: string, extra: { type?: string; hint?: string } = {}) => (
    <TextField key={name} label={label} error={errorOf(name)} {...extra} {...form.getFieldProps(name)} />
  );
  return (
    <Form onSubmit={form.handleSubmit} noValidate aria-label={t('promotions.create')}>
      <Fields>
        {LANGUAGES.map((language) => field(`name.${language}`, t('promotions.field.name', { language })))}
        {LANGUAGES.map((language) => field(`terms.${language}`, t('promotions.field.terms', { language })))}
      </Fields>
      {field('imageUrl', t('promotions.field.imageUrl'))}
      <Fields>
        <Select
          label={t('promotions.field.bonusKind')}
          options={[
            { value: 'FIXED', label: t('promotions.bonusKind.FIXED') },
            { value: 'PERCENT', label: t('promotions.bonusKind.PERCENT') },
          ]}
          {...form.getFieldProps('bonus.kind')}
        />
        {form.values.bonus.kind === 'FIXED' ? (
          field('bonus.amount', t('promotions.field.bonusAmount'))
        ) : (
          <>
            {field('bonus.percent', t('promotions.field.bonusPercent'))}
            {field('bonus.cap', t('promotions.field.bonusCap'))}
          </>
        )}
        {field('depositAmount', t('promotions.field.depositAmount'))}
        {field('turnoverMultiple', t('promotions.field.turnoverMultiple'))}
        {field('minBalance', t('promotions.field.minBalance'))}
        {field('maxWithdrawPercent', t('promotions.field.maxWithdrawPercent'))}
        {field('creditThreshold', t('promotions.field.creditThreshold'))}
        <Select
          label={t('promotions.field.status')}
          options={PROMOTION_STATUSES.map((status) => ({ value: status, label: t(`promotions.status.${status}`) }))}
          {...form.getFieldProps('status')}
        />
        {field('startsAt', t('promotionForm.startsAt'), { type: 'datetime-local' })}
        {field('endsAt', t('promotionForm.endsAt'), { type: 'datetime-local', hint: t('promotionForm.endsAtHint') })}
      </Fields>
      <ProvidersField form={form} />
      {field('reason', t('form.reason'))}
      <Button type="submit" disabled={isLoading}>
        {t('promotions.create')}
      </Button>
      <Button $variant="ghost" onClick={onDone}>
        {t('form.cancel')}
      </Button>
    </Form>
  );
}
