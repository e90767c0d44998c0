import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetDepositQrQuery } from '../../api/deposits';
import type { DepositOrder } from '../../../contract/deposits';
import { displayAmount, displayMoney } from '../../../contract/format';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { ActionRow } from '../../ui/ActionRow';
import { Button } from '../../../web/ui/Button';
import { Details } from '../../../web/ui/Card';
import { Spinner } from '../../../web/ui/Spinner';
import { formatCountdown } from './format';
import { QrImage, saveQrImage } from '../../../web/ui/QrImage';

/** What the player must get right in the banking app, first: on a 375x667 phone it sits above the QR. */
const Summary = styled.div`
  display: grid;
  gap: 2px;
  margin-bottom: 12px;
  text-align: center;
`;

const AmountToPay = styled.strong`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  line-height: 1.3;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const QrBlock = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  margin-bottom: 16px;
  text-align: center;
`;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Puts the QR text on the clipboard, for banking apps that take a pasted LaoQR. The Clipboard API
 * needs a secure context; a site reached over plain http falls back to copying a selected field.
 */
async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    return navigator.clipboard.writeText(text).then(
      () => true,
      () => false,
    );
  }
  if (!field) return false;
  field.hidden = false;
  field.select();
  const copied = document.execCommand('copy');
  field.hidden = true;
  return copied;
}

/** An open order: what to pay and to whom, its LaoQR for a banking app, the time left, and what it buys. */
export function OpenOrder({ order, onExpire }: { order: DepositOrder; onExpire: () => void }) {
  const { t } = useTranslation('deposit');
  const qr = useGetDepositQrQuery(order.code);
  const payload = qr.data?.payload;
  const payloadField = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const left = new Date(order.expiresAt).getTime() - useNow();
  useEffect(() => {
    if (left <= 0) onExpire();
  }, [left, onExpire]);

  return (
    <>
      <Summary data-testid="deposit-summary">
        <Muted>{t('amountToPay')}</Muted>
        <AmountToPay data-testid="deposit-amount">{displayMoney(order.amount, 'LAK')}</AmountToPay>
        {qr.data && (
          <Muted data-testid="deposit-payee">{t('payTo', { name: qr.data.payee.name, merchantId: qr.data.payee.merchantId })}</Muted>
        )}
        <strong role="timer" aria-label={t('expiresIn', { time: formatCountdown(left) })}>
          {t('expiresIn', { time: formatCountdown(left) })}
        </strong>
      </Summary>
      <QrBlock>
        {payload ? <QrImage payload={payload} alt={t('qrAlt', { amount: displayAmount(order.amount, 0) })} /> : <Spinner />}
        <Muted>{t('scanHint')}</Muted>
      </QrBlock>
      {payload && (
        <>
          <textarea ref={payloadField} hidden readOnly data-testid="deposit-payload" value={payload} aria-hidden="true" tabIndex={-1} />
          <ActionRow>
            <Button
              $variant="secondary"
              onClick={() => void copyText(payload, payloadField.current).then(setCopied)}
              aria-describedby="deposit-copy-status"
            >
              {t('copyPayload')}
            </Button>
            <Button $variant="secondary" onClick={() => void saveQrImage(payload, `laoqr-${order.code}`)}>
              {t('saveImage')}
            </Button>
          </ActionRow>
          <p id="deposit-copy-status" role="status">
            {copied === null ? '' : t(copied ? 'copied' : 'copyFailed')}
          </p>
        </>
      )}
      <Details>
        <dt>{t('code')}</dt>
        <dd data-testid="deposit-code">{order.code}</dd>
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
            <dt>{t('merchantId')}</dt>
            <dd data-testid="deposit-merchant-id">{qr.data.payee.merchantId}</dd>
          </>
        )}
      </Details>
    </>
  );
}
