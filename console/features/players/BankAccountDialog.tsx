import { useCallback } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NAME_MAX_LENGTH, type BankAccount } from '../../../contract/bankAccounts';
import { BANKS, isValidAccountNumber, normalizeAccountNumber } from '../../../contract/banks';
import { REASON_MAX, reasonSchema } from '../../../contract/admin';
import type { PlayerBankAccountChange } from '../../../contract/adminPlayers';
import { Button } from '../../../web/ui/Button';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { Notice } from '../../../web/ui/Notice';
import { Select } from '../../../web/ui/Select';
import { TextField } from '../../../web/ui/TextField';

/** The player's own bank form's rules (a known bank, a number of that bank's length, a name) and a reason. */
const schema = yup.object({
  bank: yup.string().required('players.bank.bankRequired'),
  accountNumber: yup
    .string()
    .required('players.bank.numberRequired')
    .test('valid-for-bank', 'players.bank.numberInvalid', function (value) {
      const bank = (this.parent as { bank?: string }).bank;
      return !value || !bank || isValidAccountNumber(bank, value);
    }),
  accountName: yup.string().trim().required('players.bank.nameRequired').max(ACCOUNT_NAME_MAX_LENGTH, 'players.bank.nameTooLong'),
  reason: reasonSchema,
});

const BANK_OPTIONS = BANKS.map((bank) => ({ value: bank.code, label: `${bank.shortName} · ${bank.names.lo}` }));

/** Support's change of the player's bank account (a LAK account in the player's own name), with the support case's reason. */
export function BankAccountDialog({
  open,
  current,
  busy,
  onChange,
  onClose,
}: {
  open: boolean;
  current: BankAccount | null;
  busy: boolean;
  onChange: (change: PlayerBankAccountChange) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { bank: current?.bank ?? '', accountNumber: '', accountName: current?.accountName ?? '', reason: '' },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const change = {
        bank: values.bank,
        accountNumber: normalizeAccountNumber(values.accountNumber),
        accountName: values.accountName.trim(),
        reason: values.reason.trim(),
      };
      if (await onChange(change)) {
        helpers.resetForm();
        onClose();
      }
    },
  });
  const { resetForm } = form;
  const close = useCallback(() => {
    resetForm();
    onClose();
  }, [resetForm, onClose]);
  const errorOf = (field: keyof typeof form.values) => (form.touched[field] && form.errors[field] ? t(form.errors[field]) : undefined);
  return (
    <Dialog open={open} title={t('players.bank.title')} onClose={close}>
      <Notice $tone="warning">{t('players.bank.explanation')}</Notice>
      <form onSubmit={form.handleSubmit} noValidate>
        <Select
          label={t('players.bank.bank')}
          placeholder={t('players.bank.chooseBank')}
          options={BANK_OPTIONS}
          error={errorOf('bank')}
          {...form.getFieldProps('bank')}
        />
        <TextField
          label={t('players.bank.accountNumber')}
          inputMode="numeric"
          error={errorOf('accountNumber')}
          {...form.getFieldProps('accountNumber')}
        />
        <TextField
          label={t('players.bank.accountName')}
          maxLength={ACCOUNT_NAME_MAX_LENGTH}
          error={errorOf('accountName')}
          {...form.getFieldProps('accountName')}
        />
        <TextField label={t('players.reason')} maxLength={REASON_MAX} error={errorOf('reason')} {...form.getFieldProps('reason')} />
        <DialogActions>
          <Button $variant="ghost" onClick={close}>
            {t('players.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('players.bank.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
