import { useCallback } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, reasonSchema } from '../../../contract/adminPlayers';
import { Button } from '../../../ui/Button';
import { Dialog, DialogActions } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import { TextField } from '../../../ui/TextField';

const schema = yup.object({ reason: reasonSchema });

/** An action on a player: what it does, and the reason the operator must give (3 to 500 characters). */
export function ReasonDialog({
  open,
  title,
  explanation,
  confirm,
  danger = false,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  explanation: string;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  /** True when the action was done and the dialog may close. */
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { reason: '' },
    validationSchema: schema,
    onSubmit: async ({ reason }, helpers) => {
      if (await onConfirm(reason.trim())) {
        helpers.resetForm();
        onClose();
      }
    },
  });
  const { resetForm } = form;
  // Stable, so the dialog's focus trap is not set up again on every keystroke.
  const close = useCallback(() => {
    resetForm();
    onClose();
  }, [resetForm, onClose]);
  return (
    <Dialog open={open} title={title} onClose={close}>
      <Notice $tone="warning">{explanation}</Notice>
      <form onSubmit={form.handleSubmit} noValidate>
        <TextField
          label={t('players.reason')}
          maxLength={REASON_MAX}
          error={form.touched.reason && form.errors.reason ? t(form.errors.reason) : undefined}
          {...form.getFieldProps('reason')}
        />
        <DialogActions>
          <Button $variant="ghost" onClick={close}>
            {t('players.cancel')}
          </Button>
          <Button type="submit" $variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
