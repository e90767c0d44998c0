import { useFormik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { TextField } from '../../../ui/TextField';
import type { CallError } from '../../api/adminApi';
import { useLoginOperatorMutation } from '../../api/operators';
import type { AdminState } from '../../app/store';
import { signedOut } from './signOut';

const Form = styled.form`
  max-width: 360px;
  margin: 64px auto;
  padding: 24px;
  display: grid;
  gap: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius};
`;

function refusalKey(error: CallError): string {
  if (error.status === 401) return 'login.refused';
  if (error.status === 429) return 'login.tooMany';
  return 'login.failed';
}

/** The operator's sign-in: username and password, checked here first, then by POST /login. */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const reason = useSelector((state: AdminState) => state.signOut.reason);
  const [login, { error, isLoading }] = useLoginOperatorMutation();
  const form = useFormik({
    initialValues: { username: '', password: '' },
    validationSchema: yup.object({
      username: yup.string().trim().required('login.usernameRequired'),
      password: yup.string().required('login.passwordRequired'),
    }),
    onSubmit: async ({ username, password }) => {
      const result = await login({ username: username.trim(), password });
      if (!('error' in result)) dispatch(signedOut(null));
    },
  });
  const fieldError = (name: 'username' | 'password') => (form.touched[name] && form.errors[name] ? t(form.errors[name]) : undefined);
  return (
    <Form onSubmit={form.handleSubmit} noValidate>
      <h1>{t('login.heading')}</h1>
      {reason && !error && <Notice $tone="warning">{t(`login.${reason}`)}</Notice>}
      {error && <Notice $tone="danger">{t(refusalKey(error as CallError))}</Notice>}
      <TextField label={t('login.username')} autoComplete="username" error={fieldError('username')} {...form.getFieldProps('username')} />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        error={fieldError('password')}
        {...form.getFieldProps('password')}
      />
      <Button type="submit" disabled={isLoading} $block>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
