import type { UseFormRegisterReturn } from 'react-hook-form';
import type { NewPasswordWords } from '#lib/auth/sign-in-words.ts';
import { FormField } from './FormField.tsx';

// A module of its own, apart from AccountFields.tsx (whose English words the registrations keep in the code), so that
// a Spanish page's reset form carries no English words with it.

/**
 * A new password twice, for an account that has one: its change on /account and its reset from an emailed link, with
 * the words of reset-password-form.json (or its Spanish twin).
 */
export function NewPasswordFields(props: {
  words: NewPasswordWords;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: string; confirmPassword?: string };
}) {
  const { words } = props;
  return (
    <>
      <FormField label={words.newPassword} hint={words.hint} error={props.errors.password}>
        <input type="password" autoComplete="new-password" {...props.password} />
      </FormField>
      <FormField label={words.confirmPassword} error={props.errors.confirmPassword}>
        <input type="password" autoComplete="new-password" {...props.confirmPassword} />
      </FormField>
    </>
  );
}
