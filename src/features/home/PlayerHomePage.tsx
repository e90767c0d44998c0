import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAllCredits, useRefreshCredits } from '../../api/credits';
import { displayMoney } from '../../../contract/format';
import { formatAmount, parseAmount } from '../../../contract/money';
import { PROVIDERS, PROVIDER_NAMES } from '../../../contract/providers';
import { ActionRow } from '../../ui/ActionRow';
import { Button } from '../../../web/ui/Button';
import { Link } from '../../ui/Link';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../../web/ui/Spinner';
import { LatestDeposits, LatestWithdrawals } from './LatestMoves';
import { PromotionInUse } from './PromotionInUse';
import { Section, SectionHead } from './Section';

const Balances = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  grid-template-columns: repeat(auto-fill, minmax(min(140px, 100%), 1fr));
`;

const Balance = styled.li<{ $total?: boolean }>`
  display: grid;
  gap: 2px;
  min-height: 64px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme, $total }) => ($total ? theme.colors.accent : theme.colors.surface)};
  border: 1px solid ${({ theme, $total }) => ($total ? theme.colors.primary : theme.colors.border)};

  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.primary};
    overflow-wrap: anywhere;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: 0 24px;
  grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr));
`;

/** THB credits added exactly (satang as bigint); undefined while any of them is not known. */
function totalOf(amounts: (string | undefined)[]): string | undefined {
  let total = 0n;
  for (const amount of amounts) {
    const satang = amount === undefined ? undefined : parseAmount(amount, 'THB');
    if (satang === undefined) return undefined;
    total += satang;
  }
  return formatAmount(total, 'THB');
}

/** The credit at each of the five providers and their total, with the one refresh that fetches all five again. */
function CreditBalances() {
  const { t } = useTranslation('home');
  const credits = useAllCredits();
  const refresh = useRefreshCredits();
  const total = totalOf(PROVIDERS.map((provider) => credits[provider].data?.credit.amount));
  const fetching = PROVIDERS.some((provider) => credits[provider].isFetching);
  return (
    <Section aria-labelledby="lobby-credits">
      <SectionHead>
        <h2 id="lobby-credits">{t('common:credits.title')}</h2>
        <Button $variant="secondary" onClick={refresh} disabled={fetching}>
          {t('common:credits.refresh')}
        </Button>
      </SectionHead>
      <Balances aria-busy={fetching}>
        {PROVIDERS.map((provider) => {
          const credit = credits[provider];
          return (
            <Balance key={provider} data-testid={`balance-${provider}`}>
              <span>{PROVIDER_NAMES[provider]}</span>
              {credit.data ? (
                <strong>{displayMoney(credit.data.credit.amount, 'THB')}</strong>
              ) : credit.isError ? (
                <strong role="alert">{t('common:credits.error')}</strong>
              ) : (
                <Spinner $size={20} aria-label={t('common:loading')} />
              )}
            </Balance>
          );
        })}
        <Balance $total data-testid="balance-total">
          <span>{t('player.total')}</span>
          {total === undefined ? <strong>–</strong> : <strong>{displayMoney(total, 'THB')}</strong>}
        </Balance>
      </Balances>
      <ActionRow $spaced>
        <Button as={Link} href="/player/deposit">
          {t('common:page.deposit')}
        </Button>
        <Button as={Link} href="/player/withdraw" $variant="secondary">
          {t('common:page.withdraw')}
        </Button>
      </ActionRow>
    </Section>
  );
}

/** `/player`: the five balances and their total, quick deposit and withdraw, the promotion in use and the latest money moves. */
export default function PlayerHomePage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.player')}</PageTitle>
      <CreditBalances />
      <PromotionInUse />
      <Columns>
        <LatestDeposits />
        <LatestWithdrawals />
      </Columns>
    </PageBody>
  );
}
