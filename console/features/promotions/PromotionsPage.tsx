import { useCallback, useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AdminPromotion } from '../../../contract/adminPromotions';
import { displayMoney } from '../../../contract/format';
import type { Promotion } from '../../../contract/promotions';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { StatusBadge } from '../../../web/ui/StatusBadge';
import { useToast } from '../../../web/ui/Toast';
import { useGetOperatorQuery } from '../../api/operators';
import { useGetPromotionsQuery, useSetPromotionStatusMutation } from '../../api/promotions';
import { callErrorText } from '../../ui/callErrorText';
import { DataTable } from '../../ui/DataTable';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { atVientiane } from '../../ui/vientianeTime';
import { BonusPoolBox } from './BonusPoolBox';
import { PromotionForm } from './PromotionForm';
import { emptyPromotion, valuesFrom, type PromotionValues } from './promotionForm';

// Kept on one line each: a narrow screen scrolls the table inside its scroller rather than breaking words apart.
const Actions = styled.div`
  display: flex;
  gap: 8px;
  white-space: nowrap;
`;

const Name = styled.span`
  display: inline-block;
  min-width: 10em;
`;

const column = createColumnHelper<AdminPromotion>();

const bonusText = ({ bonus }: Promotion) =>
  bonus.kind === 'FIXED' ? displayMoney(bonus.amount, 'THB') : `${bonus.percent}% ≤ ${displayMoney(bonus.cap, 'THB')}`;

/** The list's columns; owners get copy and activate/deactivate buttons on each row. */
function usePromotionColumns(isOwner: boolean, onCopy: (promotion: AdminPromotion) => void, onSwitch: (promotion: AdminPromotion) => void) {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      column.accessor((row) => (i18n.language === 'th' ? row.name.th : row.name.lo), {
        id: 'name',
        header: t('promotions.column.name'),
        cell: (cell) => <Name>{cell.getValue()}</Name>,
      }),
      column.accessor(bonusText, { id: 'bonus', header: t('promotions.column.bonus') }),
      column.accessor('depositAmount', {
        header: t('promotions.column.depositAmount'),
        cell: (cell) => displayMoney(cell.getValue(), 'LAK'),
      }),
      column.accessor('turnoverMultiple', { header: t('promotions.column.turnover'), cell: (cell) => `×${cell.getValue()}` }),
      column.accessor('status', {
        header: t('promotions.column.status'),
        cell: (cell) => (
          <StatusBadge
            status={cell.getValue()}
            tone={cell.getValue() === 'ACTIVE' ? 'green' : 'grey'}
            label={t(`promotions.status.${cell.getValue()}`)}
          />
        ),
      }),
      column.accessor((row) => `${atVientiane(row.startsAt)} – ${atVientiane(row.endsAt)}`, {
        id: 'window',
        header: t('promotions.column.window'),
      }),
      column.accessor('usages', { header: t('promotions.column.usages') }),
      ...(isOwner
        ? [
            column.display({
              id: 'actions',
              header: t('promotions.column.actions'),
              cell: ({ row }) => (
                <Actions>
                  <Button $variant="ghost" onClick={() => onCopy(row.original)}>
                    {t('promotions.copy')}
                  </Button>
                  <Button $variant={row.original.status === 'ACTIVE' ? 'danger' : 'primary'} onClick={() => onSwitch(row.original)}>
                    {t(row.original.status === 'ACTIVE' ? 'promotions.deactivate' : 'promotions.activate')}
                  </Button>
                </Actions>
              ),
            }),
          ]
        : []),
    ],
    [t, i18n.language, isOwner, onCopy, onSwitch],
  );
}

/** The agency's promotions (any status), their creation and copying, switching on and off, and the bonus pool. */
export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const promotions = useGetPromotionsQuery();
  const operator = useGetOperatorQuery();
  const isOwner = operator.data?.role === 'owner';
  const [draft, setDraft] = useState<PromotionValues | null>(null);
  const [switching, setSwitching] = useState<AdminPromotion | null>(null);
  const [setStatus, { isLoading: isSwitching }] = useSetPromotionStatusMutation();

  const copy = useCallback((promotion: AdminPromotion) => setDraft(valuesFrom(promotion)), []);
  const columns = usePromotionColumns(isOwner, copy, setSwitching);

  async function switchStatus(reason: string) {
    if (!switching) return false;
    const status = switching.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
    const result = await setStatus({ id: switching.id, status, reason });
    if ('error' in result) {
      toast({ title: callErrorText(t, result.error), status: 'error' });
      return false;
    }
    toast({ title: t(`promotions.switched.${status}`), status: 'success' });
    return true;
  }

  if (promotions.isLoading) return <Spinner />;
  if (!promotions.data) return <Notice $tone="danger">{t('promotions.loadFailed')}</Notice>;
  return (
    <section>
      <h1>{t('promotions.heading')}</h1>
      <BonusPoolBox canFund={isOwner} />
      <h2>{t('promotions.list')}</h2>
      {promotions.data.promotions.length === 0 ? (
        <Notice>{t('promotions.none')}</Notice>
      ) : (
        <DataTable
          label={t('promotions.list')}
          rows={promotions.data.promotions}
          columns={columns}
          rowId={(row) => row.id}
          amountColumns={['bonus', 'depositAmount']}
        />
      )}
      {isOwner &&
        (draft ? (
          <>
            <h2>{t('promotions.create')}</h2>
            <PromotionForm initial={draft} onDone={() => setDraft(null)} />
          </>
        ) : (
          <Button onClick={() => setDraft(emptyPromotion())}>{t('promotions.new')}</Button>
        ))}
      <ReasonDialog
        open={switching !== null}
        title={t(switching?.status === 'ACTIVE' ? 'promotions.deactivate' : 'promotions.activate')}
        confirmLabel={t(switching?.status === 'ACTIVE' ? 'promotions.deactivate' : 'promotions.activate')}
        busy={isSwitching}
        danger={switching?.status === 'ACTIVE'}
        onConfirm={switchStatus}
        onClose={() => setSwitching(null)}
      >
        {switching && <p>{i18n.language === 'th' ? switching.name.th : switching.name.lo}</p>}
      </ReasonDialog>
    </section>
  );
}
