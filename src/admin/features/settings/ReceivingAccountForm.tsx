import { useFormik } from 'formik';
import { object, string } from 'yup';
import { useTranslation } from 'react-i18next';
import type { ReceivingAccount } from '../../../contract/admin';
import { laoQrFieldProblem } from '../../../contract/laoqr';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/Toast';
import { useUpdateReceivingAccountMutation } from '../../api/settings';
import { callErrorText } from '../../ui/callErrorText';

const FIELDS = ['bankIin', 'accountNumber', 'merchantName', 'merchantCity', 'merchantId'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** LaoQR's own rule for each field (src/contract/laoqr.ts), the one the server checks. */
const laoQr = (field: (typeof FIELDS)[number]) =>
  string().test('laoqr', 'agencySettings.laoQrInvalid', (value) => laoQrFieldProblem(field, (value ?? '').trim()) === undefined);
const schema = object(Object.fromEntries(FIELDS.map((field) => [field, laoQr(field)])));

/** The account deposit QRs pay into and the LaoQR merchant (MID, name, city), on PUT /receiving-account. */
export function ReceivingAccountForm({ account, readOnly }: { account: ReceivingAccount | null; readOnly: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateReceivingAccountMutation();
  const form = useFormik<Values>({
    initialValues: {
      bankIin: account?.bankIin ?? '',
      accountNumber: account?.accountNumber ?? '',
      merchantName: account?.merchantName ?? '',
      merchantCity: account?.merchantCity ?? '',
      merchantId: account?.merchantId ?? '',
    },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values) => {
      const trimmed = Object.fromEntries(FIELDS.map((field) => [field, values[field].trim()])) as Values;
      const { error } = await update(trimmed);
      toast(error ? { title: callErrorText(t, error), status: 'error' } : { title: t('agencySettings.saved'), status: 'success' });
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t('agencySettings.receiving.heading')}>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(`agencySettings.fields.${field}`)}
          maxLength={100}
          readOnly={readOnly}
          error={form.touched[field] && form.errors[field] ? t(form.errors[field]) : undefined}
          {...form.getFieldProps(field)}
        />
      ))}
      {!readOnly && (
        <Button type="submit" disabled={isLoading}>
          {t('agencySettings.save')}
        </Button>
      )}
    </form>
  );
}
