import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { createColumnHelper } from '@tanstack/react-table';
import type { LinkedPlayer, PlayerDevice, PlayerProfile, PlayerSession } from '../../../contract/adminPlayers';
import type { Break } from '../../../contract/breaks';
import type { DepositOrder } from '../../../contract/deposits';
import type { PromotionUsage } from '../../../contract/promotions';
import type { Withdrawal } from '../../../contract/withdrawals';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { displayMoney } from '../../../contract/format';
import { statusTone } from '../../../web/ui/statusTone';
import { Details } from '../../../web/ui/Card';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { StatusBadge } from '../../../web/ui/StatusBadge';
import { useGetOperatorQuery } from '../../api/operators';
import { useGetPlayerQuery } from '../../api/players';
import { DataTable } from '../../ui/DataTable';
import { atVientiane } from '../../ui/vientianeTime';
import { PlayerActions } from './PlayerActions';
import { PlayerFlags } from './PlayerFlags';

const Sections = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: 16px;
  align-items: start;
`;

const Panel = styled.section<{ $wide?: boolean }>`
  min-width: 0;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  ${({ $wide }) => $wide && 'grid-column: 1 / -1;'}
  h2 {
    margin: 0 0 12px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  h1 {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

function Section({ title, wide, empty, children }: { title: string; wide?: boolean; empty?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Panel $wide={wide} aria-label={title}>
      <h2>{title}</h2>
      {empty ? <p>{t('players.profile.none')}</p> : children}
    </Panel>
  );
}

/** The usage's promotion name in the console's language; English reads the Lao name. */
const nameIn = (usage: PromotionUsage, language: string) => (language === 'th' ? usage.promotionName.th : usage.promotionName.lo);

const deposit = createColumnHelper<DepositOrder>();
const withdrawal = createColumnHelper<Withdrawal>();
const usage = createColumnHelper<PromotionUsage>();
const session = createColumnHelper<PlayerSession>();
const device = createColumnHelper<PlayerDevice>();
const linked = createColumnHelper<LinkedPlayer>();

function useColumns() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const status = (value: string) => (
      <StatusBadge status={value} tone={statusTone(value)} label={t(`players.statuses.${value}`, { defaultValue: value })} />
    );
    return {
      deposits: [
        deposit.accessor('code', { header: t('players.profile.code') }),
        deposit.accessor('provider', { header: t('players.profile.provider'), cell: (cell) => PROVIDER_NAMES[cell.getValue()] }),
        deposit.accessor('amount', { header: t('players.profile.kip'), cell: (cell) => displayMoney(cell.getValue(), 'LAK') }),
        deposit.accessor('credit', { header: t('players.profile.thb'), cell: (cell) => displayMoney(cell.getValue(), 'THB') }),
        deposit.accessor('status', { header: t('players.state'), cell: (cell) => status(cell.getValue()) }),
        deposit.accessor('createdAt', { header: t('players.profile.at'), cell: (cell) => atVientiane(cell.getValue()) }),
      ],
      withdrawals: [
        withdrawal.accessor('code', { header: t('players.profile.code') }),
        withdrawal.accessor('provider', { header: t('players.profile.provider'), cell: (cell) => PROVIDER_NAMES[cell.getValue()] }),
        withdrawal.accessor('amountWithdrawn', { header: t('players.profile.thb'), cell: (cell) => displayMoney(cell.getValue(), 'THB') }),
        withdrawal.accessor('creditReceived', { header: t('players.profile.kip'), cell: (cell) => displayMoney(cell.getValue(), 'LAK') }),
        withdrawal.accessor('status', { header: t('players.state'), cell: (cell) => status(cell.getValue()) }),
        withdrawal.accessor('date', { header: t('players.profile.at'), cell: (cell) => atVientiane(cell.getValue()) }),
      ],
      usages: [
        usage.accessor((row) => nameIn(row, i18n.language), { id: 'promotion', header: t('players.profile.promotion') }),
        usage.accessor('provider', { header: t('players.profile.provider'), cell: (cell) => PROVIDER_NAMES[cell.getValue()] }),
        usage.accessor('bonus', {
          header: t('players.profile.bonus'),
          cell: (cell) => (cell.getValue() ? displayMoney(cell.getValue()!, 'THB') : '–'),
        }),
        usage.accessor('status', { header: t('players.state'), cell: (cell) => status(cell.getValue()) }),
        usage.accessor('createdAt', { header: t('players.profile.at'), cell: (cell) => atVientiane(cell.getValue()) }),
      ],
      sessions: [
        session.accessor('createdAt', { header: t('players.profile.started'), cell: (cell) => atVientiane(cell.getValue()) }),
        session.accessor('active', {
          header: t('players.state'),
          cell: (cell) =>
            cell.getValue() ? (
              <StatusBadge status="ACTIVE" tone="green" label={t('players.profile.sessionActive')} />
            ) : (
              <StatusBadge status="ENDED" tone="grey" label={t('players.profile.sessionEnded')} />
            ),
        }),
        session.accessor('revokedAt', { header: t('players.profile.revoked'), cell: (cell) => atVientiane(cell.getValue()) }),
        session.accessor('expiresAt', { header: t('players.profile.expires'), cell: (cell) => atVientiane(cell.getValue()) }),
      ],
      devices: [
        device.accessor('visitorId', { header: t('players.profile.fingerprint') }),
        device.accessor('userAgent', { header: t('players.profile.browser') }),
        device.accessor('lastIp', { header: t('players.profile.ip'), cell: (cell) => cell.getValue() ?? '–' }),
        device.accessor('lastSeenAt', { header: t('players.profile.lastSeen'), cell: (cell) => atVientiane(cell.getValue()) }),
      ],
      linked: [
        linked.accessor('username', {
          header: t('players.username'),
          cell: (cell) => <Link href={`/${cell.row.original.id}`}>{cell.getValue()}</Link>,
        }),
        linked.accessor('displayName', { header: t('players.displayName') }),
        linked.accessor('via', { header: t('players.profile.via'), cell: (cell) => t(`players.profile.link.${cell.getValue()}`) }),
        linked.accessor('shared', { header: t('players.profile.shared') }),
      ],
    };
  }, [t, i18n.language]);
}

