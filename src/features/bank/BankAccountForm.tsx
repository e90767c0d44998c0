import { useFormik, type FieldInputProps, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAddBankAccountMutation } from '../../api/banks';
import { errorMessageKey } from '../../api/errors';
import { ACCOUNT_NAME_MAX_LENGTH, bankAccountSchema, type BankAccountField, type BankAccountRequest } from '../../../contract/bankAccounts';
import { bankOf, type Bank } from '../../../contract/banks';
import { ErrorCode } from '../../../contract/errors';
import { CURRENCIES } from '../../../contract/money';
import { SubmitButton } from '../../ui/SubmitButton';
import { Select } from '../../../web/ui/Select';
import { FieldError, FieldHint, TextField } from '../../../web/ui/TextField';
import { useToast } from '../../../web/ui/Toast';
import { BankLogo } from './BankLogo';
import { useBankName } from './useBankName';

const Form = styled.form`
  display: grid;
  gap: 4px;
`;

const Group = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 12px;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const BankChoices = styled.div`
  display: grid;
  gap: 8px;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
`;

const BankChoice = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 52px;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.surfaceRaised : theme.colors.background)};
  cursor: pointer;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.3;
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  input {
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Check = styled.label`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  margin-bottom: 4px;
  input {
    margin-top: 5px;
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Notice = styled.div`
  margin: 8px 0 16px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: rgba(255, 209, 102, 0.08);
  ul {
    margin: 6px 0 0;
    padding-left: 20px;
  }
`;

const Submit = styled(SubmitButton)`
  margin-top: 16px;
`;

/** Server refusals that belong to one field; the message is the code's own in common. */
const FIELD_OF_CODE: Partial<Record<string, BankAccountField>> = {
  [ErrorCode.UNKNOWN_BANK]: 'bank',
  [ErrorCode.ACCOUNT_NOT_FOUND]: 'accountNumber',
  [ErrorCode.ACCOUNT_IN_USED]: 'accountNumber',
  [ErrorCode.CURRENCY_NOT_ACCEPTED]: 'currency',
};

const INITIAL: BankAccountRequest = { bank: '', accountNumber: '', accountName: '', currency: 'LAK', owner: false };

interface BankAccountFormProps {
  banks: readonly Bank[];
  /** The player already has an account (another tab or device added it meanwhile). */
  onAccountExists: () => void;
}

/** The banks as a group of radio buttons, each with its logo and name. */
function BankChoiceGroup({
  banks,
  formik,
  error,
}: {
  banks: readonly Bank[];
  formik: FormikProps<BankAccountRequest>;
  error: string | undefined;
}) {
  const { t } = useTranslation('bank');
  const bankName = useBankName();
  return (
    <Group aria-describedby={error ? 'bank-message' : undefined}>
      <Legend>{t('form.bank')}</Legend>
      <BankChoices role="radiogroup" aria-label={t('form.bank')}>
        {banks.map((bank) => (
          <BankChoice key={bank.code} $checked={formik.values.bank === bank.code}>
            <input
              type="radio"
              name="bank"
              value={bank.code}
              checked={formik.values.bank === bank.code}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
            />
            <BankLogo bank={bank} size={28} />
            <span>
              <strong>{bank.shortName}</strong>
              <br />
              {bankName(bank)}
            </span>
          </BankChoice>
        ))}
      </BankChoices>
      {error && (
        <FieldError id="bank-message" role="alert">
          {error}
        </FieldError>
      )}
    </Group>
  );
}

/** The player's confirmation that the account is in their own name. */
function OwnerCheck({ field, error }: { field: FieldInputProps<string | undefined>; error: string | undefined }) {
  const { t } = useTranslation('bank');
  return (
    <>
      <Check>
        <input type="checkbox" {...field} aria-invalid={Boolean(error)} aria-describedby={error ? 'owner-message' : undefined} />
        <span>{t('form.owner')}</span>
      </Check>
      {error ? (
        <FieldError id="owner-message" role="alert">
          {error}
        </FieldError>
      ) : (
        <FieldHint>{t('form.ownerHint')}</FieldHint>
      )}
    </>
  );
}

/** The bank account form, judged by the same yup schema as the server. */
export function BankAccountForm({ banks, onAccountExists }: BankAccountFormProps) {
  const { t } = useTranslation('bank');
  const toast = useToast();
  const [addBankAccount] = useAddBankAccountMutation();

  const formik = useFormik<BankAccountRequest>({
    initialValues: INITIAL,
    validationSchema: bankAccountSchema,
    onSubmit: async (values, helpers) => {
      const result = await addBankAccount(values);
      if (!result.error) {
        toast({ status: 'success', title: t('saved') });
        return;
      }
      const code = result.error.code;
      const field = code && FIELD_OF_CODE[code];
      if (field) {
        helpers.setFieldError(field, `common:errors.${code}`);
      } else if (code === ErrorCode.BANK_ACCOUNT_EXISTS) {
        onAccountExists();
      } else {
        toast({ status: 'error', title: t(errorMessageKey(result.error), { ns: 'common' }) });
      }
    },
  });

  const chosenBank = bankOf(formik.values.bank);
  const errorOf = (field: BankAccountField) => {
    const key = formik.touched[field] ? formik.errors[field] : undefined;
    return key && t(key, { bank: chosenBank?.shortName, length: chosenBank?.accountNumberLength, max: ACCOUNT_NAME_MAX_LENGTH });
  };

  return (
    <Form noValidate onSubmit={formik.handleSubmit} aria-label={t('form.title')}>
      <BankChoiceGroup banks={banks} formik={formik} error={errorOf('bank')} />
      <TextField
        label={t('form.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        {...formik.getFieldProps('accountNumber')}
        error={errorOf('accountNumber')}
        hint={
          chosenBank
            ? t('form.accountNumberHint', { bank: chosenBank.shortName, length: chosenBank.accountNumberLength })
            : t('form.chooseBankFirst')
        }
      />
      <TextField
        label={t('form.accountName')}
        autoComplete="name"
        {...formik.getFieldProps('accountName')}
        error={errorOf('accountName')}
        hint={t('form.accountNameHint')}
      />
      <Select
        label={t('form.currency')}
        options={CURRENCIES.map((currency) => ({ value: currency, label: t(`currency.${currency}`) }))}
        {...formik.getFieldProps('currency')}
        error={errorOf('currency')}
      />
      <Notice role="note">
        <strong>{t('notice.title')}</strong>
        <ul>
          <li>{t('notice.onlyLak')}</li>
          <li>{t('notice.wallet')}</li>
          <li>{t('notice.oneAccount')}</li>
        </ul>
      </Notice>
      <OwnerCheck field={formik.getFieldProps({ name: 'owner', type: 'checkbox' })} error={errorOf('owner')} />
      <Submit $block disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('form.saving') : t('form.submit')}
      </Submit>
    </Form>
  );
}
