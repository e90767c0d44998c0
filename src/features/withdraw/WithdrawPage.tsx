import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetBankAccountsQuery, useGetExchangeRatesQuery } from '../../api/banks';
import { errorMessageKey } from '../../api/errors';
import { useGetWithdrawalLimitsQuery, useRequestWithdrawalMutation } from '../../api/withdrawals';
import { useGetPromotionQuery, useGetUsingPromotionQuery } from '../../api/promotions';
import { PromotionWithdrawal } from './PromotionWithdrawal';
import { convert, parseAmount, formatAmount } from '../../contract/money';
import { PROVIDERS, PROVIDER_NAMES } from '../../contract/providers';
import type { Withdrawal } from '../../contract/withdrawals';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { FieldError, TextField } from '../../ui/TextField';
import { displayMoney } from '../../contract/format';
import { StatusBadge } from '../../ui/StatusBadge';
import { Card, CardTitle, Details } from '../../ui/Card';
import { Notice } from '../../ui/Notice';

const Muted = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Select = styled.select`
  width: 100%;
  min-height: 44px;
  padding: 8px 12px;
  margin-bottom: 12px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
`;

const Label = styled.label`
  display: block;
  margin-bottom: 4px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Preview = styled.output`
  display: block;
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  strong {
    display: block;
    font-size: 1.4rem;
    color: ${({ theme }) => theme.colors.primary};
  }
`;


const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 16px;
`;

type FieldErrors = { provider?: string; amount?: string };

function WithdrawalResult({ withdrawal, onAgain }: { withdrawal: Withdrawal; onAgain: () => void }) {
  const { t } = useTranslation('withdraw');
  return (
    <Card role="status" aria-label={t('result.title')} data-testid="withdrawal-result">
      <CardTitle>{t('result.title')}</CardTitle>
      <Muted>{t(`result.${withdrawal.status}`)}</Muted>
      <Details>
        <dt>{t('field.code')}</dt>
        <dd>{withdrawal.code}</dd>
        <dt>{t('field.status')}</dt>
        <dd>
          <StatusBadge status={withdrawal.status} />
        </dd>
        <dt>{t('field.amountWithdrawn')}</dt>
        <dd>{displayMoney(withdrawal.amountWithdrawn, 'THB')}</dd>
        <dt>{t('field.creditReceived')}</dt>
        <dd>{displayMoney(withdrawal.creditReceived, 'LAK')}</dd>
        {withdrawal.promotionRetained !== null && (
          <>
            <dt>{t('field.promotionRetained')}</dt>
            <dd data-testid="promotion-retained">{displayMoney(withdrawal.promotionRetained, 'THB')}</dd>
          </>
        )}
      </Details>
      <Actions>
        <Link href="/player/withdraw/history">{t('result.history')}</Link>
        <Button $variant="secondary" onClick={onAgain}>
          {t('result.again')}
        </Button>
      </Actions>
    </Card>
  );
}

