import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetBankAccountsQuery, useGetBanksQuery } from '../../api/banks';
import type { BankAccount } from '../../../contract/bankAccounts';
import { bankOf } from '../../../contract/banks';
import { Button } from '../../../web/ui/Button';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../../web/ui/Spinner';
import { BankAccountForm } from './BankAccountForm';
import { BankLogo } from './BankLogo';
import { useBankName } from './useBankName';
import { Card, CardTitle, Details } from '../../../web/ui/Card';
import { Notice } from '../../../web/ui/Notice';

const Intro = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const AccountHead = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
`;

const Note = styled.p`
  margin: 16px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Alert = styled(Notice)`
  max-width: 640px;
`;

function SavedAccount({ account }: { account: BankAccount }) {
  const { t } = useTranslation('bank');
  const bankName = useBankName();
  const bank = bankOf(account.bank);
  return (
    <Card aria-label={t('account.title')} data-testid="bank-account">
      <CardTitle>{t('account.title')}</CardTitle>
      <AccountHead>
        {bank && <BankLogo bank={bank} size={40} />}
        <div>
          <strong>{bank?.shortName ?? account.bank}</strong>
          {bank && <div>{bankName(bank)}</div>}
        </div>
      </AccountHead>
      <Details>
        <dt>{t('account.accountNumber')}</dt>
        <dd>{account.accountNumber}</dd>
        <dt>{t('account.accountName')}</dt>
        <dd>{account.accountName}</dd>
        <dt>{t('account.currency')}</dt>
        <dd>{t(`currency.${account.currency}`)}</dd>
      </Details>
      <Note>{t('notice.oneAccount')}</Note>
    </Card>
  );
}

/** /player/bank: the player's bank account once saved, otherwise the form to add it. */
export default function BankPage() {
  const { t } = useTranslation('bank');
  const accounts = useGetBankAccountsQuery();
  const banks = useGetBanksQuery();
  const [accountExists, setAccountExists] = useState(false);

  const failed = accounts.isError || banks.isError;
  const saved = accounts.data?.bankAccounts ?? [];
  return (
    <PageBody>
      <PageTitle>{t('common:page.bank')}</PageTitle>
      {accountExists && <Alert role="alert">{t('exists')}</Alert>}
      {failed ? (
        <Card role="alert">
          <p>{t('loadFailed')}</p>
          <Button
            onClick={() => {
              void accounts.refetch();
              void banks.refetch();
            }}
          >
            {t('common:retry')}
          </Button>
        </Card>
      ) : !accounts.data || !banks.data ? (
        <Spinner aria-label={t('common:loading')} />
      ) : saved.length ? (
        saved.map((account) => <SavedAccount key={account.id} account={account} />)
      ) : (
        <Card>
          <CardTitle>{t('form.title')}</CardTitle>
          <Intro>{t('intro')}</Intro>
          <BankAccountForm banks={banks.data} onAccountExists={() => setAccountExists(true)} />
        </Card>
      )}
    </PageBody>
  );
}
