import { useCallback, useState } from 'react';
import { useFormik } from 'formik';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../../../web/api/baseQuery';
import { useChangePasswordMutation } from '../../api/players';
import { useGetAgencyInfoQuery } from '../../api/agency';
import { changePasswordSchema, PLAYER_LIMITS, type ChangePasswordForm } from '../../../contract/playerForms';
import { Button } from '../../../web/ui/Button';
import { SubmitButton } from '../../ui/SubmitButton';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { Notice } from '../../../web/ui/Notice';
import { TextField } from '../../../web/ui/TextField';
import { TOAST_DURATION_MS, useToast } from '../../../web/ui/Toast';
import { reloadPage } from '../../ui/reloadPage';

const VisibilityToggle = styled(Button).attrs({ $variant: 'ghost' as const })`
  margin: -4px 0 8px;
  padding-left: 0;
`;

// Codes that mean "what you typed is wrong"; anything else says what went wrong instead.
const PASSWORD_REFUSALS = new Set(['PASSWORD_INCORRECT', 'VALIDATION_ERROR']);

/** The new password holds from now on; the page starts afresh with it. */
const reload = () => reloadPage();

const FIELDS = ['currentPassword', 'newPassword', 'confirmNewPassword'] as const;
const AUTOCOMPLETE = { currentPassword: 'current-password', newPassword: 'new-password', confirmNewPassword: 'new-password' } as const;

/**
 * Three password fields behind one visibility toggle, the yup rules
 * of the contract, saved only once the agency info is loaded. Success shows a dialog whose close
 * reloads the page (the server has ended the player's other sessions); failure shows a toast.
 * Without onClose the change is required (an operator reset the password): the dialog says so
 * and cannot be dismissed; the current password is the temporary one the player was given.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose?: () => void }) {
  const { t } = useTranslation('password');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const agencyInfo = useGetAgencyInfoQuery(undefined, { skip: !open });
  const [changePassword] = useChangePasswordMutation();
  const [visible, setVisible] = useState(false);
  const [changed, setChanged] = useState(false);

  const form = useFormik<ChangePasswordForm>({
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    validationSchema: changePasswordSchema,
    onSubmit: async (values) => {
      if (!agencyInfo.isSuccess) return;
      try {
        await changePassword(values).unwrap();
        setChanged(true);
      } catch (error) {
        const code = (error as CallError).code;
        toast({
          status: 'error',
          title: t('notification.error'),
          description: code && !PASSWORD_REFUSALS.has(code) ? tc(`errors.${code}`) : t('notification.password_is_incorrect'),
          duration: TOAST_DURATION_MS,
        });
      }
    },
  });

  // Stable, so the dialog's focus trap does not restart (and move focus) on every keystroke.
  const { resetForm } = form;
  const close = useCallback(() => {
    resetForm();
    setVisible(false);
    onClose?.();
  }, [resetForm, onClose]);

  if (changed) {
    return (
      <Dialog open title={t('notification.success')} onClose={reload}>
        <p>{t('notification.password_changed')}</p>
        <DialogActions>
          <Button onClick={reload}>{t('notification.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} title={onClose ? t('title') : t('required.title')} onClose={onClose && close}>
      {!onClose && <Notice $tone="warning">{t('required.notice')}</Notice>}
      <form noValidate onSubmit={form.handleSubmit}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={!onClose && field === 'currentPassword' ? t('required.currentPassword') : t(field)}
            type={visible ? 'text' : 'password'}
            autoComplete={AUTOCOMPLETE[field]}
            {...form.getFieldProps(field)}
            error={form.touched[field] && form.errors[field] ? t(form.errors[field], PLAYER_LIMITS) : undefined}
          />
        ))}
        {/* Pressing the toggle keeps focus in the field being typed in: leaving it would mark it touched and show an error. */}
        <VisibilityToggle onMouseDown={(event) => event.preventDefault()} onClick={() => setVisible((shown) => !shown)}>
          {visible ? t('hidePasswords') : t('showPasswords')}
        </VisibilityToggle>
        <DialogActions>
          <SubmitButton disabled={!agencyInfo.isSuccess || form.isSubmitting}>{t('save')}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