const AMOUNT_COLUMNS = ['amount', 'credit', 'amountWithdrawn', 'creditReceived', 'bonus'];
const LONG_COLUMNS = ['visitorId', 'userAgent', 'shared'];

/** The player's running break, read-only: nobody, an operator neither, ends or shortens one. */
function breakText(t: (key: string, options?: Record<string, string>) => string, playerBreak: Break | null): string {
  if (!playerBreak) return t('exclusion.none');
  const kind = t(`exclusion.kinds.${playerBreak.kind}`);
  return playerBreak.endsAt ? t('exclusion.until', { kind, until: atVientiane(playerBreak.endsAt) }) : t('exclusion.forGood', { kind });
}

/** Who the player is, the account withdrawals go to, and the credit at each provider now. */
function AccountSections({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation();
  const { player, bankAccount } = profile;
  return (
    <>
      <Section title={t('players.profile.identity')}>
        <Details>
          <dt>{t('players.displayName')}</dt>
          <dd>{player.displayName}</dd>
          <dt>{t('players.registered')}</dt>
          <dd>{atVientiane(player.createdAt)}</dd>
          <dt>{t('players.profile.passwordChanged')}</dt>
          <dd>{atVientiane(player.passwordChangedAt)}</dd>
          <dt>{t('exclusion.label')}</dt>
          <dd data-testid="player-break">{breakText(t, profile.exclusion)}</dd>
          {player.suspendedAt && (
            <>
              <dt>{t('players.profile.suspendedAt')}</dt>
              <dd>{atVientiane(player.suspendedAt)}</dd>
            </>
          )}
        </Details>
      </Section>
      <Section title={t('players.profile.bankAccount')} empty={!bankAccount}>
        {bankAccount && (
          <Details>
            <dt>{t('players.bank.bank')}</dt>
            <dd>{bankAccount.bank.toUpperCase()}</dd>
            <dt>{t('players.bank.accountNumber')}</dt>
            <dd>{bankAccount.accountNumber}</dd>
            <dt>{t('players.bank.accountName')}</dt>
            <dd>{bankAccount.accountName}</dd>
          </Details>
        )}
      </Section>
      <Section title={t('players.profile.balances')}>
        <Details>
          {profile.balances.map((balance) => (
            <BalanceLine key={balance.provider} name={PROVIDER_NAMES[balance.provider]}>
              {balance.available ? displayMoney(balance.amount, 'THB') : <Unavailable>{t('players.profile.unavailable')}</Unavailable>}
            </BalanceLine>
          ))}
        </Details>
      </Section>
    </>
  );
}

function Profile({ profile, isOwner }: { profile: PlayerProfile; isOwner: boolean }) {
  const { t } = useTranslation();
  const columns = useColumns();
  const { player } = profile;
  return (
    <>
      <Heading>
        <h1>{player.username}</h1>
        <PlayerFlags player={player} />
      </Heading>
      {isOwner && <PlayerActions profile={profile} />}
      <Sections>
        <AccountSections profile={profile} />
        <Section title={t('players.profile.linked')} empty={profile.linkedPlayers.length === 0}>
          <DataTable
            label={t('players.profile.linked')}
            rows={profile.linkedPlayers}
            columns={columns.linked}
            longColumns={LONG_COLUMNS}
            rowId={(row) => `${row.id}-${row.via}-${row.shared}`}
          />
        </Section>
        <Section title={t('players.profile.deposits')} wide empty={profile.deposits.length === 0}>
          <DataTable
            label={t('players.profile.deposits')}
            rows={profile.deposits}
            columns={columns.deposits}
            rowId={(row) => row.code}
            amountColumns={AMOUNT_COLUMNS}
          />
        </Section>
        <Section title={t('players.profile.withdrawals')} wide empty={profile.withdrawals.length === 0}>
          <DataTable
            label={t('players.profile.withdrawals')}
            rows={profile.withdrawals}
            columns={columns.withdrawals}
            rowId={(row) => row.code}
            amountColumns={AMOUNT_COLUMNS}
          />
        </Section>
        <Section title={t('players.profile.usages')} wide empty={profile.promotionUsages.length === 0}>
          <DataTable
            label={t('players.profile.usages')}
            rows={profile.promotionUsages}
            columns={columns.usages}
            rowId={(row) => row.usageId}
            amountColumns={AMOUNT_COLUMNS}
          />
        </Section>
        <Section title={t('players.profile.sessions')} empty={profile.sessions.length === 0}>
          <DataTable label={t('players.profile.sessions')} rows={profile.sessions} columns={columns.sessions} rowId={(row) => row.id} />
        </Section>
        <Section title={t('players.profile.devices')} empty={profile.devices.length === 0}>
          <DataTable
            label={t('players.profile.devices')}
            rows={profile.devices}
            columns={columns.devices}
            longColumns={LONG_COLUMNS}
            rowId={(row) => row.visitorId}
          />
        </Section>
      </Sections>
    </>
  );
}

const Unavailable = styled.span`
  color: ${({ theme }) => theme.colors.warning};
`;

function BalanceLine({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** /admin/players/{id}: a player's profile; owners also get the actions. */
export function PlayerProfilePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const operator = useGetOperatorQuery();
  const profile = useGetPlayerQuery(id);
  return (
    <section>
      <Link href="/">{t('players.profile.back')}</Link>
      {profile.isLoading && <Spinner />}
      {profile.isError && (
        <Notice $tone="danger">
          {'status' in profile.error && profile.error.status === 404 ? t('players.profile.notFound') : t('players.loadFailed')}
        </Notice>
      )}
      {profile.data && <Profile profile={profile.data} isOwner={operator.data?.role === 'owner'} />}
    </section>
  );
}
