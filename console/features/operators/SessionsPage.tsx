import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { OperatorSession } from '../../../contract/admin';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useToast } from '../../../web/ui/Toast';
import { useEndSessionMutation, useListSessionsQuery } from '../../api/operators';
import { callErrorText } from '../../ui/callErrorText';
import { DataTable } from '../../ui/DataTable';
import { atVientiane } from '../../ui/vientianeTime';

const column = createColumnHelper<OperatorSession>();

/** Signed-in sessions (an owner sees the agency's, staff their own), each one ended with a click; this browser's is marked. */
export function SessionsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const sessions = useListSessionsQuery();
  const [endSession, ending] = useEndSessionMutation();
  const columns = useMemo(
    () => [
      column.accessor('operator', {
        header: t('sessions.operator'),
        cell: (cell) => (cell.row.original.current ? `${cell.getValue()} (${t('sessions.thisOne')})` : cell.getValue()),
      }),
      column.accessor('createdAt', { header: t('sessions.since'), cell: (cell) => atVientiane(cell.getValue()) }),
      column.accessor('lastSeenAt', { header: t('sessions.lastSeen'), cell: (cell) => atVientiane(cell.getValue()) }),
      column.accessor('ip', { header: t('sessions.ip'), cell: (cell) => cell.getValue() ?? '—' }),
      column.accessor('userAgent', { header: t('sessions.browser'), cell: (cell) => cell.getValue() ?? '—' }),
      column.display({
        id: 'end',
        header: t('sessions.actions'),
        cell: ({ row }) => (
          <Button
            $variant="danger"
            disabled={ending.isLoading}
            onClick={() =>
              void endSession(row.original.id).then((result) =>
                toast(
                  'error' in result
                    ? { title: callErrorText(t, result.error), status: 'error' }
                    : { title: t('sessions.ended'), status: 'success' },
                ),
              )
            }
          >
            {t('sessions.end')}
          </Button>
        ),
      }),
    ],
    [t, endSession, ending.isLoading, toast],
  );
  return (
    <section>
      <h1>{t('sessions.heading')}</h1>
      <p>{t('sessions.idleRule')}</p>
      {sessions.isLoading && <Spinner />}
      {sessions.isError && <Notice $tone="danger">{t('sessions.loadFailed')}</Notice>}
      {sessions.data && <DataTable rows={sessions.data} columns={columns} rowId={(session) => session.id} label={t('sessions.heading')} />}
    </section>
  );
}