/** /player/withdraw: provider, THB amount with a live LAK preview at the buy rate, and the bank account that receives it. */
export default function WithdrawPage() {
  const { t } = useTranslation('withdraw');
  const accounts = useGetBankAccountsQuery();
  const rates = useGetExchangeRatesQuery();
  const limits = useGetWithdrawalLimitsQuery();
  const [requestWithdrawal, request] = useRequestWithdrawalMutation();
  const using = useGetUsingPromotionQuery();
  // Only a usage whose bonus is credited (USED) holds withdrawals to the promotion's rules.
  const usage = using.data?.status === 'USED' ? using.data : undefined;
  const promotion = useGetPromotionQuery(usage?.promotionId ?? '', { skip: !usage });
  const [provider, setProvider] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<Withdrawal | undefined>();

  if (accounts.isError || rates.isError || limits.isError) {
    return (
      <PageBody>
        <PageTitle>{t('common:page.withdraw')}</PageTitle>
        <Card role="alert">
          <p>{t('loadFailed')}</p>
          <Button
            onClick={() => {
              void accounts.refetch();
              void rates.refetch();
              void limits.refetch();
            }}
          >
            {t('common:retry')}
          </Button>
        </Card>
      </PageBody>
    );
  }
  if (!accounts.data || !rates.data || !limits.data) {
    return (
      <PageBody>
        <PageTitle>{t('common:page.withdraw')}</PageTitle>
        <Spinner aria-label={t('common:loading')} />
      </PageBody>
    );
  }

  const account = accounts.data.bankAccounts[0];
  // Without the promotion's terms there is nothing exact to preview: the server still applies them.
  const promotionApplies = usage !== undefined && usage.provider === provider && !promotion.isError;
  const quote = rates.data.find((rate) => rate.currency === 'THB');
  const satang = parseAmount(amount.trim(), 'THB');
  const previewKip = satang === undefined ? 0n : convert('WITHDRAW', satang, 'THB', rates.data);
  const min = formatAmount(parseAmount(limits.data.minAmount, 'THB') ?? 0n, 'THB');
  const max = formatAmount(parseAmount(limits.data.maxAmount, 'THB') ?? 0n, 'THB');

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (!provider) found.provider = t('validation.providerRequired');
    const text = amount.trim();
    if (!text) found.amount = t('validation.amountRequired');
    else if (satang === undefined || satang <= 0n) found.amount = t('validation.amountInvalid');
    else if (satang < (parseAmount(limits.data!.minAmount, 'THB') ?? 0n)) found.amount = t('validation.belowMin', { min });
    else if (satang > (parseAmount(limits.data!.maxAmount, 'THB') ?? 0n)) found.amount = t('validation.aboveMax', { max });
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.provider || found.amount || !account || satang === undefined) return;
    // A new key per attempt: a retry of the same attempt by the network layer replays, a new submit is a new withdrawal.
    const response = await requestWithdrawal({ provider, amount: formatAmount(satang, 'THB'), idempotencyKey: crypto.randomUUID() });
    if ('data' in response && response.data) {
      setResult(response.data.withdrawal);
      setAmount('');
    }
  }

  return (
    <PageBody>
      <PageTitle>{t('common:page.withdraw')}</PageTitle>
      {result ? (
        <WithdrawalResult
          withdrawal={result}
          onAgain={() => {
            setResult(undefined);
            request.reset();
          }}
        />
      ) : (
        <>
          <Card aria-label={t('bank.title')} data-testid="withdraw-bank-account">
            <CardTitle>{t('bank.title')}</CardTitle>
            {account ? (
              <Details>
                <dt>{t('field.bankName')}</dt>
                <dd>{account.bank.toUpperCase()}</dd>
                <dt>{t('field.accountName')}</dt>
                <dd>{account.accountName}</dd>
                <dt>{t('field.accountNumber')}</dt>
                <dd>{account.accountNumber}</dd>
              </Details>
            ) : (
              <>
                <Notice role="alert">{t('validation.bankRequired')}</Notice>
                <Link href="/player/bank">{t('bank.add')}</Link>
              </>
            )}
          </Card>
          <Card>
            <CardTitle>{t('form.title')}</CardTitle>
            <Muted>{t('intro')}</Muted>
            <form aria-label={t('form.title')} onSubmit={(event) => void submit(event)} noValidate>
              {request.error && <Notice role="alert">{t(`common:${errorMessageKey(request.error)}`)}</Notice>}
              <Label htmlFor="withdraw-provider">{t('form.provider')}</Label>
              <Select id="withdraw-provider" value={provider} onChange={(event) => setProvider(event.target.value)} aria-invalid={Boolean(errors.provider)}>
                <option value="">{t('form.chooseProvider')}</option>
                {PROVIDERS.map((name) => (
                  <option key={name} value={name}>
                    {PROVIDER_NAMES[name]}
                  </option>
                ))}
              </Select>
              {errors.provider && <FieldError role="alert">{errors.provider}</FieldError>}
              <TextField
                label={t('form.amount')}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={errors.amount}
                hint={t('form.amountHint', { min, max })}
              />
              {promotionApplies ? (
                <PromotionWithdrawal key={usage.provider} usage={usage} promotion={promotion.data} amount={amount} rates={rates.data} onWithdrawAll={setAmount} />
              ) : (
                <Preview aria-live="polite" aria-label={t('form.preview')}>
                  {t('form.preview')}
                  <strong data-testid="withdraw-preview">{displayMoney(previewKip, 'LAK')}</strong>
                  {quote && <span>{t('form.rate', { rate: quote.buy })}</span>}
                </Preview>
              )}
              <Muted>{t('form.dailyUsed', { used: limits.data.usedToday, limit: limits.data.dailyLimit })}</Muted>
              <Button type="submit" $block disabled={!account || request.isLoading}>
                {request.isLoading ? t('form.submitting') : t('form.submit')}
              </Button>
            </form>
          </Card>
        </>
      )}
    </PageBody>
  );
}
