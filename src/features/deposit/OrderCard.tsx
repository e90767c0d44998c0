import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '../../../contract/deposits';
import { ErrorCode } from '../../../contract/errors';
import { ActionRow } from '../../ui/ActionRow';
import { Button } from '../../../web/ui/Button';
import { Card } from '../../../web/ui/Card';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { OpenOrder } from './OpenOrder';
import type { useDepositOrder } from './useDepositOrder';

type DepositOrderActor = ReturnType<typeof useDepositOrder>;

/** The open order on screen: pay, check, or cancel after a warning. */
export function OrderCard({ order, state, stage, send }: { order: DepositOrder } & Pick<DepositOrderActor, 'state' | 'stage' | 'send'>) {
  const { t } = useTranslation('deposit');
  const { errorCode } = state.context;
  const onExpire = useCallback(() => send({ type: 'order.expire' }), [send]);
  const dismiss = () => send({ type: 'order.dismissCancel' });
  const waiting = stage !== 'open';
  return (
    <Card aria-label={t('title')}>
      {errorCode && (
        <Notice role="alert" $tone={errorCode === ErrorCode.DEPOSIT_NOT_PAID ? 'warning' : 'danger'}>
          {t(`common:errors.${errorCode}`)}
        </Notice>
      )}
      <OpenOrder order={order} onExpire={onExpire} />
      <ActionRow $spaced>
        <Button onClick={() => send({ type: 'order.check' })} disabled={waiting}>
          {stage === 'checking' ? <Spinner $size={18} /> : t('check')}
        </Button>
        <Button $variant="danger" onClick={() => send({ type: 'order.cancel' })} disabled={waiting}>
          {t('cancel')}
        </Button>
      </ActionRow>
      <Dialog open={stage === 'confirmingCancel' || stage === 'cancelling'} title={t('cancelDialog.title')} onClose={dismiss}>
        <p>{t('cancelDialog.warning')}</p>
        <DialogActions>
          <Button $variant="secondary" onClick={dismiss}>
            {t('cancelDialog.back')}
          </Button>
          <Button $variant="danger" onClick={() => send({ type: 'order.confirmCancel' })} disabled={state.tags.has('busy')}>
            {t('cancelDialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
