import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Promotion, PromotionUsage } from '../../../contract/promotions';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { displayAmount } from '../../../contract/format';
import { useLanguage } from '../../i18n/useLanguage';
import { Link } from '../../ui/Link';

/** The promotion the player has taken and not yet deposited for (its usage is ACTIVE). */
export interface TakenPromotion {
  usage: PromotionUsage;
  promotion: Promotion | undefined;
}

const Banner = styled.div`
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  p {
    margin: 0 0 6px;
  }
`;

/** The promotion in progress above the form: the set deposit to make (ACTIVE), or the one running (USED). */
export function PromotionBanner({ usage, promotion }: { usage: PromotionUsage; promotion: Promotion | undefined }) {
  const { t } = useTranslation('deposit');
  const language = useLanguage();
  const name = usage.promotionName[language];
  const provider = PROVIDER_NAMES[usage.provider];
  return (
    <Banner role="note" aria-label={name} data-testid="deposit-promotion" data-status={usage.status}>
      <p>
        {usage.status === 'ACTIVE' && promotion
          ? t('promotion.banner', { name, amount: displayAmount(promotion.depositAmount, 0), provider })
          : usage.status === 'ACTIVE'
            ? `${name} · ${provider}`
            : t('promotion.inUse', { name, provider })}
      </p>
      {usage.status === 'ACTIVE' && <p>{t('promotion.locked')}</p>}
      <Link href="/player/promotion">{t('promotion.link')}</Link>
    </Banner>
  );
}
