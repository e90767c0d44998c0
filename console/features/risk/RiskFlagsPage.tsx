import { useCallback, useMemo, useState } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { createColumnHelper } from '@tanstack/react-table';
import { RISK_FLAG_KINDS, type RiskFlag, type RiskFlagKind } from '../../../contract/riskFlags';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Pager, pageCount } from '../../../web/ui/Pager';
import { Select } from '../../../web/ui/Select';
import { Spinner } from '../../../web/ui/Spinner';
import { TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import { useListRiskFlagsQuery, useReviewRiskFlagMutation } from '../../api/riskFlags';
import { callErrorText } from '../../ui/callErrorText';
import { DataTable } from '../../ui/DataTable';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { atVientiane } from '../../ui/vientianeTime';
import { RiskEvidence } from './RiskEvidence';

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px 12px;
  > div {
    flex: 1 1 180px;
  }
  /* Level with the fields, which keep 12 px below them. */
  > button {
    margin-bottom: 12px;
  }
`;

const Results = styled.div`
  display: grid;
  gap: 12px;
`;

/* Usernames are short: whole on their line, never broken inside. */
const PlayerLinks = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  white-space: nowrap;
  overflow-wrap: normal;
`;

const DialogEvidence = styled.div`
  margin-bottom: 12px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const STATES = ['open', 'reviewed', 'all'] as const;
type State = (typeof STATES)[number];
const REVIEWED_OF: Record<State, boolean | undefined> = { open: false, reviewed: true, all: undefined };
const isKind = (value: string | null): value is RiskFlagKind => RISK_FLAG_KINDS.some((kind) => kind === value);
const isState = (value: string | null): value is State => STATES.some((state) => state === value);

const filterSchema = yup.object({ player: yup.string().trim().max(64, 'riskFlags.playerTooLong') });
const column = createColumnHelper<RiskFlag>();

function ReviewState({ flag }: { flag: RiskFlag }) {
  const { t } = useTranslation();
  if (!flag.review) return <Muted>{t('riskFlags.notReviewed')}</Muted>;
  const words = { by: flag.review.by, time: atVientiane(flag.review.at), note: flag.review.note };
  return flag.reviewed ? <span>{t('riskFlags.reviewedBy', words)}</span> : <Muted>{t('riskFlags.reviewedBefore', words)}</Muted>;
}

/** The filters, sent to the address when the operator asks to show them. */
function RiskFilters({
  kind,
  state,
  player,
  onFilter,
}: {
  kind: RiskFlagKind | undefined;
  state: State;
  player: string;
  onFilter: (params: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { kind: kind ?? '', state, player },
    validationSchema: filterSchema,
    onSubmit: (values) => {
      const next: Record<string, string> = { state: values.state };
      if (values.kind) next.kind = values.kind;
      if (values.player.trim()) next.player = values.player.trim();
      onFilter(next);
    },
  });

  return (
    <Filters role="search" onSubmit={form.handleSubmit} noValidate>
      <Select
        label={t('riskFlags.kind')}
        placeholder={t('riskFlags.allKinds')}
        options={RISK_FLAG_KINDS.map((value) => ({ value, label: t(`riskFlags.kinds.${value}`) }))}
        {...form.getFieldProps('kind')}
      />
      <Select
        label={t('riskFlags.state')}
        options={STATES.map((value) => ({ value, label: t(`riskFlags.states.${value}`) }))}
        {...form.getFieldProps('state')}
      />
      <TextField
        label={t('riskFlags.player')}
        type="search"
        maxLength={64}
        error={form.errors.player ? t(form.errors.player) : undefined}
        {...form.getFieldProps('player')}
      />
      <Button type="submit">{t('riskFlags.filter')}</Button>
    </Filters>
  );
}

/** The table's columns; a flag not reviewed on its present evidence offers the review. */
function useColumns(onReview: (flag: RiskFlag) => void) {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.accessor('kind', { header: t('riskFlags.kind'), cell: (cell) => <strong>{t(`riskFlags.kinds.${cell.getValue()}`)}</strong> }),
      column.accessor('players', {
        header: t('riskFlags.players'),
        cell: (cell) => (
          <PlayerLinks>
            {cell.getValue().map((each) => (
              <li key={each.id}>
                <Link href={`~/admin/players/${each.id}`}>{each.username}</Link>
              </li>
            ))}
          </PlayerLinks>
        ),
      }),
      column.accessor('evidence', { header: t('riskFlags.evidenceHeading'), cell: (cell) => <RiskEvidence evidence={cell.getValue()} /> }),
      column.accessor('raisedAt', { header: t('riskFlags.raisedAt'), cell: (cell) => atVientiane(cell.getValue()) }),
      column.display({ id: 'review', header: t('riskFlags.review'), cell: ({ row }) => <ReviewState flag={row.original} /> }),
      column.display({
        id: 'actions',
        header: t('riskFlags.actions'),
        cell: ({ row }) =>
          row.original.reviewed ? null : (
            <Button $variant="secondary" onClick={() => onReview(row.original)}>
              {t('riskFlags.markReviewed')}
            </Button>
          ),
      }),
    ],
    [t, onReview],
  );
}

/**
 * The agency's risk flags with their evidence, newest first, filtered by kind, review state and
 * player (kept in the address). Staff and owners mark a flag reviewed with a note; each player
 * links to their profile.
 */
export function RiskFlagsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const stateParam = params.get('state');
  const state: State = isState(stateParam) ? stateParam : 'open';
  const player = params.get('player') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const flags = useListRiskFlagsQuery({ kind, reviewed: REVIEWED_OF[state], player: player || undefined, page });
  const [review, reviewing] = useReviewRiskFlagMutation();
  const [asking, setAsking] = useState<RiskFlag | null>(null);
  // Stable, so the dialog's focus trap is not set up again on every keystroke.
  const closeDialog = useCallback(() => setAsking(null), []);

  const columns = useColumns(setAsking);

  async function markReviewed(note: string): Promise<boolean> {
    if (!asking) return false;
    const answer = await review({ id: asking.id, note });
    if ('error' in answer) {
      toast({ title: callErrorText(t, answer.error), status: 'error' });
      return false;
    }
    toast({ title: t('riskFlags.reviewedToast'), status: 'success' });
    return true;
  }

  const pages = flags.data ? pageCount(flags.data.total, flags.data.pageSize) : 1;
  return (
    <section>
      <h1>{t('riskFlags.heading')}</h1>
      <p>{t('riskFlags.intro')}</p>
      <RiskFilters kind={kind} state={state} player={player} onFilter={setParams} />
      {flags.isFetching && <Spinner />}
      {flags.isError && <Notice $tone="danger">{t('riskFlags.loadFailed')}</Notice>}
      {flags.data && flags.data.items.length === 0 && <p>{t('riskFlags.none')}</p>}
      {flags.data && flags.data.items.length > 0 && (
        <Results>
          <DataTable
            label={t('riskFlags.heading')}
            rows={flags.data.items}
            columns={columns}
            rowId={(row) => row.id}
            longColumns={['evidence']}
          />
          <Pager
            page={page}
            pages={pages}
            onPage={(next) => setParams({ ...Object.fromEntries(params), page: String(next) })}
            label={t('riskFlags.page', { page, pages })}
            previous={t('riskFlags.previous')}
            next={t('riskFlags.next')}
          />
        </Results>
      )}
      <ReasonDialog
        open={asking !== null}
        title={asking ? t('riskFlags.reviewHeading', { kind: t(`riskFlags.kinds.${asking.kind}`) }) : ''}
        confirmLabel={t('riskFlags.markReviewed')}
        busy={reviewing.isLoading}
        onConfirm={markReviewed}
        onClose={closeDialog}
      >
        {asking && (
          <DialogEvidence>
            <RiskEvidence evidence={asking.evidence} />
          </DialogEvidence>
        )}
      </ReasonDialog>
    </section>
  );
}
