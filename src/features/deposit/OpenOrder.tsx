import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetDepositQrQuery } from '../../api/deposits';
import type { DepositOrder } from '../../contract/deposits';
import { displayAmount, displayMoney } from '../../contract/format';
import { PROVIDER_NAMES } from '../../contract/providers';
import { Button } from '../../ui/Button';
import { Details } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { formatCountdown } from './format';
import { QrImage, saveQrImage } from './QrImage';

const QrBlock = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  margin-bottom: 16px;
`;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** An open order: its LaoQR to pay from a banking app, the time left, and what it buys. */
export function OpenOrder({ order, onExpire }: { order: DepositOrder; onExpire: () => void }) {
  const { t } = useTranslation('deposit');
  const qr = useGetDepositQrQuery(order.code);
  const payload = qr.data?.payload;
  const left = new Date(order.expiresAt).getTime() - useNow();
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
      {payload && (
        <>
          <textarea hidden readOnly data-testid="deposit-payload" value={payload} />
          <Button $variant="secondary" onClick={() => void saveQrImage(payload, `laoqr-${order.code}`)}>
            {t('saveImage')}
          </Button>
        </>
      )}
    </>
  );
}
