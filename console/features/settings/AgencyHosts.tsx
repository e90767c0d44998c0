import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { useTranslation } from 'react-i18next';
import { reasonSchema } from '../../../contract/admin';
import { isHost } from '../../../contract/adminSettings';
import { Button } from '../../../web/ui/Button';
import { TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import { useAddAgencyHostMutation, useRemoveAgencyHostMutation } from '../../api/settings';
import { callErrorText } from '../../ui/callErrorText';
import { ReasonDialog } from '../../ui/ReasonDialog';

const HostList = styled.ul`
  margin: 0 0 12px;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 6px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** What the operator typed, as the Host header names it: no spaces, lowercase. */
const hostOfInput = (text: string) => text.trim().toLowerCase();

const addSchema = object({
  host: string().test('host', 'agencySettings.hostInvalid', (value) => isHost(hostOfInput(value ?? ''))),
  reason: reasonSchema,
});

/** A new host for the site, checked with the server's own schema before it is sent, and the reason. */
function AddHostForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [add, adding] = useAddAgencyHostMutation();
  const form = useFormik({
    initialValues: { host: '', reason: '' },
    validationSchema: addSchema,
    onSubmit: async (values, helpers) => {
      const { error } = await add({ host: hostOfInput(values.host), reason: values.reason.trim() });
      if (error) {
        toast({ title: callErrorText(t, error), status: 'error' });
        return;
      }
      toast({ title: t('agencySettings.hosts.added'), status: 'success' });
      helpers.resetForm();
    },
  });
  const errorOf = (name: 'host' | 'reason') => (form.touched[name] && form.errors[name] ? t(form.errors[name]) : undefined);
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t('agencySettings.hosts.add')}>
      <TextField
        label={t('agencySettings.hosts.newHost')}
        hint={t('agencySettings.hosts.hint')}
        maxLength={253}
        autoCapitalize="none"
        spellCheck={false}
        error={errorOf('host')}
        {...form.getFieldProps('host')}
      />
      <TextField label={t('form.reason')} maxLength={500} error={errorOf('reason')} {...form.getFieldProps('reason')} />
      <Button type="submit" disabled={adding.isLoading}>
        {t('agencySettings.hosts.add')}
      </Button>
    </form>
  );
}

/**
 * The hosts the agency's site answers on. Owners add one and remove one with a reason; the host
 * this console is open on, and a last host, stay.
 */
export function AgencyHosts({ hosts, readOnly }: { hosts: string[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [remove, removing] = useRemoveAgencyHostMutation();
  const [leaving, setLeaving] = useState<string | null>(null);
  // Stable, so the dialog's focus trap is not set up again on every keystroke.
  const closeDialog = useCallback(() => setLeaving(null), []);
  const current = window.location.hostname.toLowerCase();
  const removeWith = async (reason: string) => {
    if (!leaving) return true;
    const { error } = await remove({ host: leaving, reason });
    if (error) {
      toast({ title: callErrorText(t, error), status: 'error' });
      return false;
    }
    toast({ title: t('agencySettings.hosts.removed'), status: 'success' });
    return true;
  };
  return (
    <>
      <HostList>
        {hosts.map((host) => (
          <li key={host}>
            <span>{host}</span>
            {host === current ? (
              <Muted>{t('agencySettings.hosts.current')}</Muted>
            ) : (
              !readOnly &&
              hosts.length > 1 && (
                <Button $variant="ghost" onClick={() => setLeaving(host)} aria-label={t('agencySettings.hosts.removeHost', { host })}>
                  {t('agencySettings.hosts.remove')}
                </Button>
              )
            )}
          </li>
        ))}
      </HostList>
      {!readOnly && <AddHostForm />}
      <ReasonDialog
        open={leaving !== null}
        title={t('agencySettings.hosts.removeHost', { host: leaving ?? '' })}
        confirmLabel={t('agencySettings.hosts.remove')}
        busy={removing.isLoading}
        danger
        onConfirm={removeWith}
        onClose={closeDialog}
      >
        <p>{t('agencySettings.hosts.removeWarning')}</p>
      </ReasonDialog>
    </>
  );
}
