import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Field, FieldMessage, Label, fieldControl } from './TextField';

const Control = styled.select<{ $invalid: boolean }>`
  ${fieldControl}
  width: 100%;
`;

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** The first, empty choice ("choose a provider"), when the field may start unchosen. */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled select, its error announced and tied to it like a TextField's. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, placeholder, options, error, hint, id, ...select },
  ref,
) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const messageId = `${selectId}-message`;
  return (
    <Field>
      <Label htmlFor={selectId}>{label}</Label>
      <Control
        ref={ref}
        id={selectId}
        $invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error || hint ? messageId : undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Control>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </Field>
  );
});
