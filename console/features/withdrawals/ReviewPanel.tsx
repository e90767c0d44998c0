import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { displayMoney } from '../../../contract/format';
import type { HistoryEntry, RiskFlag } from '../../../contract/withdrawalReview';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useGetWithdrawalReviewQuery } from '../../api/withdrawalReview';
import { vientianeTime } from '../../ui/vientianeTime';

const Panel = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
  padding: 8px 0;
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    margin: 0;
    padding-left: 18px;
  }
  li {
    overflow-wrap: anywhere;
  }
`;

const Flags = styled.ul`
  color: ${({ theme }) => theme.colors.warning};
`;

function History({ title, entries }: { title: string; entries: HistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2>{title}</h2>
      {entries.length === 0 ? (
        <p>{t('withdrawalReview.none')}</p>
      ) : (
        <ul>
          {entries.map((entry) => (
            <li key={entry.code}>
              {vientianeTime.format(new Date(entry.date))} · {displayMoney(entry.amount, 'THB')} ·{' '}
              {t(`withdrawalReview.status.${entry.status}`, { defaultValue: entry.status })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A flag in words, with the evidence it was raised on. */
function flagText(flag: RiskFlag, t: (key: string, values?: Record<string, string>) => string): string {
  switch (flag.flag) {
    case 'SHARED_DEVICE':
      return t('withdrawalReview.flags.SHARED_DEVICE', { usernames: flag.usernames.join(', ') });
    case 'NEW_ACCOUNT':
      return t('withdrawalReview.flags.NEW_ACCOUNT', { registeredAt: vientianeTime.format(new Date(flag.registeredAt)) });
    case 'WITHDRAWS_MORE_THAN_DEPOSITED':
      return t('withdrawalReview.flags.WITHDRAWS_MORE_THAN_DEPOSITED', {
        withdrawn: displayMoney(flag.withdrawn, 'THB'),
        deposited: displayMoney(flag.deposited, 'THB'),
      });
    case 'FIRST_WITHDRAWAL':
      return t('withdrawalReview.flags.FIRST_WITHDRAWAL');
  }
}

/** Beside a queued withdrawal: the player's risk flags, last deposits and withdrawals, and 7-day totals. */
export function ReviewPanel({ code }: { code: string }) {
  const { t } = useTranslation();
  const review = useGetWithdrawalReviewQuery(code);
  if (review.isLoading) return <Spinner />;
  if (!review.data) return <Notice $tone="danger">{t('withdrawalReview.loadFailed')}</Notice>;
  const { flags, recentDeposits, recentWithdrawals, depositedLast7Days, withdrawnLast7Days } = review.data;
  return (
    <Panel aria-label={t('withdrawalReview.panel', { code })} role="region">
      <div>
        <h2>{t('withdrawalReview.riskFlags')}</h2>
        {flags.length === 0 ? (
          <p>{t('withdrawalReview.noFlags')}</p>
        ) : (
          <Flags>
            {flags.map((flag) => (
              <li key={flag.flag}>{flagText(flag, t)}</li>
            ))}
          </Flags>
        )}
        <p>
          {t('withdrawalReview.last7Days', {
            deposited: displayMoney(depositedLast7Days, 'THB'),
            withdrawn: displayMoney(withdrawnLast7Days, 'THB'),
          })}
        </p>
      </div>
      <History title={t('withdrawalReview.recentDeposits')} entries={recentDeposits} />
      <History title={t('withdrawalReview.recentWithdrawals')} entries={recentWithdrawals} />
    </Panel>
  );
}
