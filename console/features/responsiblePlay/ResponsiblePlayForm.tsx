import { useId } from 'react';
import { useFormik, type FieldInputProps } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Value } from 'typebox/value';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../../contract/languages';
import { REALITY_CHECK_MINUTES } from '../../../contract/realityCheck';
import {
  NOTICE_MAX,
  ResponsiblePlayUpdateSchema,
  type ResponsiblePlaySettings,
  type ResponsiblePlayUpdate,
} from '../../../contract/responsiblePlay';
import { Button } from '../../../web/ui/Button';
import { Select } from '../../../web/ui/Select';
import { Field, FieldMessage, Label, TextField, fieldControl } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import { useUpdateResponsiblePlayMutation } from '../../api/responsiblePlay';
import { callErrorText } from '../../ui/callErrorText';

const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${fieldControl}
  width: 100%;
  min-height: 88px;
  resize: vertical;
  font: inherit;
`;

type Values = Record<`notice_${Language}`, string> & { minutes: string; maxKip: string; reason: string };

const WHOLE = /^\d+$/;

/** The change the form's values make, in the API's shape; a cap that is not all digits stays NaN for the schema to refuse. */
function updateOf(values: Values): ResponsiblePlayUpdate {
  const maxKip = values.maxKip.trim();
  return {
    notice: { lo: values.notice_lo, cn: values.notice_cn, vn: values.notice_vn, th: values.notice_th },
    realityCheckDefaultMinutes: Number(values.minutes) as ResponsiblePlayUpdate['realityCheckDefaultMinutes'],
    ...(maxKip === '' ? {} : { depositLimitMaxKip: WHOLE.test(maxKip) ? Number(maxKip) : Number.NaN }),
    reason: values.reason.trim(),
  };
}

/** The schema's path of a problem (/notice/lo, /depositLimitMaxKip, /reason) as the form's field, with its message. */
const FIELD_OF: Record<string, { field: keyof Values; message: string }> = {
  '/notice/lo': { field: 'notice_lo', message: 'responsiblePlay.noticeTooLong' },
  '/notice/cn': { field: 'notice_cn', message: 'responsiblePlay.noticeTooLong' },
  '/notice/vn': { field: 'notice_vn', message: 'responsiblePlay.noticeTooLong' },
  '/notice/th': { field: 'notice_th', message: 'responsiblePlay.noticeTooLong' },
  '/realityCheckDefaultMinutes': { field: 'minutes', message: 'responsiblePlay.minutesInvalid' },
  '/depositLimitMaxKip': { field: 'maxKip', message: 'responsiblePlay.maxKipInvalid' },
  '/reason': { field: 'reason', message: 'form.reasonRequired' },
};

/** Every problem of the form, checked with the same TypeBox schema the server validates the body with. */
function problemsOf(values: Values): Partial<Record<keyof Values, string>> {
  const problems: Partial<Record<keyof Values, string>> = {};
  for (const error of Value.Errors(ResponsiblePlayUpdateSchema, updateOf(values))) {
    const known = FIELD_OF[error.instancePath];
    if (known && !problems[known.field]) problems[known.field] = known.message;
  }
  return problems;
}

function NoticeField({ language, error, field }: { language: Language; error?: string; field: FieldInputProps<string> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{t('responsiblePlay.notice', { language: LANGUAGE_NAMES[language] })}</Label>
      <TextArea
        id={id}
        lang={language}
        maxLength={NOTICE_MAX}
        $invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-message` : undefined}
        {...field}
      />
      <FieldMessage id={`${id}-message`} error={error} />
    </Field>
  );
}

/** The owner's form: the notice in the four site languages, the default interval and the cap, saved with a reason. */
export function ResponsiblePlayForm({ settings }: { settings: ResponsiblePlaySettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateResponsiblePlayMutation();
  const form = useFormik<Values>({
    initialValues: {
      notice_lo: settings.notice.lo,
      notice_cn: settings.notice.cn,
      notice_vn: settings.notice.vn,
      notice_th: settings.notice.th,
      minutes: String(settings.realityCheckDefaultMinutes),
      maxKip: settings.depositLimitMaxKip === undefined ? '' : String(settings.depositLimitMaxKip),
      reason: '',
    },
    enableReinitialize: true,
    validate: problemsOf,
    onSubmit: async (values, helpers) => {
      const { error } = await update(updateOf(values));
      if (error) {
        toast({ title: callErrorText(t, error), status: 'error' });
        return;
      }
      toast({ title: t('responsiblePlay.saved'), status: 'success' });
      helpers.resetForm();
    },
  });
  const errorOf = (name: keyof Values) => (form.touched[name] && form.errors[name] ? t(form.errors[name]) : undefined);
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t('responsiblePlay.heading')}>
      {LANGUAGES.map((language) => (
        <NoticeField
          key={language}
          language={language}
          error={errorOf(`notice_${language}`)}
          field={form.getFieldProps(`notice_${language}`) as FieldInputProps<string>}
        />
      ))}
      <Select
        label={t('responsiblePlay.defaultMinutes')}
        error={errorOf('minutes')}
        options={REALITY_CHECK_MINUTES.map((minutes) => ({
          value: String(minutes),
          label: minutes === 0 ? t('responsiblePlay.off') : t('responsiblePlay.everyMinutes', { minutes }),
        }))}
        {...form.getFieldProps('minutes')}
      />
      <TextField
        label={t('responsiblePlay.maxKip')}
        hint={t('responsiblePlay.maxKipHint')}
        inputMode="numeric"
        maxLength={20}
        error={errorOf('maxKip')}
        {...form.getFieldProps('maxKip')}
      />
      <TextField label={t('form.reason')} maxLength={500} error={errorOf('reason')} {...form.getFieldProps('reason')} />
      <Button type="submit" disabled={isLoading}>
        {t('responsiblePlay.save')}
      </Button>
    </form>
  );
}
