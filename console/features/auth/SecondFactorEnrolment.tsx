import { useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import styled from 'styled-components';
import { secondFactorEnrolmentMachine } from '../../../machines/secondFactorEnrolment.machine';
import { totpCodeSchema } from '../../../contract/admin';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { QrImage } from '../../../web/ui/QrImage';
import { Spinner } from '../../../web/ui/Spinner';
import { TextField } from '../../../web/ui/TextField';
import { useConfirmEnrolmentMutation, useStartEnrolmentMutation } from '../../api/operators';

const Panel = styled.section`
  max-width: 480px;
  margin: 32px auto;
  padding: 24px;
  display: grid;
  gap: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius};
`;

const Secret = styled.code`
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSizes.md};
  letter-spacing: 0.05em;
`;

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px 24px;
  margin: 0;
  font-family: monospace;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

/** The recovery codes, shown once: the operator leaves only by saying they are kept. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  return (
    <Panel aria-labelledby="recovery-heading">
      <h1 id="recovery-heading">{t('secondFactor.recoveryHeading')}</h1>
      <Notice $tone="warning">{t('secondFactor.recoveryOnce')}</Notice>
      <Codes aria-label={t('secondFactor.recoveryHeading')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Button onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))} $variant="secondary">
        {t('secondFactor.copyCodes')}
      </Button>
      <Button onClick={onSaved}>{t('secondFactor.codesSaved')}</Button>
    </Panel>
  );
}

/**
 * The second factor's enrolment, the only thing the console offers an operator who must have one
 * and has none: scan the secret, type the app's first code, keep the recovery codes. `onEnrolled`
 * opens the console.
 */
export function SecondFactorEnrolment({ onEnrolled }: { onEnrolled: () => void }) {
  const { t } = useTranslation();
  const [startEnrolment] = useStartEnrolmentMutation();
  const [confirmEnrolment] = useConfirmEnrolmentMutation();
  const machine = useMemo(
    () =>
      secondFactorEnrolmentMachine.provide({
        actors: {
          startEnrolment: fromPromise(() => startEnrolment().unwrap()),
          confirmEnrolment: fromPromise(({ input }: { input: string }) => confirmEnrolment(input).unwrap()),
        },
      }),
    [startEnrolment, confirmEnrolment],
  );
  const [state, send] = useMachine(machine);
  const form = useFormik({
    initialValues: { code: '' },
    validationSchema: totpCodeSchema,
    onSubmit: ({ code }) => send({ type: 'code.submit', code: code.trim() }),
  });
  const { secret, otpauthUri, recoveryCodes, errorCode } = state.context;

  if (state.matches('showingRecoveryCodes')) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onSaved={() => {
          send({ type: 'codes.saved' });
          onEnrolled();
        }}
      />
    );
  }

  return (
    <Panel aria-labelledby="enrol-heading">
      <h1 id="enrol-heading">{t('secondFactor.heading')}</h1>
      <p>{t('secondFactor.why')}</p>
      {state.matches('starting') && <Spinner />}
      {state.matches('startFailed') && (
        <>
          <Notice $tone="danger">{t('secondFactor.startFailed')}</Notice>
          <Button onClick={() => send({ type: 'retry' })}>{t('secondFactor.retry')}</Button>
        </>
      )}
      {secret && otpauthUri && (
        <form onSubmit={form.handleSubmit} noValidate>
          <ol>
            <li>{t('secondFactor.scan')}</li>
            <li>{t('secondFactor.typeCode')}</li>
          </ol>
          <QrImage payload={otpauthUri} alt={t('secondFactor.qrAlt')} size={200} />
          <p>
            {t('secondFactor.orType')} <Secret>{secret}</Secret>
          </p>
          {errorCode && <Notice $tone="danger">{t(`errors.${errorCode}`, { defaultValue: t('secondFactor.confirmFailed') })}</Notice>}
          <TextField
            label={t('secondFactor.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={form.touched.code && form.errors.code ? t(form.errors.code) : undefined}
            {...form.getFieldProps('code')}
          />
          <Button type="submit" disabled={state.hasTag('busy')} $block>
            {t('secondFactor.confirm')}
          </Button>
        </form>
      )}
    </Panel>
  );
}
