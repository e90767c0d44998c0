import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import * as yup from 'yup';
import { useChangePlayerDepositLimitsMutation, useGetPlayerDepositLimitsQuery } from '../../api/depositLimits';
import { errorMessageKey } from '../../api/errors';
import {
  checkLimitValue,
  vientianeDateTime,
  type DepositLimit,
  type DepositLimitPeriod,
  type DepositLimitsChange,
  type DepositLimitsView,
} from '../../../contract/depositLimits';
import { displayMoney } from '../../../contract/format';
import { SubmitButton } from '../../ui/SubmitButton';
import { Card } from '../../../web/ui/Card';
import { Notice } from '../../../web/ui/Notice';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../../web/ui/Spinner';
import { TextField } from '../../../web/ui/TextField';

type LimitValues = Record<DepositLimitPeriod, string>;

const Rules = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Period = styled.div`
  padding: 12px 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Pending = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.warning};
`;

const kip = (amount: string) => displayMoney(amount, 'LAK');

/** Each field empty (no limit) or whole kip from 1 to the agency's maximum; messages are keys of the limits namespace. */
function limitsFormSchema(maximum: bigint | null) {
  const field = yup.string().test('limit', (value, context) => {
    const text = (value ?? '').trim();
    if (text === '') return true;
    const checked = checkLimitValue(text, maximum);
    if (checked.ok) return true;
    return context.createError({ message: checked.reason === 'aboveMaximum' ? 'validation.aboveMaximum' : 'validation.wholeKip' });
  });
  return yup.object({ day: field, week: field, month: field });
}

/** The periods whose field differs from the limit in force: an empty field asks for no limit. */
function changesOf(values: LimitValues, limits: readonly DepositLimit[]): DepositLimitsChange {
  const change: DepositLimitsChange = {};
  for (const { period, limit } of limits) {
    const text = values[period].trim();
    if (text !== (limit ?? '')) change[period] = text === '' ? null : text;
  }
  return change;
}

function PeriodStatus({ entry, maximum }: { entry: DepositLimit; maximum: string | null }) {
  const { t } = useTranslation('limits');
  return (
    <>
      {entry.limit === null && entry.effectiveLimit !== null && maximum !== null && (
        <Rules>{t('byAgency', { maximum: kip(maximum) })}</Rules>
      )}
      <Rules>
        {entry.remaining === null
          ? t('usedOnly', { used: kip(entry.used) })
          : t('usage', { used: kip(entry.used), remaining: kip(entry.remaining) })}
      </Rules>
      {entry.pending && (
        <Pending data-testid={`pending-${entry.period}`}>
          {entry.pending.limit === null
            ? t('pendingRemoval', { at: vientianeDateTime(entry.pending.effectiveAt) })
            : t('pendingRaise', { limit: kip(entry.pending.limit), at: vientianeDateTime(entry.pending.effectiveAt) })}
        </Pending>
      )}
    </>
  );
}

/** The three limits as one form: only the periods whose field changed are sent. */
function LimitsForm({ data }: { data: DepositLimitsView }) {
  const { t } = useTranslation('limits');
  const [changeLimits, change] = useChangePlayerDepositLimitsMutation();
  const [outcome, setOutcome] = useState<'saved' | 'nothingChanged' | null>(null);
  const maximum = data.agencyMaximum;
  const validationSchema = useMemo(() => limitsFormSchema(maximum === null ? null : BigInt(maximum)), [maximum]);
  const initialValues = useMemo(() => {
    const values: LimitValues = { day: '', week: '', month: '' };
    for (const entry of data.limits) values[entry.period] = entry.limit ?? '';
    return values;
  }, [data]);
  const form = useFormik<LimitValues>({
    initialValues,
    enableReinitialize: true,
    validationSchema,
    onSubmit: async (values) => {
      setOutcome(null);
      const wanted = changesOf(values, data.limits);
      if (Object.keys(wanted).length === 0) {
        setOutcome('nothingChanged');
        return;
      }
      const answer = await changeLimits(wanted);
      if (!answer.error) setOutcome('saved');
    },
  });
  const shown = (period: DepositLimitPeriod) => {
    const error = form.errors[period];
    return form.submitCount > 0 && error ? t(error, { maximum: maximum === null ? '' : kip(maximum) }) : undefined;
  };

  return (
    <Card as="form" aria-label={t('common:page.limits')} onSubmit={form.handleSubmit} noValidate>
      <Rules>{t('intro')}</Rules>
      <Rules>{t('rules')}</Rules>
      {maximum !== null && (
        <Notice $tone="warning" data-testid="agency-maximum">
          {t('agencyMaximum', { maximum: kip(maximum) })}
        </Notice>
      )}
      {change.error && (
        <Notice role="alert" $tone="danger">
          {t(`common:${errorMessageKey(change.error)}`)}
        </Notice>
      )}
      {outcome && (
        <Notice role="status" $tone="success">
          {t(outcome)}
        </Notice>
      )}
      {data.limits.map((entry) => (
        <Period key={entry.period} data-testid={`limit-${entry.period}`}>
          <TextField
            label={t('field', { period: t(`common:limitPeriods.${entry.period}`) })}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('noLimit')}
            error={shown(entry.period)}
            hint={t('hint')}
            {...form.getFieldProps(entry.period)}
          />
          <PeriodStatus entry={entry} maximum={maximum} />
        </Period>
      ))}
      <SubmitButton $block disabled={change.isLoading}>
        {change.isLoading ? <Spinner $size={18} /> : t('save')}
      </SubmitButton>
    </Card>
  );
}

/**
 * /player/limits: the player's deposit limits per day, week and month, with what each has used
 * and left and any raise or removal waiting its 24 hours.
 */
export default function LimitsPage() {
  const { t } = useTranslation('limits');
  const limits = useGetPlayerDepositLimitsQuery();
  return (
    <PageBody>
      <PageTitle>{t('common:page.limits')}</PageTitle>
      {limits.data ? (
        <LimitsForm data={limits.data} />
      ) : limits.error ? (
        <Notice role="alert" $tone="danger">
          {t(`common:${errorMessageKey(limits.error)}`)}
        </Notice>
      ) : (
        <Spinner />
      )}
    </PageBody>
  );
}
