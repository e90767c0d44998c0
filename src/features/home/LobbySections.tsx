import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetLobbyGamesQuery } from '../../api/games';
import { useGetPromotionsQuery } from '../../api/promotions';
import type { Game } from '../../../contract/games';
import { PROVIDER_NAMES, type Provider } from '../../../contract/providers';
import { useLanguage } from '../../i18n/useLanguage';
import { Artwork, BonusHeadline } from '../../ui/Artwork';
import { Link } from '../../ui/Link';
import { FEATURED } from './featured';
import { CardGrid, CardLink, CardText, LaterSection, SectionHead } from './Section';

const Steps = styled.ol`
  list-style: none;
  counter-reset: step;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(220px, 100%), 1fr));

  li {
    counter-increment: step;
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 4px 12px;
    padding: 16px;
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  li::before {
    content: counter(step);
    grid-row: span 2;
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border-radius: 50%;
    font-weight: 700;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  strong {
    align-self: end;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const gameHref = (provider: Provider) => `/player/game/${provider}`;
const promotionHref = (id: string) => `/player/promotion/${encodeURIComponent(id)}`;

/** How many of each featured provider's first games the lobby shows. */
const FEATURED_PER_PROVIDER = 3;

function FeaturedGames() {
  const { t } = useTranslation('home');
  const lists = [useGetLobbyGamesQuery(FEATURED[0]), useGetLobbyGamesQuery(FEATURED[1])];
  const games = lists.flatMap((list, i) =>
    (list.data?.games ?? []).slice(0, FEATURED_PER_PROVIDER).map((game): [Provider, Game] => [FEATURED[i], game]),
  );
  const failed = lists.every((list) => list.isError);
  if (games.length === 0 && !failed) return null;
  return (
    <LaterSection aria-labelledby="lobby-games">
      <SectionHead>
        <h2 id="lobby-games">{t('games.title')}</h2>
      </SectionHead>
      {failed ? (
        <p role="alert">{t('game:loadError')}</p>
      ) : (
        <CardGrid $min={110} data-testid="lobby-games">
          {games.map(([provider, game]) => (
            <li key={game.code}>
              <CardLink as={Link} href={gameHref(provider)}>
                {game.image && <Artwork src={game.image} width={320} height={240} />}
                <CardText>
                  <strong>{game.name}</strong>
                  <small>{PROVIDER_NAMES[provider]}</small>
                </CardText>
              </CardLink>
            </li>
          ))}
        </CardGrid>
      )}
    </LaterSection>
  );
}

const TEASERS = 4;

function PromotionTeasers() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const { data: promotions } = useGetPromotionsQuery();
  if (!promotions || promotions.length === 0) return null;
  return (
    <LaterSection aria-labelledby="lobby-promotions">
      <SectionHead>
        <h2 id="lobby-promotions">{t('promotions.title')}</h2>
      </SectionHead>
      <CardGrid $min={260} data-testid="lobby-promotions">
        {promotions.slice(0, TEASERS).map((promotion) => (
          <li key={promotion.id}>
            <CardLink as={Link} href={promotionHref(promotion.id)}>
              <Artwork src={promotion.imageUrl} width={640} height={320}>
                <strong>{promotion.name[language]}</strong>
                <BonusHeadline bonus={promotion.bonus} />
              </Artwork>
            </CardLink>
          </li>
        ))}
      </CardGrid>
    </LaterSection>
  );
}

function DepositSteps() {
  const { t } = useTranslation('home');
  return (
    <LaterSection aria-labelledby="lobby-steps">
      <SectionHead>
        <h2 id="lobby-steps">{t('steps.title')}</h2>
      </SectionHead>
      <Steps data-testid="lobby-steps">
        {(['register', 'scan', 'play'] as const).map((step) => (
          <li key={step}>
            <strong>{t(`steps.${step}.title`)}</strong>
            <span>{t(`steps.${step}.text`)}</span>
          </li>
        ))}
      </Steps>
    </LaterSection>
  );
}

/** The lobby below its first screen: featured games, the promotions and how to deposit. */
export default function LobbySections() {
  return (
    <>
      <FeaturedGames />
      <PromotionTeasers />
      <DepositSteps />
    </>
  );
}
