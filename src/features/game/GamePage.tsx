import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import styled from 'styled-components';
import { useAlphabetGames, useAskmebetGames, useGetBetflixGamesQuery, useGetLobbyGamesQuery } from '../../api/games';
import { CreditsPanel } from './CreditsPanel';
import { DEFAULT_GAME_TAB, type Game } from '../../../contract/games';
import { PROVIDER_NAMES, type Provider } from '../../../contract/providers';
import { Button } from '../../../web/ui/Button';
import { Link } from '../../ui/Link';
import { PageBody, PageTitle } from '../../ui/Page';
import { GameGrid } from './GameGrid';
import { useLaunchGame } from './useLaunchGame';

const Tabs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
`;

const Tab = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: ${({ theme }) => theme.buttonPadding};
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 700;
  }
`;

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.danger};
`;

const Lobby = styled.section`
  display: grid;
  gap: 12px;
  justify-items: start;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

interface ListProps {
  provider: Provider;
  onPlay: (game: Game) => void;
  launchingCode: string | null;
}

/** Tabs whose links carry ?tab=; the list follows the query. */
function TabBar({ provider, tabs, active }: { provider: Provider; tabs: string[]; active: string }) {
  const { t } = useTranslation('game');
  return (
    <Tabs aria-label={t('tabs')}>
      {tabs.map((tab) => (
        <Tab key={tab} href={`/player/game/${provider}?tab=${encodeURIComponent(tab)}`} aria-current={tab === active ? 'page' : undefined}>
          {t(`tabNames.${tab}`, { defaultValue: tab.replace(/\.txt$/, '').toUpperCase() })}
        </Tab>
      ))}
    </Tabs>
  );
}

function useTab(provider: Provider): string {
  const [params] = useSearchParams();
  return params.get('tab') || DEFAULT_GAME_TAB[provider]!;
}

function AskmebetGames(props: ListProps) {
  const tab = useTab('askmebet');
  const list = useAskmebetGames(tab);
  return (
    <>
      <TabBar provider="askmebet" tabs={list.data?.tabs ?? [tab]} active={tab} />
      <GameGrid
        games={list.data?.games}
        isLoading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        {...props}
      />
    </>
  );
}

function BetflixGames(props: ListProps) {
  const tab = useTab('betflix');
  const list = useGetBetflixGamesQuery(tab);
  return (
    <>
      <TabBar provider="betflix" tabs={list.data?.tabs ?? [tab]} active={tab} />
      <GameGrid
        games={list.data?.games}
        isLoading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        {...props}
      />
    </>
  );
}

function AlphabetGames(props: ListProps) {
  const list = useAlphabetGames();
  return <GameGrid games={list.data?.games} isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} {...props} />;
}

/** gclub and gclub_live open their lobby, where the player picks a table. */
function LobbyGames({ provider, onEnter, launching }: { provider: Provider; onEnter: () => void; launching: boolean }) {
  const { t } = useTranslation('game');
  const list = useGetLobbyGamesQuery(provider);
  return (
    <Lobby>
      <p>{t('lobbyHint', { provider: PROVIDER_NAMES[provider] })}</p>
      <Button onClick={onEnter} disabled={launching}>
        {launching ? t('opening') : t('enterLobby')}
      </Button>
      {list.data && (
        <p>
          {t('tables')}: {list.data.games.map((game) => game.name).join(' · ')}
        </p>
      )}
    </Lobby>
  );
}

/** /player/game/{provider}: the player's credit there, the provider's games, and launching one. */
export default function GamePage({ provider }: { provider?: Provider }) {
  if (!provider) return null;
  return <ProviderGames key={provider} provider={provider} />;
}

function ProviderGames({ provider }: { provider: Provider }) {
  const { t } = useTranslation('game');
  const { launch, launchingCode, failure } = useLaunchGame(provider);
  const listProps: ListProps = { provider, onPlay: (game) => void launch(game.code), launchingCode };
  return (
    <PageBody>
      <PageTitle>{PROVIDER_NAMES[provider]}</PageTitle>
      <CreditsPanel providers={[provider]} />
      {failure && (
        <Failure role="alert" data-testid="launch-failure">
          <span>{t(`errors.${failure}`, { ns: 'common' })}</span>
          {failure === 'NO_CREDIT' && <Link href="/player/deposit">{t('deposit')}</Link>}
        </Failure>
      )}
      {provider === 'askmebet' && <AskmebetGames {...listProps} />}
      {provider === 'betflix' && <BetflixGames {...listProps} />}
      {provider === 'alphabet' && <AlphabetGames {...listProps} />}
      {(provider === 'gclub' || provider === 'gclub_live') && (
        <LobbyGames provider={provider} onEnter={() => void launch()} launching={launchingCode !== null} />
      )}
    </PageBody>
  );
}
