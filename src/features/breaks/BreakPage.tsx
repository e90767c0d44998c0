import { useMemo } from 'react';
import { useFormik } from 'formik';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { breakMachine } from '../../../machines/break.machine';
import { useGetRunningBreakQuery, useTakeBreakMutation } from '../../api/breaks';
import { useIdempotencyKey } from '../../../web/api/idempotency';
import {
  breakFormSchema,
  BREAK_DURATIONS,
  BREAK_KINDS,
  formatVientianeDateTime,
  type Break,
  type BreakDuration,
  type BreakKind,
  type TakeBreakBody,
} from '../../../contract/breaks';
import { ActionRow } from '../../ui/ActionRow';
import { Button } from '../../../web/ui/Button';
import { SubmitButton } from '../../ui/SubmitButton';
import { Card, CardTitle } from '../../../web/ui/Card';
import { Notice } from '../../../web/ui/Notice';
import { PageBody, PageTitle } from '../../ui/Page';
import { Select } from '../../../web/ui/Select';
import { Spinner } from '../../../web/ui/Spinner';
import { FieldError } from '../../../web/ui/TextField';
import { inspect } from '../../devtools/inspect';
import { useBreakLine } from './breakLine';

const Kinds = styled.fieldset`
  border: 0;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
  legend {
    margin-bottom: 8px;
    font-weight: 700;
  }
  label {
    display: flex;
    gap: 10px;
    align-items: flex-start;
    padding: 12px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    cursor: pointer;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Kind and duration; choosing only moves to the first confirmation. */
function BreakForm({ onChoose }: { onChoose: (choice: { kind: BreakKind; duration: BreakDuration }) => void }) {
  const { t } = useTranslation('breaks');
  const form = useFormik({
    initialValues: { kind: '', duration: '' },
    validationSchema: breakFormSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (values) => onChoose({ kind: values.kind as BreakKind, duration: values.duration as BreakDuration }),
  });
  const kind = form.values.kind as BreakKind | '';
  const durations = kind ? BREAK_DURATIONS[kind] : [];
  return (
    <form aria-label={t('title')} onSubmit={form.handleSubmit} noValidate>
      <Kinds>
        <legend>{t('kind')}</legend>
        {BREAK_KINDS.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => void form.setValues({ kind: value, duration: '' })}
            />
            <span>
              {t(`kinds.${value}`)}
              <small>{t(`kindHints.${value}`)}</small>
            </span>
          </label>
        ))}
        {form.errors.kind && <FieldError role="alert">{t(form.errors.kind)}</FieldError>}
      </Kinds>
      <Select
        id="break-duration"
        label={t('duration')}
        placeholder={t('duration')}
        options={durations.map((value) => ({ value, label: t(`durations.${value}`) }))}
        disabled={!kind}
        error={form.errors.duration && t(form.errors.duration)}
        {...form.getFieldProps('duration')}
      />
      <SubmitButton $block>{t('next')}</SubmitButton>
    </form>
  );
}

function RunningBreak({ running }: { running: Break }) {
  const { t } = useTranslation('breaks');
  return (
    <Card aria-label={t('current')}>
      <CardTitle>{t('current')}</CardTitle>
      <p>
        <strong>{useBreakLine(running)}</strong>
      </p>
      <p>{t('longerOnly')}</p>
    </Card>
  );
}

/** The machine with its one call: taking the break, with an Idempotency-Key kept across a lost answer. */
function useBreakFlow() {
  const [takeBreak] = useTakeBreakMutation();
  const withIdempotencyKey = useIdempotencyKey<TakeBreakBody>();
  const machine = useMemo(
    () =>
      breakMachine.provide({
        actors: {
          take: fromPromise<Break, TakeBreakBody>(({ input }) =>
            withIdempotencyKey(input, async (body, idempotencyKey) => (await takeBreak({ ...body, idempotencyKey }).unwrap()).exclusion),
          ),
        },
      }),
    [takeBreak, withIdempotencyKey],
  );
  return useMachine(machine, { inspect });
}

/**
 * /player/break: a time-out (24 hours, 7 or 30 days) or a self-exclusion (6 months, 1 year or for
 * good), confirmed twice, the second time with its end in Vientiane time.
 */
export default function BreakPage() {
  const { t } = useTranslation('breaks');
  const running = useGetRunningBreakQuery();
  const [state, send] = useBreakFlow();
  const { kind, duration, endsAt, taken, errorCode } = state.context;
  const choice = kind && duration ? { kind: t(`kinds.${kind}`), duration: t(`durations.${duration}`) } : undefined;
  const choose = (picked: { kind: BreakKind; duration: BreakDuration }) => send({ type: 'break.choose', ...picked });
  const back = (
    <Button $variant="secondary" onClick={() => send({ type: 'break.back' })}>
      {t('back')}
    </Button>
  );

  const step = () => {
    if (state.matches('confirmingChoice') && choice) {
      return (
        <Card aria-label={t('first.title')} data-testid="break-first-confirmation">
          <CardTitle>{t('first.title')}</CardTitle>
          <p>{t('first.text', choice)}</p>
          <ActionRow>
            {back}
            <Button onClick={() => send({ type: 'break.confirm', at: new Date() })}>{t('confirm')}</Button>
          </ActionRow>
        </Card>
      );
    }
    if (state.matches('confirmingEnd') && choice) {
      return (
        <Card aria-label={t('second.title')} data-testid="break-second-confirmation">
          <CardTitle>{t('second.title')}</CardTitle>
          <p>{t('first.text', choice)}</p>
          <Notice $tone="warning">{endsAt ? t('second.until', { until: formatVientianeDateTime(endsAt) }) : t('second.forGood')}</Notice>
          <ActionRow>
            {back}
            <Button $variant="danger" onClick={() => send({ type: 'break.confirmAgain' })}>
              {t('second.take')}
            </Button>
          </ActionRow>
        </Card>
      );
    }
    if (state.hasTag('busy')) return <Spinner aria-label={t('taking')} />;
    if (state.matches('taken') && taken) {
      return (
        <Notice $tone="success" role="status" data-testid="break-taken">
          {t('taken')}
        </Notice>
      );
    }
    return (
      <Card>
        {errorCode && (
          <Notice $tone="danger" role="alert">
            {t('failed')}: {t(`common:errors.${errorCode}`)}
          </Notice>
        )}
        <BreakForm onChoose={choose} />
      </Card>
    );
  };

  return (
    <PageBody>
      <PageTitle>{t('title')}</PageTitle>
      <p>{t('intro')}</p>
      {running.data && <RunningBreak running={running.data} />}
      {step()}
    </PageBody>
  );
}
