import { useCallback } from 'react';
import { useFormik } from 'formik';
import { object } from 'yup';
import { useTranslation } from 'react-i18next';
import { reasonSchema } from '../../../contract/admin';
import { Button } from '../../../web/ui/Button';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { TextField } from '../../../web/ui/TextField';

/**
 * Rejecting needs a reason (the console's one reason rule); the player's credit goes back. Open
 * while the review machine asks for the reason and while the rejection is sent: the machine, not
 * the dialog, decides when it closes, which is why this is not a ReasonDialog.
 */
export function RejectDialog({
  code,
  busy,
  onReject,
  onClose,
}: {
  code: string | null;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { reason: '' },
    validationSchema: object({ reason: reasonSchema }),
    onSubmit: ({ reason }, helpers) => {
      onReject(reason.trim());
      helpers.resetForm();
    },
  });
  const { resetForm } = form;
  // Stable, so the dialog's focus trap is not set up again on every keystroke.
  const close = useCallback(() => {
    resetForm();
    onClose();
  }, [resetForm, onClose]);
  return (
    <Dialog open={code !== null} title={t('withdrawals.rejectHeading', { code })} onClose={close}>
      <form onSubmit={form.handleSubmit} noValidate>
        <TextField
          label={t('withdrawals.reason')}
          maxLength={500}
          error={form.touched.reason && form.errors.reason ? t(form.errors.reason) : undefined}
          {...form.getFieldProps('reason')}
        />
        <DialogActions>
          <Button $variant="ghost" onClick={close}>
            {t('withdrawals.cancel')}
          </Button>
          <Button type="submit" $variant="danger" disabled={busy}>
            {t('withdrawals.confirmReject')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
