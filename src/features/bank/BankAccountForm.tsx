import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAddBankAccountMutation } from '../../api/banks';
import { errorMessageKey } from '../../api/errors';
import { ACCOUNT_NAME_MAX_LENGTH, bankAccountSchema, type BankAccountField, type BankAccountRequest } from '../../contract/bankAccounts';
import { bankOf, type Bank } from '../../contract/banks';
import { ErrorCode } from '../../contract/errors';
import { CURRENCIES } from '../../contract/money';
import { Button } from '../../ui/Button';
import { FieldError, FieldHint, TextField, fieldControl } from '../../ui/TextField';
import { useToast } from '../../ui/Toast';
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
  font-size: 0.9rem;
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
  font-size: 0.85rem;
  line-height: 1.3;
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  input {
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const SelectLabel = styled.label`
  display: grid;
  gap: 4px;
  margin-bottom: 12px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Select = styled.select<{ $invalid: boolean }>`
  ${fieldControl}
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

const Submit = styled(Button)`
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

/** SPEC.md section 5's bank form, judged by the same yup schema as the server. */
export function BankAccountForm({ banks, onAccountExists }: BankAccountFormProps) {
  const { t } = useTranslation('bank');
  const bankName = useBankName();
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
  const bankError = errorOf('bank');
  const currencyError = errorOf('currency');
  const ownerError = errorOf('owner');

  return (
    <Form noValidate onSubmit={formik.handleSubmit} aria-label={t('form.title')}>
      <Group aria-describedby={bankError ? 'bank-message' : undefined}>
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
        {bankError && (
          <FieldError id="bank-message" role="alert">
            {bankError}
          </FieldError>
        )}
      </Group>

      <TextField
        label={t('form.accountNumber')}
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        value={formik.values.accountNumber}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={errorOf('accountNumber')}
        hint={chosenBank ? t('form.accountNumberHint', { bank: chosenBank.shortName, length: chosenBank.accountNumberLength }) : t('form.chooseBankFirst')}
      />

      <TextField
        label={t('form.accountName')}
        name="accountName"
        autoComplete="name"
        value={formik.values.accountName}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={errorOf('accountName')}
        hint={t('form.accountNameHint')}
      />

      <SelectLabel>
        {t('form.currency')}
        <Select
          name="currency"
          value={formik.values.currency}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          $invalid={Boolean(currencyError)}
          aria-invalid={Boolean(currencyError)}
          aria-describedby={currencyError ? 'currency-message' : undefined}
        >
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {t(`currency.${currency}`)}
            </option>
          ))}
        </Select>
        {currencyError && (
          <FieldError id="currency-message" role="alert">
            {currencyError}
          </FieldError>
        )}
      </SelectLabel>

      <Notice role="note">
        <strong>{t('notice.title')}</strong>
        <ul>
          <li>{t('notice.onlyLak')}</li>
          <li>{t('notice.wallet')}</li>
          <li>{t('notice.oneAccount')}</li>
        </ul>
      </Notice>

      <Check>
        <input
          type="checkbox"
          name="owner"
          checked={formik.values.owner}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={Boolean(ownerError)}
          aria-describedby={ownerError ? 'owner-message' : undefined}
        />
        <span>{t('form.owner')}</span>
      </Check>
      {ownerError ? (
        <FieldError id="owner-message" role="alert">
          {ownerError}
        </FieldError>
      ) : (
        <FieldHint>{t('form.ownerHint')}</FieldHint>
      )}

      <Submit type="submit" $block disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('form.saving') : t('form.submit')}
      </Submit>
    </Form>
  );
}
