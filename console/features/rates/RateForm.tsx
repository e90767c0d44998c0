import { useState } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { rateMove, rateProblem, type AgencyRates } from '../../../contract/adminRates';
import { RATE_CURRENCIES, type RateCurrency } from '../../../contract/money';
import { Button } from '../../../web/ui/Button';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { Select } from '../../../web/ui/Select';
import { TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import type { CallError } from '../../../web/api/baseQuery';
import { useSetRateMutation } from '../../api/rates';

const Form = styled.form`
  max-width: 480px;
`;

interface RateValues {
  currency: RateCurrency;
  buy: string;
  sell: string;
  reason: string;
}

/** The shared rule (contract/adminRates) as the form's validation, its problem named on the field it concerns. */
const schema = yup.object({
  currency: yup.string().oneOf(RATE_CURRENCIES).required(),
  buy: yup
    .string()
    .required('reports.rates.problems.BUY_INVALID')
    .test('buy', 'reports.rates.problems.BUY_INVALID', (buy) => rateProblem(buy, '1') !== 'BUY_INVALID'),
  sell: yup
    .string()
    .required('reports.rates.problems.SELL_INVALID')
    .test('sell', (sell, context) => {
      const problem = rateProblem((context.parent as { buy?: string }).buy ?? '', sell);
      if (problem === 'SELL_INVALID' || problem === 'BUY_ABOVE_SELL')
        return context.createError({ message: `reports.rates.problems.${problem}` });
      return true;
    }),
  reason: yup.string().max(500),
});

/** A move over 5% waiting for the owner's second yes: what would be sent and how far it moves. */
interface PendingMove {
  values: RateValues;
  percent: number;
}

/** The second yes for a move over 5%: the currency, the new pair and how far it moves. */
function LargeMoveDialog({
  pending,
  busy,
  onConfirm,
  onClose,
}: {
  pending: PendingMove | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={pending !== null} title={t('reports.rates.confirmHeading')} onClose={onClose}>
      {pending && (
        <p>
          {t('reports.rates.confirmText', {
            currency: pending.values.currency,
            percent: pending.percent,
            buy: pending.values.buy.trim(),
            sell: pending.values.sell.trim(),
          })}
        </p>
      )}
      <DialogActions>
        <Button $variant="ghost" onClick={onClose}>
          {t('reports.rates.cancel')}
        </Button>
        <Button $variant="danger" disabled={busy} onClick={onConfirm}>
          {t('reports.rates.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Owners set a currency's buy and sell rate; a move over 5% from the rate in force asks again in a dialog. */
export function RateForm({ rates }: { rates: AgencyRates['rates'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [setRate, { isLoading }] = useSetRateMutation();
  const [pending, setPending] = useState<PendingMove | null>(null);
  const currentOf = (currency: RateCurrency) => rates.find((rate) => rate.currency === currency)?.current ?? null;

  async function send(values: RateValues, confirmLargeMove: boolean): Promise<boolean> {
    const reason = values.reason.trim();
    const result = await setRate({
      currency: values.currency,
      buy: values.buy.trim(),
      sell: values.sell.trim(),
      ...(reason ? { reason } : {}),
      confirmLargeMove,
    });
    if (!result.error) {
      toast({ title: t('reports.rates.saved', { currency: values.currency }), status: 'success' });
      return true;
    }
    const failure = result.error as CallError;
    // The rate in force moved since the page loaded (another owner): the server asks again, so does the form.
    if (failure.code === 'RATE_CONFIRMATION_REQUIRED') {
      setPending({ values, percent: rateMove(currentOf(values.currency), values.buy.trim(), values.sell.trim()).percent });
      return false;
    }
    toast({ title: t('reports.rates.failed', { message: failure.message }), status: 'error' });
    return false;
  }

  const form = useFormik<RateValues>({
    initialValues: { currency: 'THB', buy: '', sell: '', reason: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const move = rateMove(currentOf(values.currency), values.buy.trim(), values.sell.trim());
      if (move.large) {
        setPending({ values, percent: move.percent });
        return;
      }
      if (await send(values, false)) helpers.resetForm({ values: { ...values, buy: '', sell: '', reason: '' } });
    },
  });

  const confirm = async () => {
    if (!pending) return;
    const sent = await send(pending.values, true);
    setPending(null);
    if (sent) form.resetForm({ values: { ...pending.values, buy: '', sell: '', reason: '' } });
  };

  const errorOf = (field: 'buy' | 'sell') => (form.touched[field] && form.errors[field] ? t(form.errors[field]) : undefined);
  const current = currentOf(form.values.currency);
  return (
    <>
      <Form onSubmit={form.handleSubmit} noValidate aria-label={t('reports.rates.formHeading')}>
        <h2>{t('reports.rates.formHeading')}</h2>
        <Select
          label={t('reports.rates.currency')}
          options={RATE_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
          {...form.getFieldProps('currency')}
        />
        <TextField
          label={t('reports.rates.buy')}
          inputMode="decimal"
          hint={current ? t('reports.rates.now', { rate: current.buy }) : undefined}
          error={errorOf('buy')}
          {...form.getFieldProps('buy')}
        />
        <TextField
          label={t('reports.rates.sell')}
          inputMode="decimal"
          hint={current ? t('reports.rates.now', { rate: current.sell }) : undefined}
          error={errorOf('sell')}
          {...form.getFieldProps('sell')}
        />
        <TextField label={t('reports.rates.reason')} maxLength={500} {...form.getFieldProps('reason')} />
        <Button type="submit" disabled={isLoading || form.isSubmitting}>
          {t('reports.rates.submit')}
        </Button>
      </Form>
      <LargeMoveDialog pending={pending} busy={isLoading} onConfirm={() => void confirm()} onClose={() => setPending(null)} />
    </>
  );
}
