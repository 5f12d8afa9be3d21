import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { adminClubSchema } from '#lib/schemas/admin.ts';
import { apiRequest, serverFieldErrors } from '#lib/client/api.ts';
import { handleAdminError, isLoggedOutError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { clubProfileFormValues } from '#lib/client/club-form.ts';
import { FormField } from '#components/islands/FormField.tsx';
import { toAdminClub, type AdminClub } from './types.ts';
import { StateOptions } from '#components/islands/StateOptions.tsx';

type Input = z.input<typeof adminClubSchema>;
type Output = z.output<typeof adminClubSchema>;

const FIELDS = ['hostName', 'email', 'clubName', 'city', 'state', 'zipCode', 'description', 'website', 'meetingSchedule', 'isVerified'] as const;

const formValues = (club: AdminClub): Input => ({ ...clubProfileFormValues(club), email: club.email, isVerified: club.isVerified });

interface ClubEditFormProps {
  club: AdminClub;
  onSaved: (club: AdminClub) => void;
  onCancel: () => void;
}

/** The admin's club editor: validated with the same schema as PUT /api/admin/clubs/{id}. */
export function ClubEditForm({ club, onSaved, onCancel }: ClubEditFormProps) {
  const verifiedId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(adminClubSchema), defaultValues: formValues(club) });

  useEffect(() => setFocus('clubName'), [setFocus]);

  const onSubmit = async (data: Output) => {
    try {
      const response = await apiRequest('PUT', `/api/admin/clubs/${club.id}`, data);
      const saved = toAdminClub((await response.json()) as AdminClub);
      onSaved(saved);
      toast({ title: 'Club Updated', description: `"${saved.clubName}" has been saved.` });
    } catch (error) {
      if (!isLoggedOutError(error)) {
        for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
          if ((FIELDS as readonly string[]).includes(field)) setError(field as keyof Input, { message: messages[0] });
        }
      }
      handleAdminError(error, { title: 'Update Failed', description: 'Unable to update club profile. Please try again.' });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={`Edit ${club.clubName}`}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Club Name" error={errors.clubName?.message}>
          <input type="text" autoComplete="off" {...register('clubName')} />
        </FormField>
        <FormField label="Host Name" error={errors.hostName?.message}>
          <input type="text" autoComplete="off" {...register('hostName')} />
        </FormField>
        <FormField label="Email" hint="Also the host's sign-in email" error={errors.email?.message}>
          <input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          <input type="text" autoComplete="off" {...register('city')} />
        </FormField>
        <FormField label="State" error={errors.state?.message}>
          <select {...register('state')}>
            <StateOptions />
          </select>
        </FormField>
        <FormField label="ZIP Code" error={errors.zipCode?.message}>
          <input type="text" inputMode="numeric" autoComplete="off" {...register('zipCode')} />
        </FormField>
        <FormField label="Meeting Schedule" hint="Optional" error={errors.meetingSchedule?.message}>
          <input type="text" {...register('meetingSchedule')} />
        </FormField>
        <FormField label="Website" hint="Optional, starting with https://" error={errors.website?.message}>
          <input type="url" autoComplete="off" {...register('website')} />
        </FormField>
      </div>
      <FormField label="Description" hint="Optional" error={errors.description?.message}>
        <textarea rows={4} {...register('description')} />
      </FormField>
      <div>
        <div className="flex items-center gap-3">
          <input
            id={verifiedId}
            type="checkbox"
            className="h-5 w-5 rounded border-stone-400 accent-flame-700"
            aria-invalid={errors.isVerified ? true : undefined}
            aria-describedby={errors.isVerified ? `${verifiedId}-error` : undefined}
            {...register('isVerified')}
          />
          <label htmlFor={verifiedId} className="font-semibold text-stone-800">
            Verified (listed in the public directory)
          </label>
        </div>
        {errors.isVerified?.message && (
          <p id={`${verifiedId}-error`} className="mt-1 text-sm text-red-800" role="alert">
            {errors.isVerified.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
