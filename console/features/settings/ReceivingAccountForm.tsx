import { useFormik } from 'formik';
import { object, string } from 'yup';
import { useTranslation } from 'react-i18next';
import { reasonSchema, type ReceivingAccount } from '../../../contract/admin';
import { laoQrFieldProblem } from '../../../contract/laoqr';
import { Button } from '../../../web/ui/Button';
import { TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import { useUpdateReceivingAccountMutation } from '../../api/settings';
import { callErrorText } from '../../ui/callErrorText';

const FIELDS = ['bankIin', 'accountNumber', 'merchantName', 'merchantCity', 'merchantId'] as const;
type Values = Record<(typeof FIELDS)[number] | 'reason', string>;

/** LaoQR's own rule for each field (contract/laoqr.ts), the one the server checks. */
const laoQr = (field: (typeof FIELDS)[number]) =>
  string().test('laoqr', 'agencySettings.laoQrInvalid', (value) => laoQrFieldProblem(field, (value ?? '').trim()) === undefined);
const schema = object({ ...Object.fromEntries(FIELDS.map((field) => [field, laoQr(field)])), reason: reasonSchema });

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
      reason: '',
    },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const trimmed = Object.fromEntries([...FIELDS, 'reason'].map((field) => [field, values[field as keyof Values].trim()]));
      const { error } = await update(trimmed);
      if (error) {
        toast({ title: callErrorText(t, error), status: 'error' });
        return;
      }
      toast({ title: t('agencySettings.saved'), status: 'success' });
      helpers.resetForm();
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
        <>
          <TextField
            label={t('form.reason')}
            maxLength={500}
            error={form.touched.reason && form.errors.reason ? t(form.errors.reason) : undefined}
            {...form.getFieldProps('reason')}
          />
          <Button type="submit" disabled={isLoading}>
            {t('agencySettings.save')}
          </Button>
        </>
      )}
    </form>
  );
}
