import { useFormik } from 'formik';
import { object } from 'yup';
import { useTranslation } from 'react-i18next';
import { reasonSchema } from '../../../contract/admin';
import { agencySettingsProblems, type AgencySettings, type AgencySettingsUpdate } from '../../../contract/adminSettings';
import { Button } from '../../../web/ui/Button';
import { TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import { useUpdateAgencySettingsMutation } from '../../api/settings';
import { callErrorText } from '../../ui/callErrorText';

/** The groups the page changes apart, each with its own reason: the fields of each as the API names them. */
export const SETTINGS_GROUPS = {
  agency: ['name', 'social.whatsapp', 'social.line', 'social.facebook', 'social.telegram', 'social.twitter'],
  site: ['site.signUpMinutes', 'site.gameCount'],
  deposit: ['deposit.minKip', 'deposit.maxKip'],
  withdrawals: ['withdrawals.minThb', 'withdrawals.maxThb', 'withdrawals.dailyLimit', 'withdrawals.autoApproveThb'],
} as const;
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;
type Field = (typeof SETTINGS_GROUPS)[SettingsGroup][number];

const NUMERIC = /^\d+$/;
/** A number field as typed: NaN, which the shared rule refuses, unless it is all digits. */
const numberOf = (text: string) => (NUMERIC.test(text.trim()) ? Number(text.trim()) : Number.NaN);

const valueOf = (settings: AgencySettings, field: Field): string => {
  const [group, key] = field.split('.') as [string, string | undefined];
  if (key === undefined) return settings.name;
  return String((settings[group as 'social' | 'site' | 'deposit' | 'withdrawals'] as Record<string, string | number>)[key]);
};

type Values = Record<string, string>;

/** The change the form's values make to its group, in the API's shape. */
function changeOf(group: SettingsGroup, values: Values): Omit<AgencySettingsUpdate, 'reason'> {
  const at = (field: Field) => values[field.replace('.', '_')] ?? '';
  if (group === 'agency') {
    return {
      name: at('name').trim(),
      social: {
        whatsapp: at('social.whatsapp').trim(),
        line: at('social.line').trim(),
        facebook: at('social.facebook').trim(),
        telegram: at('social.telegram').trim(),
        twitter: at('social.twitter').trim(),
      },
    };
  }
  if (group === 'withdrawals') {
    return {
      withdrawals: {
        minThb: at('withdrawals.minThb').trim(),
        maxThb: at('withdrawals.maxThb').trim(),
        dailyLimit: numberOf(at('withdrawals.dailyLimit')),
        autoApproveThb: at('withdrawals.autoApproveThb').trim(),
      },
    };
  }
  if (group === 'site') return { site: { signUpMinutes: numberOf(at('site.signUpMinutes')), gameCount: numberOf(at('site.gameCount')) } };
  return { deposit: { minKip: numberOf(at('deposit.minKip')), maxKip: numberOf(at('deposit.maxKip')) } };
}

const reasonRule = object({ reason: reasonSchema });

const DECIMAL_FIELDS: readonly Field[] = ['withdrawals.minThb', 'withdrawals.maxThb', 'withdrawals.autoApproveThb'];

function inputModeOf(field: Field): 'text' | 'url' | 'numeric' | 'decimal' {
  if (field === 'name') return 'text';
  if (field.startsWith('social.')) return 'url';
  return DECIMAL_FIELDS.includes(field) ? 'decimal' : 'numeric';
}

/**
 * One group of the agency's settings as a form: checked field by field with the rule the server
 * applies (contract/adminSettings.ts), saved with the operator's reason.
 */
export function AgencySettingsForm({ group, settings, readOnly }: { group: SettingsGroup; settings: AgencySettings; readOnly: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateAgencySettingsMutation();
  const fields = SETTINGS_GROUPS[group];
  // formik reads dots as nesting: the field names carry underscores instead.
  const nameOf = (field: Field) => field.replace('.', '_');
  const initialValues: Values = { reason: '' };
  for (const field of fields) initialValues[nameOf(field)] = valueOf(settings, field);
  const form = useFormik<Values>({
    initialValues,
    enableReinitialize: true,
    validationSchema: reasonRule,
    validate: (values) => {
      const errors: Values = {};
      for (const { field, problem } of agencySettingsProblems(changeOf(group, values))) errors[field.replace('.', '_')] = problem;
      return errors;
    },
    onSubmit: async (values, helpers) => {
      const { error } = await update({ ...changeOf(group, values), reason: values.reason.trim() });
      if (error) {
        toast({ title: callErrorText(t, error), status: 'error' });
        return;
      }
      toast({ title: t('agencySettings.saved'), status: 'success' });
      helpers.resetForm();
    },
  });
  const errorOf = (name: string) => (form.touched[name] && form.errors[name] ? t(form.errors[name]) : undefined);
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t(`agencySettings.${group}.heading`)}>
      {fields.map((field) => (
        <TextField
          key={field}
          label={t(`agencySettings.fields.${field}`)}
          inputMode={inputModeOf(field)}
          maxLength={300}
          readOnly={readOnly}
          error={errorOf(nameOf(field))}
          {...form.getFieldProps(nameOf(field))}
        />
      ))}
      {!readOnly && (
        <>
          <TextField label={t('form.reason')} maxLength={500} error={errorOf('reason')} {...form.getFieldProps('reason')} />
          <Button type="submit" disabled={isLoading}>
            {t('agencySettings.save')}
          </Button>
        </>
      )}
    </form>
  );
}
