import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import styled from 'styled-components';
import { createColumnHelper } from '@tanstack/react-table';
import type { AgencyDeposit } from '../../../contract/adminDeposits';
import { DEPOSIT_STATUSES } from '../../../contract/deposits';
import { displayMoney } from '../../../contract/format';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Pager, pageCount } from '../../../web/ui/Pager';
import { Select } from '../../../web/ui/Select';
import { Spinner } from '../../../web/ui/Spinner';
import { StatusBadge } from '../../../web/ui/StatusBadge';
import { TextField } from '../../../web/ui/TextField';
import { useSearchDepositsQuery, type DepositFilters } from '../../api/deposits';
import { DataTable } from '../../ui/DataTable';
import { atVientiane } from '../../ui/vientianeTime';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 0 12px;
  align-items: end;
  > button {
    margin-bottom: 12px;
  }
  /* Each control fills its own column instead of its natural width, so none runs under the next. */
  input,
  select {
    width: 100%;
    min-width: 0;
    box-sizing: border-box;
  }
`;

const column = createColumnHelper<AgencyDeposit>();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function useColumns() {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.accessor('code', { header: t('deposits.code'), cell: (cell) => <Link href={`/${cell.getValue()}`}>{cell.getValue()}</Link> }),
      column.accessor('player', { header: t('deposits.player') }),
      column.accessor('provider', { header: t('deposits.provider') }),
      column.accessor('amount', { header: t('deposits.amount'), cell: (cell) => displayMoney(cell.getValue(), 'LAK') }),
      column.accessor('credit', { header: t('deposits.credit'), cell: (cell) => displayMoney(cell.getValue(), 'THB') }),
      column.accessor('status', {
        header: t('deposits.status'),
        cell: ({ row }) => (
          <StatusBadge
            status={row.original.status}
            label={row.original.stuck ? t('deposits.stuck') : t(`deposits.statuses.${row.original.status}`)}
          />
        ),
      }),
      column.accessor('createdAt', { header: t('deposits.created'), cell: (cell) => atVientiane(cell.getValue()) }),
    ],
    [t],
  );
}

/** The filters: part of the code, part of the username, a status, and days in Laos (from and to, both included). */
export function DepositSearch() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<DepositFilters>({ page: 1 });
  const search = useSearchDepositsQuery(filters);
  const form = useFormik({
    initialValues: { code: '', player: '', status: '', from: '', to: '' },
    validationSchema: yup.object({
      from: yup.string().matches(DAY, 'deposits.badDay'),
      to: yup.string().matches(DAY, 'deposits.badDay'),
    }),
    onSubmit: (values) =>
      setFilters({
        code: values.code.trim() || undefined,
        player: values.player.trim() || undefined,
        status: (values.status || undefined) as DepositFilters['status'],
        from: values.from || undefined,
        to: values.to || undefined,
        page: 1,
      }),
  });
  const columns = useColumns();
  const error = (field: 'from' | 'to') => (form.touched[field] && form.errors[field] ? t(form.errors[field]) : undefined);
  const page = filters.page ?? 1;
  return (
    <section>
      <Filters onSubmit={form.handleSubmit} noValidate aria-label={t('deposits.filters')}>
        <TextField label={t('deposits.code')} maxLength={25} {...form.getFieldProps('code')} />
        <TextField label={t('deposits.player')} maxLength={64} {...form.getFieldProps('player')} />
        <Select
          label={t('deposits.status')}
          placeholder={t('deposits.anyStatus')}
          options={DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(`deposits.statuses.${status}`) }))}
          {...form.getFieldProps('status')}
        />
        <TextField label={t('deposits.from')} type="date" error={error('from')} {...form.getFieldProps('from')} />
        <TextField label={t('deposits.to')} type="date" error={error('to')} {...form.getFieldProps('to')} />
        <Button type="submit">{t('deposits.search')}</Button>
      </Filters>
      {search.isFetching && <Spinner />}
      {search.isError && <Notice $tone="danger">{t('deposits.loadFailed')}</Notice>}
      {search.data && search.data.items.length === 0 && <p>{t('deposits.noDeposits')}</p>}
      {search.data && search.data.items.length > 0 && (
        <>
          <DataTable
            label={t('deposits.results')}
            rows={search.data.items}
            columns={columns}
            rowId={(row) => row.code}
            amountColumns={['amount', 'credit']}
          />
          <Pager
            page={page}
            pages={pageCount(search.data.total, search.data.pageSize)}
            onPage={(next) => setFilters({ ...filters, page: next })}
            label={t('deposits.page', { page, pages: pageCount(search.data.total, search.data.pageSize) })}
            previous={t('deposits.previous')}
            next={t('deposits.nextPage')}
          />
        </>
      )}
    </section>
  );
}
