import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetDepositsQuery } from '../../api/deposits';
import { useGetWithdrawalsQuery } from '../../api/withdrawals';
import { formatDateTime } from '../../../web/dates';
import { displayMoney } from '../../../contract/format';
import { PROVIDER_NAMES, type Provider } from '../../../contract/providers';
import { Link } from '../../ui/Link';
import { Spinner } from '../../../web/ui/Spinner';
import { StatusBadge } from '../../../web/ui/StatusBadge';
import { Section, SectionHead } from './Section';

/** How many of the latest deposits and of the latest withdrawals the lobby lists. */
const LATEST = 5;
const FIRST_PAGE = { page: 1, pageSize: LATEST };

const Moves = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Move = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 4px 12px;
  align-items: center;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

interface MoveRow {
  code: string;
  provider: Provider;
  date: string;
  amount: string;
  status: string;
}

function MoveList(props: {
  id: string;
  title: string;
  historyHref: string;
  empty: string;
  rows: MoveRow[] | undefined;
  failed: boolean;
  testId: string;
}): ReactNode {
  const { t } = useTranslation('home');
  const { id, title, historyHref, empty, rows, failed, testId } = props;
  let body;
  if (rows) {
    body =
      rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <Moves>
          {rows.map((row) => (
            <Move key={row.code} data-testid={testId}>
              <strong>{row.amount}</strong>
              <StatusBadge status={row.status} />
              <small>
                {PROVIDER_NAMES[row.provider]} · {formatDateTime(row.date)}
              </small>
            </Move>
          ))}
        </Moves>
      );
  } else if (failed) body = <p role="alert">{t('player.loadError')}</p>;
  else body = <Spinner $size={24} aria-label={t('common:loading')} />;
  return (
    <Section aria-labelledby={id}>
      <SectionHead>
        <h2 id={id}>{title}</h2>
        <Link href={historyHref}>{t('player.allHistory')}</Link>
      </SectionHead>
      {body}
    </Section>
  );
}

/** The first page of the deposit history: LAK paid, provider, time and status. */
export function LatestDeposits() {
  const { t } = useTranslation('home');
  const deposits = useGetDepositsQuery(FIRST_PAGE);
  const rows = deposits.data?.items.map((order) => ({
    code: order.code,
    provider: order.provider,
    date: order.createdAt,
    amount: displayMoney(order.amount, 'LAK'),
    status: order.status,
  }));
  return (
    <MoveList
      id="lobby-deposits"
      title={t('player.deposits')}
      historyHref="/player/deposit/history"
      empty={t('player.noDeposits')}
      rows={rows}
      failed={deposits.isError}
      testId="latest-deposit"
    />
  );
}

/** The first page of the withdrawal history: THB credit withdrawn, provider, time and status. */
export function LatestWithdrawals() {
  const { t } = useTranslation('home');
  const withdrawals = useGetWithdrawalsQuery(FIRST_PAGE);
  const rows = withdrawals.data?.items.map((withdrawal) => ({
    code: withdrawal.code,
    provider: withdrawal.provider,
    date: withdrawal.date,
    amount: displayMoney(withdrawal.amountWithdrawn, 'THB'),
    status: withdrawal.status,
  }));
  return (
    <MoveList
      id="lobby-withdrawals"
      title={t('player.withdrawals')}
      historyHref="/player/withdraw/history"
      empty={t('player.noWithdrawals')}
      rows={rows}
      failed={withdrawals.isError}
      testId="latest-withdrawal"
    />
  );
}
