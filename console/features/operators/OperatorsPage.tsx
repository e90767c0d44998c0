import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useFormik } from 'formik';
import styled from 'styled-components';
import { createColumnHelper } from '@tanstack/react-table';
import { OPERATOR_ROLES, operatorCreateSchema, type OperatorAccount, type OperatorRole } from '../../../contract/admin';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Select } from '../../../web/ui/Select';
import { Spinner } from '../../../web/ui/Spinner';
import { TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import {
  useChangeOperatorMutation,
  useCreateOperatorMutation,
  useGetOperatorQuery,
  useListOperatorsQuery,
  useSetStaffSecondFactorMutation,
} from '../../api/operators';
import { callErrorText } from '../../ui/callErrorText';
import { DataTable } from '../../ui/DataTable';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { atVientiane } from '../../ui/vientianeTime';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr);
  gap: 24px;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Box = styled.section`
  margin-top: 16px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A change an owner is about to make, waiting for its reason. */
type PendingChange =
  | { kind: 'role'; operator: OperatorAccount; role: OperatorRole }
  | { kind: 'disabled'; operator: OperatorAccount; disabled: boolean }
  | { kind: 'staffSecondFactor'; required: boolean };

const column = createColumnHelper<OperatorAccount>();

function AddOperator() {
  const { t } = useTranslation();
  const toast = useToast();
  const [create, { isLoading }] = useCreateOperatorMutation();
  const form = useFormik({
    initialValues: { username: '', password: '', role: 'staff' },
    validationSchema: operatorCreateSchema,
    onSubmit: async (values, helpers) => {
      const input = operatorCreateSchema.cast(values);
      const result = await create(input);
      if ('error' in result) {
        toast({ title: callErrorText(t, result.error), status: 'error' });
        return;
      }
      toast({ title: t('operators.added', { username: input.username }), status: 'success' });
      helpers.resetForm();
    },
  });
  const error = (name: 'username' | 'password' | 'role') =>
    form.touched[name] && form.errors[name] ? t(form.errors[name], { min: 12 }) : undefined;
  return (
    <Box aria-labelledby="add-operator">
      <h2 id="add-operator">{t('operators.addHeading')}</h2>
      <form onSubmit={form.handleSubmit} noValidate>
        <TextField label={t('operators.username')} autoComplete="off" error={error('username')} {...form.getFieldProps('username')} />
        <TextField
          label={t('operators.password')}
          type="password"
          autoComplete="new-password"
          hint={t('operators.passwordHint')}
          error={error('password')}
          {...form.getFieldProps('password')}
        />
        <Select
          label={t('operators.role')}
          options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`topBar.role.${role}`) }))}
          error={error('role')}
          {...form.getFieldProps('role')}
        />
        <Button type="submit" disabled={isLoading}>
          {t('operators.add')}
        </Button>
      </form>
    </Box>
  );
}

/** The operators' table: who, role, second factor, status, and the buttons that start a change. */
function useOperatorColumns(setPending: (change: PendingChange) => void) {
  const { t } = useTranslation();
  // Owners do not change their own account (the server refuses it): their row has no buttons.
  const me = useGetOperatorQuery().data?.id;
  return useMemo(
    () => [
      column.accessor('username', { header: t('operators.username') }),
      column.accessor('role', { header: t('operators.role'), cell: (cell) => t(`topBar.role.${cell.getValue()}`) }),
      column.accessor('secondFactor', { header: t('operators.secondFactor'), cell: (cell) => t(`operators.factor.${cell.getValue()}`) }),
      column.accessor('disabled', {
        header: t('operators.status'),
        cell: (cell) => (cell.getValue() ? t('operators.disabled') : t('operators.active')),
      }),
      column.accessor('createdAt', { header: t('operators.created'), cell: (cell) => atVientiane(cell.getValue()) }),
      column.display({
        id: 'actions',
        header: t('operators.actions'),
        cell: ({ row: { original: operator } }) =>
          operator.id === me ? null : (
            <Actions>
              <Button
                $variant="secondary"
                onClick={() => setPending({ kind: 'role', operator, role: operator.role === 'owner' ? 'staff' : 'owner' })}
              >
                {operator.role === 'owner' ? t('operators.makeStaff') : t('operators.makeOwner')}
              </Button>
              <Button
                $variant={operator.disabled ? 'secondary' : 'danger'}
                onClick={() => setPending({ kind: 'disabled', operator, disabled: !operator.disabled })}
              >
                {operator.disabled ? t('operators.enable') : t('operators.disable')}
              </Button>
            </Actions>
          ),
      }),
    ],
    [t, setPending, me],
  );
}

/** The reason dialog's title for the change waiting for it. */
function pendingTitle(t: TFunction, pending: PendingChange | null): string {
  if (!pending) return '';
  if (pending.kind === 'staffSecondFactor') return t(pending.required ? 'operators.requireStaffFactor' : 'operators.relaxStaffFactor');
  if (pending.kind === 'role')
    return t('operators.roleHeading', { username: pending.operator.username, role: t(`topBar.role.${pending.role}`) });
  return t(pending.disabled ? 'operators.disableHeading' : 'operators.enableHeading', { username: pending.operator.username });
}

/** Owners run the agency's operators: add them, change their role, disable and enable them, and decide whether staff need a second factor. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useListOperatorsQuery();
  const [change, changing] = useChangeOperatorMutation();
  const [setStaffSecondFactor, settingStaff] = useSetStaffSecondFactorMutation();
  const [pending, setPending] = useState<PendingChange | null>(null);

  const closeDialog = useCallback(() => setPending(null), []);
  const columns = useOperatorColumns(setPending);

  async function confirm(reason: string): Promise<boolean> {
    if (!pending) return false;
    const result =
      pending.kind === 'staffSecondFactor'
        ? await setStaffSecondFactor({ staffTotpRequired: pending.required, reason })
        : await change({
            id: pending.operator.id,
            reason,
            ...(pending.kind === 'role' ? { role: pending.role } : { disabled: pending.disabled }),
          });
    if ('error' in result) {
      toast({ title: callErrorText(t, result.error), status: 'error' });
      return false;
    }
    toast({ title: t('operators.changed'), status: 'success' });
    return true;
  }

  return (
    <section>
      <h1>{t('operators.heading')}</h1>
      {list.isLoading && <Spinner />}
      {list.isError && <Notice $tone="danger">{t('operators.loadFailed')}</Notice>}
      <Columns>
        <div>
          {list.data && (
            <DataTable rows={list.data.operators} columns={columns} rowId={(operator) => operator.id} label={t('operators.heading')} />
          )}
          {list.data && (
            <Box aria-labelledby="staff-factor">
              <h2 id="staff-factor">{t('operators.staffFactorHeading')}</h2>
              <p>{t(list.data.staffTotpRequired ? 'operators.staffFactorOn' : 'operators.staffFactorOff')}</p>
              <Button
                $variant="secondary"
                onClick={() => setPending({ kind: 'staffSecondFactor', required: !list.data?.staffTotpRequired })}
              >
                {t(list.data.staffTotpRequired ? 'operators.relaxStaffFactor' : 'operators.requireStaffFactor')}
              </Button>
            </Box>
          )}
        </div>
        <AddOperator />
      </Columns>
      <ReasonDialog
        open={pending !== null}
        title={pendingTitle(t, pending)}
        confirmLabel={t('operators.confirm')}
        busy={changing.isLoading || settingStaff.isLoading}
        danger={pending?.kind === 'disabled' && pending.disabled}
        onConfirm={confirm}
        onClose={closeDialog}
      />
    </section>
  );
}
