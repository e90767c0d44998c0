import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CallError } from '../../api/baseApi';
import type { SerializedError } from '@reduxjs/toolkit';
import type { Game } from '../../contract/games';
import { errorMessageKey } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 12px;
`;

/** A tile coloured from the game code, so each game keeps its own look without pictures. */
function hue(code: string): number {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

const Tile = styled.button<{ $hue: number }>`
  width: 100%;
  min-height: 120px;
  padding: 12px;
  display: grid;
  align-content: space-between;
  gap: 8px;
  text-align: left;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  color: #ffffff;
  font-weight: 700;
  cursor: pointer;
  background: linear-gradient(135deg, hsl(${({ $hue }) => $hue} 55% 32%), hsl(${({ $hue }) => ($hue + 40) % 360} 60% 18%));

  &:disabled {
    cursor: wait;
    opacity: 0.7;
  }
`;

const PlayLabel = styled.span`
  justify-self: start;
  padding: 2px 12px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.85rem;
`;

const Status = styled.div`
  display: grid;
  justify-items: center;
  gap: 8px;
  padding: 24px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface GameGridProps {
  games: Game[] | undefined;
  isLoading: boolean;
  error: CallError | SerializedError | undefined;
  onRetry: () => void;
  onPlay: (game: Game) => void;
  launchingCode: string | null;
}

export function GameGrid({ games, isLoading, error, onRetry, onPlay, launchingCode }: GameGridProps) {
  const { t } = useTranslation('game');
  if (isLoading) {
    return (
      <Status>
        <Spinner aria-label={t('common:loading')} />
      </Status>
    );
  }
  if (error || !games) {
    return (
      <Status role="alert">
        {t('loadError')} · {t(errorMessageKey(error), { ns: 'common' })}
        <Button $variant="secondary" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </Status>
    );
  }
  if (games.length === 0) return <Status>{t('empty')}</Status>;
  return (
    <Grid data-testid="game-list">
      {games.map((game) => (
        <li key={game.code}>
          <Tile
            $hue={hue(game.code)}
            onClick={() => onPlay(game)}
            disabled={launchingCode !== null}
            aria-label={`${t('play')} ${game.name}`}
          >
            <span>{game.name}</span>
            <PlayLabel>{launchingCode === game.code ? t('opening') : t('play')}</PlayLabel>
          </Tile>
        </li>
      ))}
    </Grid>
  );
}
