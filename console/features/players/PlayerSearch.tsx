import { useMemo } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { createColumnHelper } from '@tanstack/react-table';
import type { PlayerRow } from '../../../contract/adminPlayers';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Pager, pageCount } from '../../../web/ui/Pager';
import { Spinner } from '../../../web/ui/Spinner';
import { FieldHint, TextField } from '../../../web/ui/TextField';
import { useSearchPlayersQuery } from '../../api/players';
import { DataTable } from '../../ui/DataTable';
import { atVientiane } from '../../ui/vientianeTime';
import { PlayerFlags } from './PlayerFlags';

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
  max-width: 640px;
  > :first-child {
    flex: 1 1 260px;
  }
  /* Level with the input, whose field keeps 12 px below it. */
  > button {
    margin-bottom: 12px;
  }
`;

const SearchHint = styled(FieldHint)`
  margin: -4px 0 16px;
`;

const Results = styled.div`
  display: grid;
  gap: 12px;
`;

const column = createColumnHelper<PlayerRow>();
const schema = yup.object({ q: yup.string().trim().max(100, 'players.search.tooLong') });

/** The search box and its results; the query lives in the address (?q=&page=), so coming back from a profile keeps it. */
export function PlayerSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const results = useSearchPlayersQuery({ q, page });
  const form = useFormik({
    initialValues: { q },
    validationSchema: schema,
    onSubmit: ({ q: typed }) => setParams({ q: typed.trim() }),
  });
  const columns = useMemo(
    () => [
      column.accessor('username', {
        header: t('players.username'),
        cell: (cell) => <Link href={`/${cell.row.original.id}`}>{cell.getValue()}</Link>,
      }),
      column.accessor('displayName', { header: t('players.displayName') }),
      column.accessor('bankAccountNumber', { header: t('players.accountNumber'), cell: (cell) => cell.getValue() ?? '–' }),
      column.display({ id: 'flags', header: t('players.state'), cell: ({ row }) => <PlayerFlags player={row.original} /> }),
      column.accessor('createdAt', { header: t('players.registered'), cell: (cell) => atVientiane(cell.getValue()) }),
    ],
    [t],
  );
  return (
    <section>
      <h1>{t('players.heading')}</h1>
      <SearchForm role="search" onSubmit={form.handleSubmit} noValidate>
        <TextField
          id="player-search"
          label={t('players.search.label')}
          type="search"
          maxLength={100}
          error={form.errors.q ? t(form.errors.q) : undefined}
          {...form.getFieldProps('q')}
          // The hint sits under the row, so the button lines up with the box; an error still takes its place.
          aria-describedby={form.errors.q ? 'player-search-message' : 'player-search-hint'}
        />
        <Button type="submit">{t('players.search.submit')}</Button>
      </SearchForm>
      <SearchHint id="player-search-hint">{t('players.search.hint')}</SearchHint>
      {results.isFetching && <Spinner />}
      {results.isError && <Notice $tone="danger">{t('players.loadFailed')}</Notice>}
      {results.data && results.data.items.length === 0 && <p>{t('players.search.none')}</p>}
      {results.data && results.data.items.length > 0 && (
        <Results>
          <DataTable label={t('players.search.results')} rows={results.data.items} columns={columns} rowId={(row) => row.id} />
          <Pager
            page={page}
            pages={pageCount(results.data.total, results.data.pageSize)}
            onPage={(next) => setParams({ q, page: String(next) })}
            label={t('players.search.page', { page, pages: pageCount(results.data.total, results.data.pageSize) })}
            previous={t('players.search.previous')}
            next={t('players.search.next')}
          />
        </Results>
      )}
    </section>
  );
}
