import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { displayMoney } from '../../../contract/format';
import type { RiskEvidence as Evidence } from '../../../contract/riskFlags';
import { atVientiane } from '../../ui/vientianeTime';

const Lines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 2px;
`;

const Token = styled.code`
  overflow-wrap: anywhere;
`;

/** What a flag was raised on, in the operator's words: one line per fact. */
export function RiskEvidence({ evidence }: { evidence: Evidence }) {
  const { t } = useTranslation();
  switch (evidence.kind) {
    case 'SHARED_DEVICE':
      return (
        <Lines>
          <li>
            {t('riskFlags.evidence.fingerprint')} <Token>{evidence.fingerprint}</Token>
          </li>
          {evidence.players.map((player) => (
            <li key={player.id}>{t('riskFlags.evidence.lastSeen', { username: player.username, time: atVientiane(player.lastSeenAt) })}</li>
          ))}
        </Lines>
      );
    case 'BANK_ACCOUNT_IN_USE':
      return (
        <Lines>
          <li>
            {t('riskFlags.evidence.holder', { bank: evidence.bank.toUpperCase(), username: evidence.holder.username })}{' '}
            <Token>{evidence.accountNumber}</Token>
          </li>
          {evidence.attempts.map((attempt) => (
            <li key={`${attempt.player.id}@${attempt.at}`}>
              {t('riskFlags.evidence.attempt', { username: attempt.player.username, time: atVientiane(attempt.at) })}
            </li>
          ))}
        </Lines>
      );
    case 'FAILED_DEPOSITS':
      return (
        <Lines>
          <li>{t('riskFlags.evidence.failedDay', { orders: evidence.orders.length, day: evidence.day })}</li>
          {evidence.orders.map((order) => (
            <li key={order.code}>
              <Token>{order.code}</Token> {t(`players.statuses.${order.status}`)} {displayMoney(order.amount, 'LAK')},{' '}
              {atVientiane(order.at)}
            </li>
          ))}
        </Lines>
      );
    case 'PASS_THROUGH_WITHDRAWAL':
      return (
        <Lines>
          <li>
            <Token>{evidence.withdrawalCode}</Token>{' '}
            {t('riskFlags.evidence.withdrew', {
              amount: displayMoney(evidence.amount, 'THB'),
              provider: evidence.provider,
              time: atVientiane(evidence.requestedAt),
            })}
          </li>
          <li>{t('riskFlags.evidence.deposited', { amount: displayMoney(evidence.deposited, 'THB') })}</li>
          <li>{t('riskFlags.evidence.turnover', { amount: displayMoney(evidence.turnover, 'THB') })}</li>
        </Lines>
      );
    case 'SELF_EXCLUDED_RETURN':
      return (
        <Lines>
          <li>{t('riskFlags.evidence.excludedSince', { time: atVientiane(evidence.excludedSince) })}</li>
          {evidence.accounts.map((account) => (
            <li key={account.id}>
              {t('riskFlags.evidence.registered', { username: account.username, time: atVientiane(account.registeredAt) })}{' '}
              <Token>{account.fingerprint}</Token>
            </li>
          ))}
        </Lines>
      );
  }
}
