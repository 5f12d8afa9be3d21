import type { UseFormRegisterReturn } from 'react-hook-form';
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
