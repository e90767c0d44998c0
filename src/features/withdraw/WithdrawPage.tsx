import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetBankAccountsQuery, useGetExchangeRatesQuery } from '../../api/banks';
import { useGetWithdrawalLimitsQuery } from '../../api/withdrawals';
import type { BankAccount } from '../../../contract/bankAccounts';
import type { Withdrawal } from '../../../contract/withdrawals';
import { Button } from '../../../web/ui/Button';
import { Card, CardTitle, Details } from '../../../web/ui/Card';
import { Link } from '../../ui/Link';
import { Notice } from '../../../web/ui/Notice';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../../web/ui/Spinner';
import { WithdrawForm } from './WithdrawForm';
import { Muted, WithdrawalResult } from './WithdrawalResult';

/** The account the withdrawal is paid to, or where to add one. */
function PayeeAccount({ account }: { account: BankAccount | undefined }) {
  const { t } = useTranslation('withdraw');
  return (
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
  );
}

/** /player/withdraw: provider, THB amount with a live LAK preview at the buy rate, and the bank account that receives it. */
export default function WithdrawPage() {
  const { t } = useTranslation('withdraw');
  const accounts = useGetBankAccountsQuery();
  const rates = useGetExchangeRatesQuery();
  const limits = useGetWithdrawalLimitsQuery();
  const [result, setResult] = useState<Withdrawal | undefined>();

  const body = () => {
    if (accounts.isError || rates.isError || limits.isError) {
      const retry = () => {
        void accounts.refetch();
        void rates.refetch();
        void limits.refetch();
      };
      return (
        <Card role="alert">
          <p>{t('loadFailed')}</p>
          <Button onClick={retry}>{t('common:retry')}</Button>
        </Card>
      );
    }
    if (!accounts.data || !rates.data || !limits.data) return <Spinner aria-label={t('common:loading')} />;
    if (result) return <WithdrawalResult withdrawal={result} onAgain={() => setResult(undefined)} />;
    const account = accounts.data.bankAccounts[0];
    return (
      <>
        <PayeeAccount account={account} />
        <Card>
          <CardTitle>{t('form.title')}</CardTitle>
          <Muted>{t('intro')}</Muted>
          <WithdrawForm rates={rates.data} limits={limits.data} hasAccount={Boolean(account)} onDone={setResult} />
        </Card>
      </>
    );
  };

  return (
    <PageBody>
      <PageTitle>{t('common:page.withdraw')}</PageTitle>
      {body()}
    </PageBody>
  );
}
