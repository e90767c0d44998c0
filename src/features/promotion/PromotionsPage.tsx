import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { promotionsApi, useGetPromotionsQuery } from '../../api/promotions';
import { usePromotionUsageFlow } from './PromotionUsage';
import type { Promotion } from '../../../contract/promotions';
import { useLanguage } from '../../i18n/useLanguage';
import { Artwork, BonusHeadline } from '../../ui/Artwork';
import { Button } from '../../../web/ui/Button';
import { Link, preloadHref } from '../../ui/Link';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../../web/ui/Spinner';
import { PromotionHeader, PromotionTerms, UseButton, usePromotionEligibility } from './PromotionParts';
import { Notice } from '../../../web/ui/Notice';

const Intro = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr));
`;

const CardItem = styled.li`
  display: grid;
  grid-template-rows: auto 1fr;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
  &:focus-within,
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The card's title over its picture: bold on the shade, in the page's text colour. */
const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  a {
    color: #ffffff;
  }
`;

const Body = styled.div`
  display: grid;
  align-content: start;
  gap: 8px;
  padding: 16px;
`;

const Tag = styled.span`
  justify-self: start;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.warning};
  border: 1px solid currentColor;
`;

const Links = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
`;

const detailHref = (id: string) => `/player/promotion/${encodeURIComponent(id)}`;

function PromotionCard({ promotion, useButton }: { promotion: Promotion; useButton: ReactNode }) {
  const { t } = useTranslation('promotion');
  const language = useLanguage();
  const prefetch = promotionsApi.usePrefetch('getPromotion');
  const href = detailHref(promotion.id);
  // Hover or focus anywhere on the card: the detail's data and page chunk start loading before the click.
  const intent = () => {
    prefetch(promotion.id);
    preloadHref(href);
  };
  const name = promotion.name[language];
  return (
    <CardItem data-testid="promotion-card" data-id={promotion.id} onMouseEnter={intent} onFocus={intent} onTouchStart={intent}>
      <Artwork src={promotion.imageUrl} width={640} height={320}>
        <Title>
          <Link href={href}>{name}</Link>
        </Title>
        <BonusHeadline bonus={promotion.bonus} />
      </Artwork>
      <Body>
        {promotion.firstOrderOnly && <Tag>{t('firstOrderOnly')}</Tag>}
        <PromotionTerms promotion={promotion} />
        {useButton}
        <Link href={href} aria-label={`${t('details')}: ${name}`}>
          {t('details')}
        </Link>
      </Body>
    </CardItem>
  );
}

/** /player/promotion: the promotions as cards, the usage in progress on top, and "use" asking for the provider. */
export default function PromotionsPage() {
  const { t } = useTranslation('promotion');
  const promotions = useGetPromotionsQuery();
  const eligibility = usePromotionEligibility();
  const [state, send] = usePromotionUsageFlow();
  const taking = promotions.data?.find((promotion) => promotion.id === state.context.promotionId);

  return (
    <PageBody>
      <PageTitle>{t('common:page.promotion')}</PageTitle>
      <Links>
        <Intro>{t('intro')}</Intro>
        <Link href="/player/promotion/history">{t('history')}</Link>
      </Links>
      <PromotionHeader state={state} send={send} promotion={taking} />
      {promotions.isError ? (
        <Notice role="alert">
          {t('loadFailed')} <Button onClick={() => void promotions.refetch()}>{t('common:retry')}</Button>
        </Notice>
      ) : !promotions.data ? (
        <Spinner aria-label={t('common:loading')} />
      ) : promotions.data.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <Grid aria-label={t('common:page.promotion')}>
          {promotions.data.map((promotion) => (
            <PromotionCard
              key={promotion.id}
              promotion={promotion}
              useButton={
                <UseButton
                  promotion={promotion}
                  state={state}
                  send={send}
                  canUse={eligibility.ready && !eligibility.blocked && !eligibility.busy}
                />
              }
            />
          ))}
        </Grid>
      )}
    </PageBody>
  );
}
