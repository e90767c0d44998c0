import { useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetPromotionQuery, useGetUsingPromotionQuery } from '../../api/promotions';
import { errorMessageKey } from '../../api/errors';
import { useIdempotencyKey } from '../../../web/api/idempotency';
import { useRequestWithdrawalMutation } from '../../api/withdrawals';
import type { ExchangeRate } from '../../../contract/exchangeRates';
import { displayMoney } from '../../../contract/format';
import { convert, formatAmount, parseAmount } from '../../../contract/money';
import { PROVIDERS, PROVIDER_NAMES, isProvider } from '../../../contract/providers';
import { withdrawalFormSchema, type Withdrawal, type WithdrawalLimits, type WithdrawalRequest } from '../../../contract/withdrawals';
import { SubmitButton } from '../../ui/SubmitButton';
import { Notice } from '../../../web/ui/Notice';
import { Select } from '../../../web/ui/Select';
import { TextField } from '../../../web/ui/TextField';
import { PromotionWithdrawal } from './PromotionWithdrawal';
import { WithdrawableCredit } from './WithdrawableCredit';
import { Muted } from './WithdrawalResult';
import { displayAmount } from '../../../contract/format';

const Preview = styled.output`
  display: block;
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  strong {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The kip an amount of credit pays at the buy rate. */
function KipPreview({ kip, buyRate }: { kip: bigint; buyRate: string | undefined }) {
  const { t } = useTranslation('withdraw');
  return (
    <Preview aria-live="polite" aria-label={t('form.preview')}>
      {t('form.preview')}
      <strong data-testid="withdraw-preview">{displayMoney(kip, 'LAK')}</strong>
      {buyRate && <span>{t('form.rate', { rate: buyRate })}</span>}
    </Preview>
  );
}

const providerOptions = PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_NAMES[provider] }));

interface WithdrawFormProps {
  rates: ExchangeRate[];
  limits: WithdrawalLimits;
  /** Without a bank account nothing can be sent. */
  hasAccount: boolean;
  onDone: (withdrawal: Withdrawal) => void;
}

/** Provider and THB amount, with the LAK it pays at the buy rate (or the promotion's terms while one is in use). */
export function WithdrawForm({ rates, limits, hasAccount, onDone }: WithdrawFormProps) {
  const { t } = useTranslation('withdraw');
  const [requestWithdrawal, request] = useRequestWithdrawalMutation();
  const withIdempotencyKey = useIdempotencyKey<WithdrawalRequest>();
  const using = useGetUsingPromotionQuery();
  // Only a usage whose bonus is credited (USED) holds withdrawals to the promotion's rules.
  const usage = using.data?.status === 'USED' ? using.data : undefined;
  const promotion = useGetPromotionQuery(usage?.promotionId ?? '', { skip: !usage });
  const min = parseAmount(limits.minAmount, 'THB') ?? 0n;
  const max = parseAmount(limits.maxAmount, 'THB') ?? 0n;
  const validationSchema = useMemo(() => withdrawalFormSchema(min, max), [min, max]);
  const form = useFormik({
    initialValues: { provider: '', amount: '' },
    validationSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ provider, amount }) => {
      const satang = parseAmount(amount.trim(), 'THB');
      if (!hasAccount || !isProvider(provider) || satang === undefined) return;
      const sent = { provider, amount: formatAmount(satang, 'THB') };
      // A refusal is shown from the mutation's state; a lost answer leaves the key for the next try.
      const response = await withIdempotencyKey(sent, (body, idempotencyKey) =>
        requestWithdrawal({ ...body, idempotencyKey }).unwrap(),
      ).catch(() => undefined);
      if (response) onDone(response.withdrawal);
    },
  });

  // Shown to people: in the Lao format, as every amount.
  const bounds = { min: displayAmount(formatAmount(min, 'THB')), max: displayAmount(formatAmount(max, 'THB')) };
  const satang = parseAmount(form.values.amount.trim(), 'THB');
  const previewKip = satang === undefined ? 0n : convert('WITHDRAW', satang, 'THB', rates);
  const quote = rates.find((rate) => rate.currency === 'THB');
  // Without the promotion's terms there is nothing exact to preview: the server still applies them.
  const promotionApplies = usage !== undefined && usage.provider === form.values.provider && !promotion.isError;

  return (
    <form aria-label={t('form.title')} onSubmit={form.handleSubmit} noValidate>
      {request.error && <Notice role="alert">{t(`common:${errorMessageKey(request.error)}`)}</Notice>}
      <Select
        id="withdraw-provider"
        label={t('form.provider')}
        placeholder={t('form.chooseProvider')}
        options={providerOptions}
        error={form.errors.provider && t(form.errors.provider)}
        {...form.getFieldProps('provider')}
      />
      <TextField
        label={t('form.amount')}
        inputMode="decimal"
        autoComplete="off"
        error={form.errors.amount && t(form.errors.amount, bounds)}
        hint={t('form.amountHint', bounds)}
        {...form.getFieldProps('amount')}
      />
      {promotionApplies ? (
        <PromotionWithdrawal
          key={usage.provider}
          usage={usage}
          promotion={promotion.data}
          amount={form.values.amount}
          rates={rates}
          onWithdrawAll={(amount) => void form.setFieldValue('amount', amount)}
        />
      ) : (
        <>
          {isProvider(form.values.provider) && (
            <WithdrawableCredit
              key={form.values.provider}
              provider={form.values.provider}
              min={min}
              max={max}
              limits={limits}
              onUseMost={(amount) => void form.setFieldValue('amount', amount)}
            />
          )}
          <KipPreview kip={previewKip} buyRate={quote?.buy} />
        </>
      )}
      <Muted>{t('form.dailyUsed', { used: limits.usedToday, limit: limits.dailyLimit })}</Muted>
      <SubmitButton $block disabled={!hasAccount || request.isLoading}>
        {request.isLoading ? t('form.submitting') : t('form.submit')}
      </SubmitButton>
    </form>
  );
}
