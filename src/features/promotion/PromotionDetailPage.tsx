import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useParams } from 'wouter';
import { useGetPromotionQuery } from '../../api/promotions';
import { usePromotionUsageFlow } from './PromotionUsage';
import { useLanguage } from '../../i18n/useLanguage';
import { Button } from '../../../web/ui/Button';
import { Card, CardTitle } from '../../../web/ui/Card';
import { Link } from '../../ui/Link';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../../web/ui/Spinner';
import { PromotionHeader, PromotionTerms, UseButton, usePromotionEligibility } from './PromotionParts';
import { Notice } from '../../../web/ui/Notice';

const Picture = styled.img`
  display: block;
  width: 100%;
  max-width: 640px;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius};
  margin-bottom: 16px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Terms = styled.div`
  white-space: pre-line;
  line-height: 1.6;
  overflow-wrap: anywhere;
`;

const Back = styled.p`
  margin: 0 0 12px;
`;

/** /player/promotion/{promotionId}: one promotion with its full terms and the same "use" action as the list. */
export default function PromotionDetailPage() {
  const { t } = useTranslation('promotion');
  const language = useLanguage();
  const { promotionId = '' } = useParams<{ promotionId: string }>();
  const promotion = useGetPromotionQuery(promotionId);
  const eligibility = usePromotionEligibility();
  const [state, send] = usePromotionUsageFlow();
  const name = promotion.data?.name[language];

  return (
    <PageBody>
      <Back>
        <Link href="/player/promotion">{t('allPromotions')}</Link>
      </Back>
      <PageTitle>{name ?? t('common:page.promotionDetail')}</PageTitle>
      <PromotionHeader state={state} send={send} promotion={promotion.data} />
      {promotion.isError ? (
        <Notice role="alert">
          {t('notFound')} <Button onClick={() => void promotion.refetch()}>{t('common:retry')}</Button>
        </Notice>
      ) : !promotion.data ? (
        <Spinner aria-label={t('common:loading')} />
      ) : (
        <>
          <Picture src={promotion.data.imageUrl} alt={t('imageAlt', { name })} />
          <Card aria-label={name} data-testid="promotion-detail">
            {promotion.data.firstOrderOnly && <p>{t('firstOrderOnly')}</p>}
            <PromotionTerms promotion={promotion.data} full />
            <UseButton
              promotion={promotion.data}
              state={state}
              send={send}
              canUse={eligibility.ready && !eligibility.blocked && !eligibility.busy}
            />
          </Card>
          <Card aria-label={t('terms')}>
            <CardTitle>{t('terms')}</CardTitle>
            <Terms>{promotion.data.terms[language]}</Terms>
          </Card>
        </>
      )}
    </PageBody>
  );
}
