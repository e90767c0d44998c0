import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormik } from 'formik';
import styled from 'styled-components';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { TextField } from '../../../web/ui/TextField';
import { auditLogCsvUrl, useAuditLogQuery, type AuditFilter, type AuditRow } from '../../api/operators';
import { DataTable } from '../../ui/DataTable';
import { atVientiane } from '../../ui/vientianeTime';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 0 12px;
  align-items: end;
  margin-bottom: 12px;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin-bottom: 12px;
`;

const Details = styled.span`
  overflow-wrap: anywhere;
`;

const column = createColumnHelper<AuditRow>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types, as DataTable takes them
type AuditColumns = ColumnDef<AuditRow, any>[];
const EMPTY: AuditFilter = { actor: '', action: '', target: '', from: '', to: '' };
const PAGE = 100;

/** The append-only audit log: filter by who, what, about whom and when (Vientiane days); more rows on demand; the same filter as CSV. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  // Each page asks for the rows older than the last one shown.
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const form = useFormik({
    initialValues: EMPTY,
    onSubmit: (values) => {
      setFilter(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, (value ?? '').trim()])));
      setPages([undefined]);
    },
  });
  const columns = useMemo(
    () => [
      column.accessor('at', { header: t('audit.at'), cell: (cell) => atVientiane(cell.getValue()) }),
      column.accessor('actor', { header: t('audit.actor') }),
      column.accessor('action', { header: t('audit.action') }),
      column.accessor('target', { header: t('audit.target'), cell: (cell) => cell.getValue() ?? '—' }),
      column.accessor('reason', { header: t('audit.reason'), cell: (cell) => cell.getValue() ?? '—' }),
      column.accessor('details', {
        header: t('audit.details'),
        cell: (cell) => (
          <Details>
            {Object.entries(cell.getValue())
              .map(([key, value]) => `${key}: ${value}`)
              .join(', ')}
          </Details>
        ),
      }),
    ],
    [t],
  );
  return (
    <section>
      <h1>{t('audit.heading')}</h1>
      <Filters onSubmit={form.handleSubmit} noValidate aria-label={t('audit.filters')}>
        <TextField label={t('audit.actor')} {...form.getFieldProps('actor')} />
        <TextField label={t('audit.action')} placeholder="APPROVE_WITHDRAWAL" {...form.getFieldProps('action')} />
        <TextField label={t('audit.target')} {...form.getFieldProps('target')} />
        <TextField label={t('audit.from')} type="date" {...form.getFieldProps('from')} />
        <TextField label={t('audit.to')} type="date" {...form.getFieldProps('to')} />
        <Bar>
          <Button type="submit">{t('audit.apply')}</Button>
        </Bar>
      </Filters>
      <Bar>
        <a href={auditLogCsvUrl(filter)} download>
          {t('audit.csv')}
        </a>
      </Bar>
      {pages.map((before, index) => (
        <AuditPage
          key={before ?? 'first'}
          filter={filter}
          before={before}
          columns={columns}
          last={index === pages.length - 1}
          onMore={(id) => setPages((shown) => [...shown, id])}
        />
      ))}
    </section>
  );
}

function AuditPage({
  filter,
  before,
  columns,
  last,
  onMore,
}: {
  filter: AuditFilter;
  before: string | undefined;
  columns: AuditColumns;
  last: boolean;
  onMore: (before: string) => void;
}) {
  const { t } = useTranslation();
  const rows = useAuditLogQuery({ ...filter, before });
  if (rows.isLoading) return <Spinner />;
  if (rows.isError) return <Notice $tone="danger">{t('audit.loadFailed')}</Notice>;
  if (!rows.data) return null;
  if (rows.data.length === 0 && before === undefined) return <p>{t('audit.empty')}</p>;
  return (
    <>
      <DataTable rows={rows.data} columns={columns} rowId={(row) => row.id} label={t('audit.heading')} />
      {last && rows.data.length === PAGE && (
        <Button $variant="secondary" onClick={() => onMore(rows.data[rows.data.length - 1].id)}>
          {t('audit.more')}
        </Button>
      )}
    </>
  );
}
