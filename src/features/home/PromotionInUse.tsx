import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetUsingPromotionQuery } from '../../api/promotions';
import { displayAmount } from '../../../contract/format';
import { parseAmount } from '../../../contract/money';
import type { PromotionUsage } from '../../../contract/promotions';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { useLanguage } from '../../i18n/useLanguage';
import { Link } from '../../ui/Link';
import { Section, SectionHead } from './Section';

const Panel = styled.div`
  display: grid;
  gap: 8px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  p {
    margin: 0;
  }
`;

const Bar = styled.progress`
  width: 100%;
  height: 12px;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

/** Turnover made and needed, in satang; null until the deposit that took the promotion is credited. */
function turnoverOf(usage: PromotionUsage): { made: bigint; needed: bigint } | null {
  const needed = usage.turnoverRequired === null ? undefined : parseAmount(usage.turnoverRequired, 'THB');
  if (needed === undefined) return null;
  return { made: parseAmount(usage.turnover ?? '0', 'THB') ?? 0n, needed };
}

function UsageProgress({ usage }: { usage: PromotionUsage }) {
  const { t } = useTranslation('home');
  const turnover = turnoverOf(usage);
  if (usage.status === 'ACTIVE' || !turnover) return <p>{t('player.waitingDeposit', { provider: PROVIDER_NAMES[usage.provider] })}</p>;
  const label = t('player.turnover', {
    done: displayAmount(usage.turnover ?? '0'),
    required: displayAmount(usage.turnoverRequired ?? '0'),
  });
  // A turnover already met fills the bar; a promotion without turnover (0 needed) shows it full.
  const max = turnover.needed > 0n ? Number(turnover.needed) : 1;
  const value = turnover.needed > 0n ? Math.min(Number(turnover.made), max) : 1;
  return (
    <>
      <p data-testid="lobby-turnover">{label}</p>
      <Bar value={value} max={max} aria-label={label} />
    </>
  );
}

/** The promotion the player is using, with its turnover so far, or a pointer to the promotions. */
export function PromotionInUse() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const { data: usage } = useGetUsingPromotionQuery();
  return (
    <Section aria-labelledby="lobby-promotion">
      <SectionHead>
        <h2 id="lobby-promotion">{t('player.promotion')}</h2>
        <Link href="/player/promotion">{t('player.browsePromotions')}</Link>
      </SectionHead>
      <Panel data-testid="lobby-promotion">
        {usage ? (
          <>
            <strong>
              {usage.promotionName[language]} · {PROVIDER_NAMES[usage.provider]}
            </strong>
            <UsageProgress usage={usage} />
          </>
        ) : (
          <p>{t('player.noPromotion')}</p>
        )}
      </Panel>
    </Section>
  );
}
