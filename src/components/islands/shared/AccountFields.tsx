import type { UseFormRegisterReturn } from 'react-hook-form';
import type { NewPasswordWords } from '#lib/auth/sign-in-words.ts';
import { FormField } from './FormField.tsx';

interface Props {
  /** `register('email')`, `register('password')` and `register('confirmPassword')` of the form. */
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { email?: string; password?: string; confirmPassword?: string };
}

/** A new account's sign-in details, alike for a host (RegisterStep) and a guide (GuideRegisterForm). */
export function AccountFields({ email, password, confirmPassword, errors }: Props) {
  return (
    <>
      <FormField label="Email" hint="You will sign in with this address." error={errors.email}>
        <input type="email" autoComplete="email" {...email} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Password" hint="At least 6 characters." error={errors.password}>
          <input type="password" autoComplete="new-password" {...password} />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword}>
          <input type="password" autoComplete="new-password" {...confirmPassword} />
        </FormField>
      </div>
    </>
  );
}

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
