import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { depositOrderMachine } from '../../../machines/depositOrder.machine';
import { useCancelDepositMutation, useCheckDepositMutation, useCreateDepositMutation, useGetDepositLimitsQuery, useGetDepositQrQuery, useGetOpenDepositsQuery } from '../../api/deposits';
import { useGetBankAccountsQuery, useGetExchangeRatesQuery } from '../../api/banks';
import { useGetPromotionQuery, useGetUsingPromotionQuery } from '../../api/promotions';
import type { Promotion, PromotionUsage } from '../../contract/promotions';
import { useLanguage } from '../../i18n/useLanguage';
import { errorCodeOf } from '../../api/errors';
import { QrImage, saveQrImage } from './QrImage';
import { checkDepositAmount, type DepositOrder, type DepositRequest } from '../../contract/deposits';
import { ErrorCode } from '../../contract/errors';
import { convertAt, formatAmount, parseAmount } from '../../contract/money';
import { PROVIDERS, PROVIDER_NAMES, isProvider, type Provider } from '../../contract/providers';
import { Button } from '../../ui/Button';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { Link } from '../../ui/Link';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { FieldError, TextField } from '../../ui/TextField';
import { formatCountdown, newIdempotencyKey } from './format';
import { displayAmount, displayMoney } from '../../contract/format';
import { Card, Details } from '../../ui/Card';
import { inspect } from '../../devtools/inspect';
import { Notice } from '../../ui/Notice';

const Select = styled.select`
  min-height: 44px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
`;

const Field = styled.div`
  display: grid;
  gap: 4px;
  margin-bottom: 12px;
  label {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Preview = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.warning};
`;


