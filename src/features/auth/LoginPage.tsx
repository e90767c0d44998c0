import { useState } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../../../web/api/baseQuery';
import { useLoginMutation } from '../../api/players';
import { errorMessageKey } from '../../api/errors';
import { loginSchema, PLAYER_LIMITS, type LoginForm } from '../../../contract/playerForms';
import { SubmitButton } from '../../ui/SubmitButton';
import { Link } from '../../ui/Link';
import { PageBody } from '../../ui/Page';
import { TextField } from '../../../web/ui/TextField';
import { tryAgainText } from '../../../web/ui/waitText';
import { AuthCard, AuthTitle, FormAlert, SwitchLine } from './AuthForm';
import { useSession } from './session';

/** /login: a wrong password and an unknown username get the same message; too many attempts, the wait asked for. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const session = useSession();
  const [login] = useLoginMutation();
  const [failure, setFailure] = useState<CallError>();

  const form = useFormik<LoginForm>({
    initialValues: { username: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setFailure(undefined);
      try {
        const { player } = await login(loginSchema.cast(values)).unwrap();
        session.login(player);
      } catch (error) {
        setFailure(error as CallError);
      }
    },
  });
  const errorOf = (field: keyof LoginForm) =>
    form.touched[field] && form.errors[field] ? t(form.errors[field], PLAYER_LIMITS) : undefined;

  return (
    <PageBody>
      <AuthCard>
        <AuthTitle>{t('login.title')}</AuthTitle>
        {failure && (
          <FormAlert>{failure.retryAfterSeconds ? tryAgainText(tc, failure.retryAfterSeconds) : tc(errorMessageKey(failure))}</FormAlert>
        )}
        <form method="post" noValidate onSubmit={form.handleSubmit}>
          <TextField
            label={t('login.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getFieldProps('username')}
            error={errorOf('username')}
          />
          <TextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            {...form.getFieldProps('password')}
            error={errorOf('password')}
          />
          <SubmitButton $block disabled={form.isSubmitting}>
            {t('login.submit')}
          </SubmitButton>
        </form>
        <SwitchLine>
          {t('login.noAccount')}
          <Link href="/register">{t('login.registerLink')}</Link>
        </SwitchLine>
      </AuthCard>
    </PageBody>
  );
}
