import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CallError } from '../../../web/api/baseQuery';
import type { SerializedError } from '@reduxjs/toolkit';
import type { Game } from '../../../contract/games';
import { errorMessageKey } from '../../api/errors';
import { Artwork } from '../../ui/Artwork';
import { Button } from '../../../web/ui/Button';
import { Spinner } from '../../../web/ui/Spinner';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(150px, 100%), 1fr));
  gap: 12px;
`;

const Tile = styled.button`
  width: 100%;
  height: 100%;
  padding: 0;
  display: grid;
  grid-template-rows: auto 1fr;
  text-align: left;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: 700;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  &:disabled {
    cursor: wait;
    opacity: 0.7;
  }
`;

/** The game's name under its picture, as live text (the pictures carry none). */
const Label = styled.span`
  display: grid;
  align-content: space-between;
  gap: 8px;
  padding: 10px 12px 12px;
  overflow-wrap: anywhere;
`;

/** A game without a picture from its provider gets a plain panel of the same shape. */
const NoPicture = styled.span`
  display: block;
  aspect-ratio: 4 / 3;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const PlayLabel = styled.span`
  justify-self: start;
  padding: 2px 12px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
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
          <Tile onClick={() => onPlay(game)} disabled={launchingCode !== null} aria-label={`${t('play')} ${game.name}`}>
            {game.image ? <Artwork src={game.image} width={320} height={240} /> : <NoPicture />}
            <Label>
              <span>{game.name}</span>
              <PlayLabel>{launchingCode === game.code ? t('opening') : t('play')}</PlayLabel>
            </Label>
          </Tile>
        </li>
      ))}
    </Grid>
  );
}