const QrBlock = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  margin-bottom: 16px;
`;

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

/** The promotion the player has taken and not yet deposited for (its usage is ACTIVE). */
interface TakenPromotion {
  usage: PromotionUsage;
  promotion: Promotion | undefined;
}

/** The promotion in progress above the form: the set deposit to make (ACTIVE), or the one running (USED). */
function PromotionBanner({ usage, promotion }: { usage: PromotionUsage; promotion: Promotion | undefined }) {
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

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** Rejects with the API's error code, which the machine keeps to show. */
const withCode = <T,>(call: Promise<T>) =>
  call.catch((error: unknown) => {
    throw { code: errorCodeOf(error as Parameters<typeof errorCodeOf>[0]) ?? ErrorCode.INTERNAL };
  });

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function DepositForm({ onCreate, errorCode, busy, taken }: { onCreate: (request: DepositRequest) => void; errorCode: string | null; busy: boolean; taken?: TakenPromotion }) {
  const { t } = useTranslation('deposit');
  const limits = useGetDepositLimitsQuery();
  const rates = useGetExchangeRatesQuery();
  // A taken promotion sets the provider and the amount: the deposit that takes it must be exactly these.
  const [provider, setProvider] = useState<Provider | ''>(taken?.usage.provider ?? '');
  const [amount, setAmount] = useState(taken?.promotion?.depositAmount ?? '');
  const [submitted, setSubmitted] = useState(false);

  const min = limits.data ? BigInt(limits.data.minAmount) : undefined;
  const max = limits.data ? BigInt(limits.data.maxAmount) : undefined;
  const bounds = { min: displayAmount(limits.data?.minAmount ?? '0', 0), max: displayAmount(limits.data?.maxAmount ?? '0', 0) };
  const checked = min !== undefined && max !== undefined ? checkDepositAmount(amount, min, max) : undefined;
  const amountError = !amount.trim()
    ? t('validation.amountRequired')
    : checked && !checked.ok
      ? checked.code === 'DEPOSIT_AMOUNT_INVALID'
        ? t('validation.amountInvalid')
        : t('validation.amountOutOfRange', bounds)
      : undefined;
  const providerError = provider ? undefined : t('validation.providerRequired');
  const thb = rates.data?.find((rate) => rate.currency === 'THB');
  const kip = parseAmount(amount.trim(), 'LAK');
  const preview = thb && kip ? formatAmount(convertAt('DEPOSIT', kip, thb), 'THB') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (providerError || amountError || !checked?.ok || !provider) return;
    onCreate(taken ? { provider, amount: checked.kip.toString(), promotionId: taken.usage.promotionId } : { provider, amount: checked.kip.toString() });
  };

  return (
    <Card as="form" aria-label={t('title')} onSubmit={submit} noValidate>
      {errorCode && (
        <Notice role="alert" $tone="danger">
          {t(`common:errors.${errorCode}`)}
        </Notice>
      )}
      {errorCode === ErrorCode.BANK_ACCOUNT_REQUIRED && (
        <p>
          <Link href="/player/bank">{t('addBank')}</Link>
        </p>
      )}
      <Field>
        <label htmlFor="deposit-provider">{t('provider')}</label>
        <Select id="deposit-provider" value={provider} disabled={Boolean(taken)} onChange={(event) => setProvider(isProvider(event.target.value) ? event.target.value : '')} aria-invalid={submitted && Boolean(providerError)}>
          <option value="">{t('chooseProvider')}</option>
          {PROVIDERS.map((name) => (
            <option key={name} value={name}>
              {PROVIDER_NAMES[name]}
            </option>
          ))}
        </Select>
        {submitted && providerError && <FieldError role="alert">{providerError}</FieldError>}
      </Field>
      <TextField
        label={t('amount')}
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        readOnly={Boolean(taken?.promotion)}
        onChange={(event) => setAmount(event.target.value)}
        error={submitted ? amountError : undefined}
        hint={limits.data ? t('amountHint', bounds) : undefined}
      />
      {preview && thb && <Preview aria-live="polite">{t('preview', { credit: displayAmount(preview), rate: thb.sell })}</Preview>}
      <Button type="submit" $block disabled={busy}>
        {busy ? <Spinner $size={18} /> : t('create')}
      </Button>
    </Card>
  );
}

function OpenOrder({ order, onExpire }: { order: DepositOrder; onExpire: () => void }) {
  const { t } = useTranslation('deposit');
  const qr = useGetDepositQrQuery(order.code);
  const expiresAt = new Date(order.expiresAt).getTime();
  const now = useNow(true);
  const left = expiresAt - now;
  useEffect(() => {
    if (left <= 0) onExpire();
  }, [left, onExpire]);

  return (
    <>
      <QrBlock>
        {qr.data ? <QrImage payload={qr.data.payload} alt={t('qrAlt', { amount: displayAmount(order.amount, 0) })} /> : <Spinner />}
        <p>{t('scanHint')}</p>
        <strong role="timer" aria-label={t('expiresIn', { time: formatCountdown(left) })}>
          {t('expiresIn', { time: formatCountdown(left) })}
        </strong>
      </QrBlock>
      <Details>
        <dt>{t('code')}</dt>
        <dd data-testid="deposit-code">{order.code}</dd>
        <dt>{t('amountToPay')}</dt>
        <dd>{displayMoney(order.amount, 'LAK')}</dd>
        <dt>{t('credit')}</dt>
        <dd>
          {displayMoney(order.credit, 'THB')} · {PROVIDER_NAMES[order.provider]}
        </dd>
        {qr.data && (
          <>
            <dt>{t('payee')}</dt>
            <dd>
              {qr.data.payee.name}, {qr.data.payee.city}
            </dd>
          </>
        )}
      </Details>
      {qr.data && <textarea hidden readOnly data-testid="deposit-payload" value={qr.data.payload} />}
      {qr.data && (
        <Button $variant="secondary" onClick={() => void saveQrImage(qr.data!.payload, `laoqr-${order.code}`)}>
          {t('saveImage')}
        </Button>
      )}
    </>
  );
}

/**
 * /player/deposit: choose a provider and an amount (with the THB credit it buys at the sell rate),
 * then pay the order's LaoQR from a banking app and check; an open order is resumed after a reload.
 */
export default function DepositPage() {
  const { t } = useTranslation('deposit');
  const accounts = useGetBankAccountsQuery();
  const open = useGetOpenDepositsQuery();
  const using = useGetUsingPromotionQuery();
  const usage = using.data ?? null;
  const promotion = useGetPromotionQuery(usage?.promotionId ?? '', { skip: usage?.status !== 'ACTIVE' });
  const [createDeposit] = useCreateDepositMutation();
  const [checkDeposit] = useCheckDepositMutation();
  const [cancelDeposit] = useCancelDepositMutation();
  // One key per deposit asked for: a retry after a lost answer reuses it, so it never makes two orders.
  const idempotencyKey = useRef('');
  if (!idempotencyKey.current) idempotencyKey.current = newIdempotencyKey();

  const machine = useMemo(
    () =>
      depositOrderMachine.provide({
        actors: {
          createOrder: fromPromise<DepositOrder, DepositRequest>(async ({ input }) => {
            try {
              const order = await withCode(createDeposit({ ...input, idempotencyKey: idempotencyKey.current }).unwrap());
              idempotencyKey.current = newIdempotencyKey();
              return order;
            } catch (error) {
              // A refusal is final for this key; only an unanswered request may be retried with it.
              if ((error as { code: string }).code !== ErrorCode.INTERNAL) idempotencyKey.current = newIdempotencyKey();
              throw error;
            }
          }),
          checkOrder: fromPromise<DepositOrder, string>(({ input }) => withCode(checkDeposit(input).unwrap())),
          cancelOrder: fromPromise<DepositOrder, string>(({ input }) => withCode(cancelDeposit(input).unwrap())),
        },
      }),
    [createDeposit, checkDeposit, cancelDeposit],
  );
  const [state, send] = useMachine(machine, { inspect });
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !open.data) return;
    resumed.current = true;
    if (open.data[0]) send({ type: 'RESUME', order: open.data[0] });
  }, [open.data, send]);
  const onExpire = useMemo(() => () => send({ type: 'EXPIRE' }), [send]);

  const { order, errorCode } = state.context;
  const stateName = String(state.value);
  const hasBank = (accounts.data?.bankAccounts.length ?? 0) > 0;
  // Without an answer about promotions the form cannot know whether to set them (a failed call: none).
  const loading = !accounts.data || !open.data || using.isLoading || promotion.isLoading;
  const inProgress = usage && (usage.status === 'ACTIVE' || usage.status === 'USED') ? usage : null;
  const taken = inProgress?.status === 'ACTIVE' ? { usage: inProgress, promotion: promotion.data } : undefined;
  const showingOrder = order && ['open', 'checking', 'confirmingCancel', 'cancelling'].includes(stateName);

  return (
    <PageBody>
      <PageTitle>{t('common:page.deposit')}</PageTitle>
      <div data-testid="deposit" data-state={stateName}>
        {loading && stateName === 'idle' ? (
          <Spinner />
        ) : (stateName === 'idle' || stateName === 'creating') && !hasBank ? (
          <Card>
            <Notice role="alert" $tone="warning">{t('needBank')}</Notice>
            <Link href="/player/bank">{t('addBank')}</Link>
          </Card>
        ) : stateName === 'idle' || stateName === 'creating' ? (
          <>
            {inProgress && <PromotionBanner usage={inProgress} promotion={promotion.data} />}
            <DepositForm onCreate={(request) => send({ type: 'CREATE', request })} errorCode={errorCode} busy={stateName === 'creating'} taken={taken} />
          </>
        ) : showingOrder ? (
          <Card aria-label={t('title')}>
            {errorCode && (
              <Notice role="alert" $tone={errorCode === ErrorCode.DEPOSIT_NOT_PAID ? 'warning' : 'danger'}>
                {t(`common:errors.${errorCode}`)}
              </Notice>
            )}
            <OpenOrder order={order} onExpire={onExpire} />
            <Actions style={{ marginTop: 12 }}>
              <Button onClick={() => send({ type: 'CHECK' })} disabled={stateName !== 'open'}>
                {stateName === 'checking' ? <Spinner $size={18} /> : t('check')}
              </Button>
              <Button $variant="danger" onClick={() => send({ type: 'CANCEL' })} disabled={stateName !== 'open'}>
                {t('cancel')}
              </Button>
            </Actions>
            <Dialog open={stateName === 'confirmingCancel' || stateName === 'cancelling'} title={t('cancelDialog.title')} onClose={() => send({ type: 'DISMISS' })}>
              <p>{t('cancelDialog.warning')}</p>
              <DialogActions>
                <Button $variant="secondary" onClick={() => send({ type: 'DISMISS' })}>
                  {t('cancelDialog.back')}
                </Button>
                <Button $variant="danger" onClick={() => send({ type: 'CONFIRM' })} disabled={stateName === 'cancelling'}>
                  {t('cancelDialog.confirm')}
                </Button>
              </DialogActions>
            </Dialog>
          </Card>
        ) : (
          order && (
            <Card aria-label={t('title')}>
              {errorCode && stateName === 'paid' && (
                <Notice role="alert" $tone="danger">
                  {t(`common:errors.${errorCode}`)}
                </Notice>
              )}
              <Notice role="status" $tone={stateName === 'success' ? 'success' : stateName === 'paid' ? 'warning' : 'danger'}>
                {t(`result.${stateName}`, { credit: displayAmount(order.creditedTotal ?? order.credit), provider: PROVIDER_NAMES[order.provider] })}
              </Notice>
              <Details>
                <dt>{t('code')}</dt>
                <dd data-testid="deposit-code">{order.code}</dd>
                <dt>{t('amountToPay')}</dt>
                <dd>{displayMoney(order.amount, 'LAK')}</dd>
              </Details>
              <Actions>
                {stateName === 'paid' ? (
                  <Button onClick={() => send({ type: 'CHECK' })}>{t('check')}</Button>
                ) : (
                  <Button onClick={() => send({ type: 'NEW' })}>{t('newDeposit')}</Button>
                )}
                <Link href="/player/deposit/history">{t('history')}</Link>
              </Actions>
            </Card>
          )
        )}
      </div>
    </PageBody>
  );
}
