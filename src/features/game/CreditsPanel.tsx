import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useProviderCredit, useRefreshCredits } from '../../api/credits';
import { displayAmount } from '../../../contract/format';
import { PROVIDERS, PROVIDER_NAMES, type Provider } from '../../../contract/providers';
import { Button } from '../../../web/ui/Button';
import { Spinner } from '../../../web/ui/Spinner';

const Panel = styled.section`
  padding: 16px;
  margin-bottom: 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 8px;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 44px;
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Amount = styled.strong<{ $refreshing: boolean }>`
  color: ${({ theme }) => theme.colors.primary};
  opacity: ${({ $refreshing }) => ($refreshing ? 0.6 : 1)};
  font-variant-numeric: tabular-nums;
`;

const Failure = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.danger};
`;

function CreditRow({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  const credit = useProviderCredit(provider);
  const name = PROVIDER_NAMES[provider];
  let value;
  if (credit.isFetching && !credit.data) value = <Spinner $size={20} aria-label={t('loading')} />;
  else if (credit.isError || !credit.data) {
    // A provider that is down shows here, with its own retry; the rest of the page keeps working.
    value = (
      <Failure role="alert">
        {t('credits.error')}
        <Button $variant="secondary" onClick={() => void credit.refetch()} aria-label={`${t('credits.retry')} ${name}`}>
          {t('credits.retry')}
        </Button>
      </Failure>
    );
  } else {
    value = (
      <Amount $refreshing={credit.isFetching} aria-busy={credit.isFetching}>
        {displayAmount(credit.data.credit.amount)} {credit.data.credit.currency}
      </Amount>
    );
  }
  return (
    <Row data-testid={`credit-${provider}`}>
      <span>{name}</span>
      {value}
    </Row>
  );
}

/**
 * The player's credit at each provider, read live, with a refresh action that fetches all of them
 * again. Used by the deposit, withdraw and game pages (pass `providers` to show only some).
 */
export function CreditsPanel({ providers = PROVIDERS }: { providers?: readonly Provider[] }) {
  const { t } = useTranslation();
  const refreshCredits = useRefreshCredits();
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <Heading>
        <h2 id={headingId}>{t('credits.title')}</h2>
        <Button $variant="secondary" onClick={refreshCredits}>
          {t('credits.refresh')}
        </Button>
      </Heading>
      <Rows>
        {providers.map((provider) => (
          <CreditRow key={provider} provider={provider} />
        ))}
      </Rows>
    </Panel>
  );
}
