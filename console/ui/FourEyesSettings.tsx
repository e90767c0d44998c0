import { useFormik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { OperatorRole } from '../../contract/admin';
import { displayMoney } from '../../contract/format';
import { fourEyesAmountProblem } from '../../contract/withdrawalReview';
import { Button } from '../../web/ui/Button';
import { Notice } from '../../web/ui/Notice';
import { TextField } from '../../web/ui/TextField';
import { useToast } from '../../web/ui/Toast';
import { useGetWithdrawalReviewSettingsQuery, useUpdateWithdrawalReviewSettingsMutation } from '../api/withdrawalReview';

const Section = styled.section`
  max-width: 640px;
  margin-bottom: 16px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

/** An empty field turns four-eyes off. */
const amountOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

const schema = yup.object({
  fourEyesThb: yup
    .string()
    .test('thb', 'withdrawalReview.settings.amountInvalid', (value) => fourEyesAmountProblem(amountOrNull(value ?? '')) === undefined),
  reason: yup.string().trim().min(3, 'withdrawalReview.settings.reasonRequired').required('withdrawalReview.settings.reasonRequired'),
});

function SettingsForm({ fourEyesThb }: { fourEyesThb: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateWithdrawalReviewSettingsMutation();
  const form = useFormik({
    initialValues: { fourEyesThb: fourEyesThb ?? '', reason: '' },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const { error } = await update({ fourEyesThb: amountOrNull(values.fourEyesThb), reason: values.reason.trim() });
      if (error) {
        toast({ title: t('withdrawalReview.settings.failed'), status: 'error' });
        return;
      }
      toast({ title: t('withdrawalReview.settings.saved'), status: 'success' });
      helpers.resetForm();
    },
  });
  const errorOf = (field: 'fourEyesThb' | 'reason') => (form.touched[field] && form.errors[field] ? t(form.errors[field]) : undefined);
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <TextField
        label={t('withdrawalReview.settings.amount')}
        hint={t('withdrawalReview.settings.amountHint')}
        inputMode="decimal"
        maxLength={40}
        error={errorOf('fourEyesThb')}
        {...form.getFieldProps('fourEyesThb')}
      />
      <TextField
        label={t('withdrawalReview.settings.reason')}
        maxLength={500}
        error={errorOf('reason')}
        {...form.getFieldProps('reason')}
      />
      <Button type="submit" disabled={isLoading}>
        {t('withdrawalReview.settings.save')}
      </Button>
    </form>
  );
}

/** The agency's four-eyes amount: owners change it (with a reason), staff see it. */
export function FourEyesSettings({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const settings = useGetWithdrawalReviewSettingsQuery();
  if (settings.isError) return <Notice $tone="danger">{t('withdrawalReview.settings.loadFailed')}</Notice>;
  if (!settings.data) return null;
  const { fourEyesThb } = settings.data;
  return (
    <Section aria-labelledby="four-eyes-heading">
      <h2 id="four-eyes-heading">{t('withdrawalReview.settings.heading')}</h2>
      <p>
        {fourEyesThb === null
          ? t('withdrawalReview.settings.off')
          : t('withdrawalReview.settings.from', { amount: displayMoney(fourEyesThb, 'THB') })}
      </p>
      {fourEyesThb !== null && <p>{t('withdrawalReview.settings.samePersonRule')}</p>}
      {role === 'owner' && <SettingsForm fourEyesThb={fourEyesThb} />}
    </Section>
  );
}
