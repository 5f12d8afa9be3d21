import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { clubProfileSchema } from '#lib/schemas/clubs.ts';
import { sendToSignInIfLoggedOut } from '#lib/client/admin-errors.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { clubProfileFormValues } from '#lib/client/club-form.ts';
import { FormField } from '#components/islands/FormField.tsx';
import { toProfileClub, type ProfileClub } from './club.ts';
import { StateOptions } from '#components/islands/StateOptions.tsx';

type Input = z.input<typeof clubProfileSchema>;
type Output = z.output<typeof clubProfileSchema>;

const FIELDS = ['hostName', 'clubName', 'city', 'state', 'zipCode', 'description', 'website', 'meetingSchedule'] as const;

interface ProfileFormProps {
  club: ProfileClub;
  /** The admin is editing: an ended session sends them to sign in again, as on the admin screens. */
  isAdmin: boolean;
  onSaved: (club: ProfileClub) => void;
  onCancel: () => void;
}

/** The profile card's edit mode: validated with the same schema as PUT /api/clubs/{id}. Unmounting discards edits. */
export function ProfileForm({ club, isAdmin, onSaved, onCancel }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(clubProfileSchema), defaultValues: clubProfileFormValues(club) });

  useEffect(() => setFocus('hostName'), [setFocus]);

  const onSubmit = async (data: Output) => {
    try {
      const response = await apiRequest('PUT', `/api/clubs/${club.id}`, data);
      onSaved(toProfileClub((await response.json()) as ProfileClub));
      toast({ title: 'Profile Updated', description: 'Your club profile has been saved.' });
    } catch (error) {
      if (isAdmin && sendToSignInIfLoggedOut(error)) return;
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        if ((FIELDS as readonly string[]).includes(field)) setError(field as keyof Input, { message: messages[0] });
      }
      toast({
        title: 'Update Failed',
        description: serverMessage(error) ?? 'Unable to update club profile. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label="Edit club profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Host Name" error={errors.hostName?.message}>
          <input type="text" autoComplete="name" {...register('hostName')} />
        </FormField>
        <FormField label="Club Name" error={errors.clubName?.message}>
          <input type="text" autoComplete="organization" {...register('clubName')} />
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          <input type="text" autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField label="State" error={errors.state?.message}>
          <select autoComplete="address-level1" {...register('state')}>
            <StateOptions />
          </select>
        </FormField>
        <FormField label="ZIP Code" error={errors.zipCode?.message}>
          <input type="text" inputMode="numeric" autoComplete="postal-code" {...register('zipCode')} />
        </FormField>
        <FormField label="Meeting Schedule" hint="Optional, e.g. Tuesdays, 7:00 PM" error={errors.meetingSchedule?.message}>
          <input type="text" {...register('meetingSchedule')} />
        </FormField>
      </div>
      <FormField label="Website" hint="Optional, starting with https://" error={errors.website?.message}>
        <input type="url" autoComplete="url" {...register('website')} />
      </FormField>
      <FormField label="Description" hint="Optional: what your circle reads and who is welcome" error={errors.description?.message}>
        <textarea rows={5} {...register('description')} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
