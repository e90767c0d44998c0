import { useCallback, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { object } from 'yup';
import { useTranslation } from 'react-i18next';
import { reasonSchema } from '../../contract/admin';
import { Button } from '../../web/ui/Button';
import { Dialog, DialogActions } from '../../web/ui/Dialog';
import { TextField } from '../../web/ui/TextField';

const formSchema = object({ reason: reasonSchema });

interface ReasonDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy: boolean;
  danger?: boolean;
  /** Resolves true when the action is done (the dialog closes), false to keep it open. */
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
  children?: ReactNode;
}

/** Asks why before an action the audit log keeps (3 to 500 characters, the server's rule). */
export function ReasonDialog({ open, title, confirmLabel, busy, danger = false, onConfirm, onClose, children }: ReasonDialogProps) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { reason: '' },
    validationSchema: formSchema,
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
      <form onSubmit={form.handleSubmit} noValidate>
        {children}
        <TextField
          label={t('form.reason')}
          maxLength={500}
          error={form.touched.reason && form.errors.reason ? t(form.errors.reason) : undefined}
          {...form.getFieldProps('reason')}
        />
        <DialogActions>
          <Button $variant="ghost" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" $variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
