import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, ShieldCheck } from 'lucide-react';
import type { z } from 'zod';
import { loginSchema } from '#lib/schemas/auth.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { clearClientCache } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from './FormField.tsx';

type Input = z.input<typeof loginSchema>;
type Output = z.output<typeof loginSchema>;

/** The spec's pause between a successful admin sign-in and the move to /admin-clubs. */
const REDIRECT_DELAY_MS = 100;

/** /login: the admin signs in with email or username. */
export default function AdminLoginForm() {
  const [showPassword, setShowPassword] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(loginSchema), defaultValues: { emailOrUsername: '', password: '' } });

  const onSubmit = async (data: Output) => {
    try {
      await apiRequest('POST', '/api/login', data);
    } catch (error) {
      toast({ title: 'Login Failed', description: serverMessage(error) ?? 'Invalid credentials', variant: 'destructive' });
      return;
    }
    setRedirecting(true);
    clearClientCache();
    setTimeout(() => window.location.assign('/admin-clubs'), REDIRECT_DELAY_MS);
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <FormField label="Email or Username" error={errors.emailOrUsername?.message}>
        <input type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('emailOrUsername')} />
      </FormField>
      <div className="relative">
        <FormField label="Password" error={errors.password?.message}>
          <input type={showPassword ? 'text' : 'password'} autoComplete="current-password" className="pr-11" {...register('password')} />
        </FormField>
        <button
          type="button"
          onClick={() => setShowPassword((shown) => !shown)}
          className="absolute right-1.5 top-7 rounded-md p-2 text-stone-600 hover:text-flame-800"
          aria-label={showPassword ? 'Hide password' : 'Show password'}
          aria-pressed={showPassword}
        >
          {showPassword ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
        </button>
      </div>
      <p className="flex items-center gap-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">
        <ShieldCheck className="h-4 w-4 text-flame-700" aria-hidden="true" />
        Admin access only
      </p>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting || redirecting}>
        {isSubmitting || redirecting ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  );
}
