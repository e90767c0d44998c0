import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useMachine } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { promotionUsageMachine, type PromotionUsageEvent } from '../../../machines/promotionUsage.machine';
import { useCancelPromotionUsageMutation, useRecheckPromotionUsageMutation, useUsePromotionMutation } from '../../api/promotions';
import { ErrorCode } from '../../../contract/errors';
import { formatDateTime } from '../../../web/dates';
import { displayAmount, displayMoney } from '../../../contract/format';
import { PROMOTION_USAGE_IN_PROGRESS, type Promotion, type PromotionUsage, type PromotionUseRequest } from '../../../contract/promotions';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { useLanguage } from '../../i18n/useLanguage';
import { ActionRow } from '../../ui/ActionRow';
import { Button } from '../../../web/ui/Button';
import { Details } from '../../../web/ui/Card';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { Link } from '../../ui/Link';
import { Spinner } from '../../../web/ui/Spinner';
import { promotionUsageTone } from '../../../web/ui/statusTone';
import { StatusBadge } from '../../../web/ui/StatusBadge';
import { inspect } from '../../devtools/inspect';
import { Notice } from '../../../web/ui/Notice';

export type PromotionUsageSnapshot = SnapshotFrom<typeof promotionUsageMachine>;
export type SendPromotionUsage = (event: PromotionUsageEvent) => void;

/** The promotionUsage machine with its calls wired to the API (use, cancel, recheck). */
export function usePromotionUsageFlow() {
  const [takePromotion] = useUsePromotionMutation();
  const [cancelUsage] = useCancelPromotionUsageMutation();
  const [recheckUsage] = useRecheckPromotionUsageMutation();
  const machine = useMemo(
    () =>
      promotionUsageMachine.provide({
        actors: {
          usePromotion: fromPromise<PromotionUsage, PromotionUseRequest>(({ input }) => takePromotion(input).unwrap()),
          cancelUsage: fromPromise<PromotionUsage, string>(({ input }) => cancelUsage(input).unwrap()),
          recheckUsage: fromPromise<PromotionUsage | null, void>(() => recheckUsage().unwrap()),
        },
      }),
    [takePromotion, cancelUsage, recheckUsage],
  );
  return useMachine(machine, { inspect });
}

export const isInProgress = (usage: PromotionUsage | null | undefined): boolean =>
  Boolean(usage && PROMOTION_USAGE_IN_PROGRESS.includes(usage.status));

const Message = styled(Notice)`
  display: grid;
  gap: 8px;
  p {
    margin: 0;
  }
`;

