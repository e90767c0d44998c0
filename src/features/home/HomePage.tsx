import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PROVIDERS, PROVIDER_CARD_SIZE, PROVIDER_NAMES, providerCardPicture, type Provider } from '../../../contract/providers';
import { Artwork } from '../../ui/Artwork';
import { Button } from '../../../web/ui/Button';
import { Link } from '../../ui/Link';
import { PageBody } from '../../ui/Page';
import { CardGrid, CardLink, CardText, Section, SectionHead } from './Section';

// Below the first screen: the server renders them in place, the browser hydrates them once their chunk is in.
const LobbySections = lazy(() => import(/* webpackChunkName: "home-sections" */ './LobbySections'));

const Hero = styled.section`
  display: grid;
  gap: 12px;
  justify-items: start;
  margin: 8px 0 32px;
  padding: 28px 20px;
  border-radius: ${({ theme }) => theme.radius};
  background:
    radial-gradient(circle at 85% 20%, rgb(245 197 66 / 0.28), transparent 55%),
    linear-gradient(135deg, ${({ theme }) => theme.colors.accent}, ${({ theme }) => theme.colors.surface});
  border: 1px solid ${({ theme }) => theme.colors.border};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.hero};
    line-height: 1.2;
  }
  p {
    margin: 0;
    max-width: 40em;
  }
`;

const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin-top: 8px;
`;

/** Provider cards in a row on a phone: that first row is on its first screen, the rest below it. */
const PHONE_ROW = 2;

const gameHref = (provider: Provider) => `/player/game/${provider}`;

function ProviderCards() {
  const { t } = useTranslation('home');
  return (
    <Section aria-labelledby="lobby-providers">
      <SectionHead>
        <h2 id="lobby-providers">{t('providers.title')}</h2>
      </SectionHead>
      <CardGrid $min={130} data-testid="lobby-providers">
        {PROVIDERS.map((provider, i) => (
          <li key={provider}>
            <CardLink as={Link} href={gameHref(provider)} data-testid={`provider-card-${provider}`}>
              <Artwork src={providerCardPicture(provider)} {...PROVIDER_CARD_SIZE} priority={i < PHONE_ROW} />
              <CardText>
                <strong>{PROVIDER_NAMES[provider]}</strong>
                <small>{t(`providers.${provider}`)}</small>
              </CardText>
            </CardLink>
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}

/** `/` for visitors: the register call, the providers, featured games, the promotions and how to deposit. */
export default function HomePage() {
  const { t } = useTranslation('home');
  return (
    <PageBody>
      <Hero aria-labelledby="lobby-hero">
        <h1 id="lobby-hero">{t('hero.title')}</h1>
        <p>{t('hero.lead')}</p>
        <HeroActions>
          <Button as={Link} href="/register">
            {t('hero.register')}
          </Button>
          <span>
            {t('hero.haveAccount')} <Link href="/login">{t('hero.login')}</Link>
          </span>
        </HeroActions>
      </Hero>
      <ProviderCards />
      <Suspense fallback={null}>
        <LobbySections />
      </Suspense>
    </PageBody>
  );
}
