import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetBacklistQuery } from '../../api/players';
import { useGetUsingPromotionQuery } from '../../api/promotions';
import {
  isInProgress,
  PromotionUsageFeedback,
  UsageActions,
  UsageDetails,
  UsageStatusBadge,
  type PromotionUsageSnapshot,
  type SendPromotionUsage,
} from './PromotionUsage';
import { formatDate } from '../../../web/dates';
import { displayAmount, displayMoney } from '../../../contract/format';
import type { Promotion } from '../../../contract/promotions';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { useLanguage } from '../../i18n/useLanguage';
import { Button } from '../../../web/ui/Button';
import { Card, CardTitle, Details } from '../../../web/ui/Card';
import { Notice } from '../../../web/ui/Notice';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
  h2 {
    margin: 0;
  }
`;

const Tag = styled.span`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.warning};
  border: 1px solid currentColor;
`;

/** The bonus in one line: "Bonus 100 THB" or "Bonus 10% up to 500 THB". */
export function BonusSummary({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('promotion');
  const { bonus } = promotion;
  return (
    <>
      {bonus.kind === 'FIXED'
        ? t('bonus.FIXED', { amount: displayAmount(bonus.amount) })
        : t('bonus.PERCENT', { percent: bonus.percent, cap: displayAmount(bonus.cap) })}
    </>
  );
}

/** The terms every card shows: set deposit, turnover and providers; `full` adds the withdrawal rules and the period. */
export function PromotionTerms({ promotion, full = false }: { promotion: Promotion; full?: boolean }) {
  const { t } = useTranslation('promotion');
  return (
    <Details>
      <dt>{t('field.bonus')}</dt>
      <dd>
        <BonusSummary promotion={promotion} />
      </dd>
      <dt>{t('field.depositAmount')}</dt>
      <dd data-testid="promotion-deposit-amount">{displayMoney(promotion.depositAmount, 'LAK')}</dd>
      <dt>{t('field.turnover')}</dt>
      <dd>{promotion.turnoverMultiple > 0 ? t('turnoverMultiple', { multiple: promotion.turnoverMultiple }) : t('noTurnover')}</dd>
      <dt>{t('field.providers')}</dt>
      <dd>{promotion.providers.map((provider) => PROVIDER_NAMES[provider] ?? provider).join(', ')}</dd>
      {full && (
        <>
          <dt>{t('field.minBalance')}</dt>
          <dd>{displayMoney(promotion.minBalance, 'THB')}</dd>
          <dt>{t('field.maxWithdraw')}</dt>
          <dd>{t('maxWithdrawPercent', { percent: promotion.maxWithdrawPercent })}</dd>
          <dt>{t('field.creditThreshold')}</dt>
          <dd>{displayMoney(promotion.creditThreshold, 'THB')}</dd>
          <dt>{t('field.period')}</dt>
          <dd>{t('period', { from: formatDate(promotion.startsAt), to: promotion.endsAt ? formatDate(promotion.endsAt) : t('noEnd') })}</dd>
        </>
      )}
    </Details>
  );
}

/** Whether the player may take a promotion now, and why not: blocked (backlist) or one already in progress. */
export function usePromotionEligibility() {
  const backlist = useGetBacklistQuery();
  const using = useGetUsingPromotionQuery();
  const blocked = backlist.data?.blocked === true;
  const busy = isInProgress(using.data);
  // A question that went unanswered does not hold the button back: the server refuses what is not allowed.
  const answered = (query: { data?: unknown; isError: boolean }) => query.data !== undefined || query.isError;
  return { blocked, busy, ready: answered(backlist) && answered(using), usage: using.data ?? null };
}

/** The "use" button of a promotion: asks for the provider through the machine. */
export function UseButton({
  promotion,
  state,
  send,
  canUse,
}: {
  promotion: Promotion;
  state: PromotionUsageSnapshot;
  send: SendPromotionUsage;
  canUse: boolean;
}) {
  const { t } = useTranslation('promotion');
  const language = useLanguage();
  const idle = !state.hasTag('busy');
  return (
    <Button
      $block
      aria-label={t('useNamed', { name: promotion.name[language] })}
      disabled={!canUse || !idle || promotion.status !== 'ACTIVE'}
      onClick={() => send({ type: 'promotion.use', promotionId: promotion.id, providers: promotion.providers })}
    >
      {t('use')}
    </Button>
  );
}

/**
 * The top of both promotion pages: the blocked notice, the usage in progress with recheck and
 * cancel, and what the machine has to say.
 */
export function PromotionHeader({
  state,
  send,
  promotion,
}: {
  state: PromotionUsageSnapshot;
  send: SendPromotionUsage;
  promotion?: Promotion;
}) {
  const { t } = useTranslation('promotion');
  const language = useLanguage();
  const { blocked, busy, usage } = usePromotionEligibility();
  return (
    <div data-testid="promotion-usage" data-state={String(state.value)}>
      {blocked && <Notice role="alert">{t('common:errors.PLAYER_BLOCKED')}</Notice>}
      <PromotionUsageFeedback state={state} send={send} promotion={promotion} />
      {usage && busy && (
        <Card aria-label={t('usage.title')} data-testid="usage-in-progress">
          <Head>
            <h2>{t('usage.title')}</h2>
            <UsageStatusBadge usage={usage} />
          </Head>
          <CardTitle as="p">{usage.promotionName[language]}</CardTitle>
          {usage.status === 'ACTIVE' && (
            <p>
              <Tag>{t('usage.waitingDeposit', { provider: PROVIDER_NAMES[usage.provider] })}</Tag>
            </p>
          )}
          <UsageDetails usage={usage} />
          <UsageActions usage={usage} state={state} send={send} />
        </Card>
      )}
      {busy && !blocked && <p>{t('busyWithOther')}</p>}
    </div>
  );
}
