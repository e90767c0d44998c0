import { useFormik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, reasonSchema } from '../../../contract/admin';
import { Button } from '../../../web/ui/Button';
import { DialogActions } from '../../../web/ui/Dialog';
import { TextField } from '../../../web/ui/TextField';

/** The reason every review action asks for (the console's one reason rule), then the confirm button. */
export function ReasonForm({
  busy,
  confirmLabel,
  danger = false,
  onConfirm,
  onCancel,
  cancelLabel,
}: {
  busy: boolean;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { reason: '' },
    validationSchema: yup.object({ reason: reasonSchema }),
    onSubmit: ({ reason }) => onConfirm(reason.trim()),
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <TextField
        label={t('form.reason')}
        maxLength={REASON_MAX}
        error={form.touched.reason && form.errors.reason ? t(form.errors.reason) : undefined}
        {...form.getFieldProps('reason')}
      />
      <DialogActions>
        <Button $variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" $variant={danger ? 'danger' : 'primary'} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
