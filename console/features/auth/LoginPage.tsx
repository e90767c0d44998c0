import { useState } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { OperatorErrorCode } from '../../../contract/admin';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { TextField } from '../../../web/ui/TextField';
import { tryAgainText } from '../../../web/ui/waitText';
import type { CallError } from '../../../web/api/baseQuery';
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

function refusalText(t: TFunction, error: CallError): string {
  if (error.code === OperatorErrorCode.TOTP_REQUIRED) return t('login.codeAsked');
  if (error.code === OperatorErrorCode.TOTP_INVALID) return t('login.codeRefused');
  if (error.status === 401) return t('login.refused');
  if (error.status === 429) return error.retryAfterSeconds ? tryAgainText(t, error.retryAfterSeconds) : t('login.tooMany');
  return t('login.failed');
}

/**
 * The operator's sign-in: username and password, checked here first, then by POST /login; an
 * operator with a second factor is asked for the authenticator's code (or a recovery code) next.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const reason = useSelector((state: AdminState) => state.signOut.reason);
  const [login, { error, isLoading }] = useLoginOperatorMutation();
  const [asksCode, setAsksCode] = useState(false);
  const form = useFormik({
    initialValues: { username: '', password: '', code: '' },
    validationSchema: yup.object({
      username: yup.string().trim().required('login.usernameRequired'),
      password: yup.string().required('login.passwordRequired'),
      code: asksCode ? yup.string().trim().required('login.codeRequired') : yup.string(),
    }),
    onSubmit: async ({ username, password, code }) => {
      const result = await login({ username: username.trim(), password, ...(asksCode && { code: code.trim() }) });
      if (!('error' in result)) dispatch(signedOut(null));
      else if ((result.error as CallError).code === OperatorErrorCode.TOTP_REQUIRED) setAsksCode(true);
    },
  });
  const fieldError = (name: 'username' | 'password' | 'code') =>
    form.touched[name] && form.errors[name] ? t(form.errors[name]) : undefined;
  const failure = error as CallError | undefined;
  return (
    <Form onSubmit={form.handleSubmit} noValidate>
      <h1>{t('login.heading')}</h1>
      {reason && !error && <Notice $tone="warning">{t(`login.${reason}`)}</Notice>}
      {failure && (
        <Notice $tone={failure.code === OperatorErrorCode.TOTP_REQUIRED ? 'warning' : 'danger'}>{refusalText(t, failure)}</Notice>
      )}
      <TextField label={t('login.username')} autoComplete="username" error={fieldError('username')} {...form.getFieldProps('username')} />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        error={fieldError('password')}
        {...form.getFieldProps('password')}
      />
      {asksCode && (
        <TextField
          label={t('login.code')}
          hint={t('login.codeHint')}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          error={fieldError('code')}
          {...form.getFieldProps('code')}
        />
      )}
      <Button type="submit" disabled={isLoading} $block>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