const ProviderList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Progress = styled.progress`
  width: 100%;
  height: 10px;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

export function UsageStatusBadge({ usage }: { usage: PromotionUsage }) {
  const { t } = useTranslation('promotion');
  return <StatusBadge status={usage.status} tone={promotionUsageTone(usage.status)} label={t(`usageStatus.${usage.status}`)} />;
}

/** Turnover made of turnover needed, in satang (for the progress bar). */
function turnoverProgress(usage: PromotionUsage): { value: number; max: number } | undefined {
  if (usage.turnoverRequired === null || usage.turnover === null) return undefined;
  const required = Number(usage.turnoverRequired);
  if (!(required > 0)) return undefined;
  return { value: Math.min(Number(usage.turnover), required), max: required };
}

/** Every field of a usage that has a value, as label and value pairs. */
export function UsageDetails({ usage }: { usage: PromotionUsage }) {
  const { t } = useTranslation('promotion');
  const progress = turnoverProgress(usage);
  return (
    <Details>
      <dt>{t('field.provider')}</dt>
      <dd>{PROVIDER_NAMES[usage.provider] ?? usage.provider}</dd>
      {usage.depositCode && (
        <>
          <dt>{t('field.depositCode')}</dt>
          <dd>{usage.depositCode}</dd>
        </>
      )}
      {usage.depositCredit !== null && (
        <>
          <dt>{t('field.depositCredit')}</dt>
          <dd>{displayMoney(usage.depositCredit, 'THB')}</dd>
        </>
      )}
      {usage.bonus !== null && (
        <>
          <dt>{t('field.bonus')}</dt>
          <dd>{displayMoney(usage.bonus, 'THB')}</dd>
        </>
      )}
      {usage.creditReceived !== null && (
        <>
          <dt>{t('field.creditReceived')}</dt>
          <dd>{displayMoney(usage.creditReceived, 'THB')}</dd>
        </>
      )}
      {usage.turnoverRequired !== null && (
        <>
          <dt>{t('field.turnoverProgress')}</dt>
          <dd data-testid="usage-turnover">
            {t('usage.turnover', { turnover: displayAmount(usage.turnover ?? '0'), required: displayAmount(usage.turnoverRequired) })}
            {progress && <Progress value={progress.value} max={progress.max} aria-label={t('field.turnoverProgress')} />}
          </dd>
        </>
      )}
      <dt>{t('field.createdAt')}</dt>
      <dd>{formatDateTime(usage.createdAt)}</dd>
      {usage.usedAt && (
        <>
          <dt>{t('field.usedAt')}</dt>
          <dd>{formatDateTime(usage.usedAt)}</dd>
        </>
      )}
      {usage.endedAt && (
        <>
          <dt>{t('field.endedAt')}</dt>
          <dd>{formatDateTime(usage.endedAt)}</dd>
        </>
      )}
      {usage.endReason && (
        <>
          <dt>{t('field.endReason')}</dt>
          <dd>{t(`endReason.${usage.endReason}`)}</dd>
        </>
      )}
    </Details>
  );
}

/** The recheck and cancel buttons of a usage in progress; both go through the machine. */
export function UsageActions({ usage, state, send }: { usage: PromotionUsage; state: PromotionUsageSnapshot; send: SendPromotionUsage }) {
  const { t } = useTranslation('promotion');
  const busy = state.hasTag('busy');
  return (
    <ActionRow>
      <Button onClick={() => send({ type: 'usage.recheck' })} disabled={busy}>
        {state.matches('rechecking') ? <Spinner $size={18} /> : t('usage.recheck')}
      </Button>
      <Button $variant="danger" onClick={() => send({ type: 'usage.cancel', usageId: usage.usageId })} disabled={busy}>
        {t('usage.cancel')}
      </Button>
    </ActionRow>
  );
}

/** The answer to the last use, cancel or recheck, until the player closes it. */
function UsageResult({ state, send, promotion }: { state: PromotionUsageSnapshot; send: SendPromotionUsage; promotion?: Promotion }) {
  const { t } = useTranslation('promotion');
  const { usage, errorCode } = state.context;
  const close = (
    <Button $variant="ghost" onClick={() => send({ type: 'usage.dismiss' })}>
      {t('close')}
    </Button>
  );
  if (state.matches('taken') && usage) {
    const provider = PROVIDER_NAMES[usage.provider];
    return (
      <Message role="status" $tone="success">
        <p>{promotion ? t('taken', { amount: displayAmount(promotion.depositAmount, 0), provider }) : t('takenNoAmount', { provider })}</p>
        <ActionRow>
          <Link href="/player/deposit">{t('goDeposit')}</Link>
          {close}
        </ActionRow>
      </Message>
    );
  }
  if (state.matches('canceled')) {
    return (
      <Message role="status" $tone="warning">
        <p>{t('canceled')}</p>
        <ActionRow>{close}</ActionRow>
      </Message>
    );
  }
  if (state.matches('rechecked')) {
    return (
      <Message role="status" $tone={isInProgress(usage) ? 'warning' : 'success'}>
        <p>
          {!usage
            ? t('rechecked.none')
            : isInProgress(usage)
              ? t('rechecked.inProgress')
              : t('rechecked.ended', { reason: usage.endReason ? t(`endReason.${usage.endReason}`) : t(`usageStatus.${usage.status}`) })}
        </p>
        {usage && usage.turnoverRequired !== null && (
          <p>{t('usage.turnover', { turnover: displayAmount(usage.turnover ?? '0'), required: displayAmount(usage.turnoverRequired) })}</p>
        )}
        <ActionRow>{close}</ActionRow>
      </Message>
    );
  }
  if (state.matches('failed') && errorCode) {
    const needsDepositPage = errorCode === ErrorCode.OPEN_ORDER || errorCode === ErrorCode.CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN;
    return (
      <Message role="alert" $tone="danger">
        <p>{t(`common:errors.${errorCode}`)}</p>
        <ActionRow>
          {errorCode === ErrorCode.BANK_ACCOUNT_REQUIRED && <Link href="/player/bank">{t('common:page.bank')}</Link>}
          {needsDepositPage && <Link href="/player/deposit">{t('common:page.deposit')}</Link>}
          {close}
        </ActionRow>
      </Message>
    );
  }
  return null;
}

/** The promotion's providers to take it for; `name` is the promotion's, when known. */
function ProviderDialog({ state, send, name }: { state: PromotionUsageSnapshot; send: SendPromotionUsage; name?: string }) {
  const { t } = useTranslation('promotion');
  const using = state.matches('using');
  const dismiss = () => send({ type: 'usage.dismiss' });
  return (
    <Dialog open={state.matches('choosingProvider') || using} title={t('pick.title')} onClose={dismiss}>
      <p>{t('pick.hint')}</p>
      {name && <p>{name}</p>}
      <ProviderList>
        {state.context.providers.map((provider) => (
          <li key={provider}>
            <Button $block $variant="secondary" disabled={using} onClick={() => send({ type: 'promotion.pick', provider })}>
              {PROVIDER_NAMES[provider]}
            </Button>
          </li>
        ))}
      </ProviderList>
      {using && <Spinner $size={18} />}
      <DialogActions>
        <Button $variant="ghost" onClick={dismiss} disabled={using}>
          {t('pick.back')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The warning before a usage is canceled: a credited bonus is forfeited. */
function CancelDialog({ state, send }: { state: PromotionUsageSnapshot; send: SendPromotionUsage }) {
  const { t } = useTranslation('promotion');
  const canceling = state.matches('canceling');
  const dismiss = () => send({ type: 'usage.dismiss' });
  return (
    <Dialog open={state.matches('confirmingCancel') || canceling} title={t('cancelDialog.title')} onClose={dismiss}>
      <p>{t('cancelDialog.warning')}</p>
      <DialogActions>
        <Button $variant="secondary" onClick={dismiss} disabled={canceling}>
          {t('cancelDialog.back')}
        </Button>
        <Button $variant="danger" onClick={() => send({ type: 'usage.confirmCancel' })} disabled={canceling}>
          {t('cancelDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * What the machine has to say: the provider dialog, the cancel confirmation, and the result of the
 * last use, cancel or recheck. `promotion` is the one being taken (for the set amount to deposit).
 */
export function PromotionUsageFeedback({
  state,
  send,
  promotion,
}: {
  state: PromotionUsageSnapshot;
  send: SendPromotionUsage;
  promotion?: Promotion;
}) {
  const language = useLanguage();
  return (
    <>
      <UsageResult state={state} send={send} promotion={promotion} />
      <ProviderDialog state={state} send={send} name={promotion?.name[language]} />
      <CancelDialog state={state} send={send} />
    </>
  );
}
