import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useFormik, type FieldInputProps } from 'formik';
import { useTranslation } from 'react-i18next';
import type { InferType } from 'yup';
import type { CallError } from '../../../web/api/baseQuery';
import { useRegisterMutation, useValidateUsernameMutation } from '../../api/players';
import { useGetAgencyQuery } from '../../api/agency';
import { errorMessageKey } from '../../api/errors';
import { PLAYER_LIMITS, registerSchema, usernameSchema, type RegisterForm } from '../../../contract/playerForms';
import type { DeviceFingerprint } from '../../../contract/players';
import { SubmitButton } from '../../ui/SubmitButton';
import { Link } from '../../ui/Link';
import { PageBody } from '../../ui/Page';
import { FieldError, TextField } from '../../../web/ui/TextField';
import { AuthCard, AuthTitle, CheckboxField, CheckboxLabel, FormAlert, SwitchLine } from './AuthForm';
import { collectDeviceFingerprint } from './deviceFingerprint';
import { rememberFingerprintReport } from './fingerprintReports';
import { useSession } from './session';

/** The form's values as the schema casts them (trimmed), before the fingerprint joins them. */
type RegisterRequestForm = InferType<typeof registerSchema>;

/** How long typing must pause before the username is checked with the server. */
const USERNAME_CHECK_DELAY_MS = 400;

/** The server's answer for one username; available is undefined while the check runs. */
interface UsernameCheck {
  username: string;
  available?: boolean;
}

/** The device fingerprint, collected when the page opens and awaited at submit (where a failure shows). */
function useDeviceFingerprintOnOpen() {
  const device = useRef<Promise<DeviceFingerprint>>(null);
  useEffect(() => {
    const collecting = collectDeviceFingerprint();
    collecting.catch(() => {});
    device.current = collecting;
  }, []);
  return device;
}

/** Asks the server whether a well-formed username is free, once the player stops typing. */
function useUsernameCheck(typedUsername: string, setUsernameCheck: Dispatch<SetStateAction<UsernameCheck | undefined>>) {
  const [checkUsername] = useValidateUsernameMutation();
  useEffect(() => {
    if (!usernameSchema.isValidSync(typedUsername)) return;
    const timer = setTimeout(() => {
      setUsernameCheck({ username: typedUsername });
      checkUsername({ username: typedUsername })
        .unwrap()
        .then(({ available }) =>
          setUsernameCheck((current) => (current?.username === typedUsername ? { username: typedUsername, available } : current)),
        )
        // The server decides at submit anyway; a failed check just says nothing.
        .catch(() => setUsernameCheck(undefined));
    }, USERNAME_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typedUsername, checkUsername, setUsernameCheck]);
}

/** The "I am 18 or older" box, its error tied to it. */
function AgeConfirmation({ field, error }: { field: FieldInputProps<string | undefined>; error: string | undefined }) {
  const { t } = useTranslation('auth');
  return (
    <CheckboxField>
      <CheckboxLabel>
        <input type="checkbox" {...field} aria-invalid={Boolean(error)} aria-describedby={error ? 'age-confirmed-error' : undefined} />
        {t('register.ageConfirmed')}
      </CheckboxLabel>
      {error && (
        <FieldError id="age-confirmed-error" role="alert">
          {error}
        </FieldError>
      )}
    </CheckboxField>
  );
}

/**
 * Sends a registration with this device's fingerprint; success logs the player in and opens
 * /player, a taken username marks the username field, anything else is the form's failure.
 */
function useRegistration(setUsernameCheck: (check: UsernameCheck) => void, setFailure: (failure: string) => void) {
  const session = useSession();
  const agencyId = useGetAgencyQuery().data?.agency.id;
  const [register] = useRegisterMutation();
  const device = useDeviceFingerprintOnOpen();
  return async (registration: RegisterRequestForm) => {
    try {
      const fingerprint = await (device.current ?? collectDeviceFingerprint());
      const { player } = await register({ ...registration, fingerprint }).unwrap();
      if (agencyId) rememberFingerprintReport(agencyId, fingerprint.fingerprint);
      session.login(player);
    } catch (error) {
      if ((error as CallError).code === 'USERNAME_TAKEN') setUsernameCheck({ username: registration.username, available: false });
      else setFailure(errorMessageKey(error as CallError));
    }
  };
}

/**
 * /register: the username is checked live while typing; the device fingerprint (collected when the
 * page opens) goes with the registration. Success logs the player in and opens /player.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const [usernameCheck, setUsernameCheck] = useState<UsernameCheck>();
  const [failure, setFailure] = useState<string>();
  const register = useRegistration(setUsernameCheck, setFailure);

  const form = useFormik<RegisterForm>({
    initialValues: { username: '', password: '', confirmPassword: '', displayName: '', ageConfirmed: false },
    validationSchema: registerSchema,
    onSubmit: async (values) => {
      setFailure(undefined);
      const registration = registerSchema.cast(values);
      if (usernameCheck?.username === registration.username && usernameCheck.available === false) return;
      await register(registration);
    },
  });

  const typedUsername = form.values.username.trim();
  useUsernameCheck(typedUsername, setUsernameCheck);

  const errorOf = (field: keyof RegisterForm) =>
    form.touched[field] && form.errors[field] ? t(form.errors[field], PLAYER_LIMITS) : undefined;
  const check = usernameCheck?.username === typedUsername ? usernameCheck : undefined;
  const usernameError = errorOf('username') ?? (check?.available === false ? tc('errors.USERNAME_TAKEN') : undefined);
  const usernameHint =
    check?.available === undefined
      ? check
        ? t('register.usernameChecking')
        : t('register.usernameHint', PLAYER_LIMITS)
      : t('register.usernameAvailable');
  const ageError = errorOf('ageConfirmed');

  return (
    <PageBody>
      <AuthCard>
        <AuthTitle>{t('register.title')}</AuthTitle>
        {failure && <FormAlert>{tc(failure)}</FormAlert>}
        <form method="post" noValidate onSubmit={form.handleSubmit}>
          <TextField
            label={t('register.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getFieldProps('username')}
            error={usernameError}
            hint={usernameHint}
          />
          <TextField
            label={t('register.password')}
            type="password"
            autoComplete="new-password"
            {...form.getFieldProps('password')}
            error={errorOf('password')}
          />
          <TextField
            label={t('register.confirmPassword')}
            type="password"
            autoComplete="new-password"
            {...form.getFieldProps('confirmPassword')}
            error={errorOf('confirmPassword')}
          />
          <TextField
            label={t('register.displayName')}
            autoComplete="nickname"
            {...form.getFieldProps('displayName')}
            error={errorOf('displayName')}
            hint={t('register.displayNameHint')}
          />
          <AgeConfirmation field={form.getFieldProps({ name: 'ageConfirmed', type: 'checkbox' })} error={ageError} />
          <SubmitButton $block disabled={form.isSubmitting}>
            {t('register.submit')}
          </SubmitButton>
        </form>
        <SwitchLine>
          {t('register.haveAccount')}
          <Link href="/login">{t('register.loginLink')}</Link>
        </SwitchLine>
      </AuthCard>
    </PageBody>
  );
}
