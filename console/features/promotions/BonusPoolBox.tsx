import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { object, string } from 'yup';
import { reasonSchema } from '../../../contract/admin';
import { displayMoney } from '../../../contract/format';
import { parseAmount } from '../../../contract/money';
import { Button } from '../../../web/ui/Button';
import { Card, CardTitle } from '../../../web/ui/Card';
import { TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import { useFundBonusPoolMutation, useGetBonusPoolQuery } from '../../api/promotions';
import { useIdempotencyKey } from '../../../web/api/idempotency';
import { callErrorText } from '../../ui/callErrorText';

const Balance = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  margin: 0 0 16px;
`;

const Form = styled.form`
  max-width: 480px;
`;

const schema = object({
  amount: string()
    .required('promotions.pool.amountInvalid')
    .test('amount', 'promotions.pool.amountInvalid', (amount) => (parseAmount(amount.trim(), 'THB') ?? 0n) > 0n),
  reason: reasonSchema,
});

/** The bonus pool's balance from the ledger, and (owners) its funding from capital with a reason. */
export function BonusPoolBox({ canFund }: { canFund: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const pool = useGetBonusPoolQuery();
  const [fund, { isLoading }] = useFundBonusPoolMutation();
  // One key per funding: a lost answer or a 5xx keeps it for the same funding, so sending again cannot move the money twice.
  const withIdempotencyKey = useIdempotencyKey<{ amount: string; reason: string }>();
  const form = useFormik({
    initialValues: { amount: '', reason: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const funding = { amount: values.amount.trim(), reason: values.reason.trim() };
      let balance: string;
      try {
        ({ balance } = await withIdempotencyKey(funding, (request, idempotencyKey) => fund({ ...request, idempotencyKey }).unwrap()));
      } catch (failure) {
        toast({ title: callErrorText(t, failure), status: 'error' });
        return;
      }
      toast({ title: t('promotions.pool.funded', { balance: displayMoney(balance, 'THB') }), status: 'success' });
      helpers.resetForm();
    },
  });
  const errorOf = (name: 'amount' | 'reason') => (form.touched[name] && form.errors[name] ? t(form.errors[name]) : undefined);
  return (
    <Card aria-label={t('promotions.pool.heading')}>
      <CardTitle>{t('promotions.pool.heading')}</CardTitle>
      <Balance data-testid="bonus-pool-balance">{pool.data ? displayMoney(pool.data.balance, 'THB') : '…'}</Balance>
      {canFund && (
        <Form onSubmit={form.handleSubmit} noValidate aria-label={t('promotions.pool.fund')}>
          <TextField label={t('promotions.pool.amount')} inputMode="decimal" error={errorOf('amount')} {...form.getFieldProps('amount')} />
          <TextField label={t('form.reason')} maxLength={500} error={errorOf('reason')} {...form.getFieldProps('reason')} />
          <Button type="submit" disabled={isLoading}>
            {t('promotions.pool.fund')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
