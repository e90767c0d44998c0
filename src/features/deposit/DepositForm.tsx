import { useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetDepositBoundsQuery } from '../../api/deposits';
import { useGetPlayerDepositLimitsQuery } from '../../api/depositLimits';
import { useGetExchangeRatesQuery } from '../../api/banks';
import { checkDepositAmount, depositFormSchema, type DepositRequest } from '../../../contract/deposits';
import { ErrorCode } from '../../../contract/errors';
import { displayAmount, displayMoney } from '../../../contract/format';
import { convertAt, formatAmount, parseAmount } from '../../../contract/money';
import { PROVIDERS, PROVIDER_NAMES, isProvider } from '../../../contract/providers';
import { SubmitButton } from '../../ui/SubmitButton';
import { Card } from '../../../web/ui/Card';
import { Link } from '../../ui/Link';
import { Notice } from '../../../web/ui/Notice';
import { Select } from '../../../web/ui/Select';
import { Spinner } from '../../../web/ui/Spinner';
import { TextField } from '../../../web/ui/TextField';
import { CreditAfterDeposit } from './CreditAfterDeposit';
import type { TakenPromotion } from './PromotionBanner';

const Preview = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.warning};
`;

const UNKNOWN_MAX = 10n ** 15n;

const providerOptions = PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_NAMES[provider] }));

interface DepositFormProps {
  onCreate: (request: DepositRequest) => void;
  errorCode: string | null;
  /** What the refusal names: a DEPOSIT_LIMIT_EXCEEDED's period and what it leaves. */
  errorParams?: Record<string, string | null> | null;
  busy: boolean;
  /** A taken promotion sets the provider and the amount: the deposit that takes it must be exactly these. */
  taken?: TakenPromotion;
}

/** Provider and amount of a new deposit, with the THB credit it buys at the sell rate. */
export function DepositForm({ onCreate, errorCode, errorParams, busy, taken }: DepositFormProps) {
  const { t } = useTranslation('deposit');
  const bounds = useGetDepositBoundsQuery();
  const rates = useGetExchangeRatesQuery();
  // The player's own limits: what the tightest one leaves, shown before an amount is typed.
  const tightest = useGetPlayerDepositLimitsQuery().data?.tightest ?? null;
  const roomOf = ({ period, remaining }: { period: string; remaining: string }) => ({
    period: t(`common:limitPeriods.${period}`),
    remaining: displayMoney(remaining, 'LAK'),
  });
  const room = tightest && roomOf(tightest);
  // A refusal names the limit it went over itself, whether or not the limits above were read.
  const refused =
    errorParams?.period && errorParams.remaining ? roomOf({ period: errorParams.period, remaining: errorParams.remaining }) : room;
  // Until the bounds are in, the form checks the amount's form only and does not send.
  const min = BigInt(bounds.data?.minAmount ?? '1');
  const max = bounds.data ? BigInt(bounds.data.maxAmount) : UNKNOWN_MAX;
  const validationSchema = useMemo(() => depositFormSchema(min, max), [min, max]);
  const form = useFormik({
    initialValues: { provider: taken?.usage.provider ?? '', amount: taken?.promotion?.depositAmount ?? '' },
    validationSchema,
    onSubmit: ({ provider, amount }) => {
      const checked = checkDepositAmount(amount.trim(), min, max);
      if (!bounds.data || !checked.ok || !isProvider(provider)) return;
      const request = { provider, amount: checked.kip.toString() };
      onCreate(taken ? { ...request, promotionId: taken.usage.promotionId } : request);
    },
  });
  const shownBounds = { min: displayAmount(bounds.data?.minAmount ?? '0', 0), max: displayAmount(bounds.data?.maxAmount ?? '0', 0) };
  const shown = (error: string | undefined) => (form.submitCount > 0 && error ? t(error, shownBounds) : undefined);
  const thb = rates.data?.find((rate) => rate.currency === 'THB');
  const kip = parseAmount(form.values.amount.trim(), 'LAK');
  const depositCredit = thb && kip ? convertAt('DEPOSIT', kip, thb) : undefined;
  const preview = depositCredit === undefined ? undefined : formatAmount(depositCredit, 'THB');
  const provider = form.values.provider;

  return (
    <Card as="form" aria-label={t('title')} onSubmit={form.handleSubmit} noValidate>
      {errorCode && (
        <Notice role="alert" $tone="danger">
          {t(`common:errors.${errorCode}`, refused ?? {})}
        </Notice>
      )}
      {room && errorCode !== ErrorCode.DEPOSIT_LIMIT_EXCEEDED && (
        <Notice $tone="warning" data-testid="deposit-limit-left">
          {t('limitLeft', room)} <Link href="/player/limits">{t('limitsLink')}</Link>
        </Notice>
      )}
      {errorCode === ErrorCode.BANK_ACCOUNT_REQUIRED && (
        <p>
          <Link href="/player/bank">{t('addBank')}</Link>
        </p>
      )}
      <Select
        id="deposit-provider"
        label={t('provider')}
        placeholder={t('chooseProvider')}
        options={providerOptions}
        disabled={Boolean(taken)}
        error={shown(form.errors.provider)}
        {...form.getFieldProps('provider')}
      />
      <TextField
        label={t('amount')}
        inputMode="numeric"
        autoComplete="off"
        readOnly={Boolean(taken?.promotion)}
        error={shown(form.errors.amount)}
        hint={bounds.data ? t('amountHint', shownBounds) : undefined}
        {...form.getFieldProps('amount')}
      />
      {preview && thb && <Preview aria-live="polite">{t('preview', { credit: displayAmount(preview), rate: thb.sell })}</Preview>}
      {isProvider(provider) && (
        <CreditAfterDeposit key={provider} provider={provider} depositCredit={depositCredit} promotion={taken?.promotion} />
      )}
      <SubmitButton $block disabled={busy}>
        {busy ? <Spinner $size={18} /> : t('create')}
      </SubmitButton>
    </Card>
  );
}
