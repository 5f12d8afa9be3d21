import { clubProfileSchema } from '#lib/schemas/clubs.ts';
import { sendToSignInIfLoggedOut } from '#lib/client/admin-errors.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { ClubForm } from './ClubForm.tsx';
import { clubRecord, type ClubRecord } from '#lib/clubs/types.ts';

interface ProfileFormProps {
  club: ClubRecord;
  /** The admin is editing: an ended session sends them to sign in again, as on the admin screens. */
  isAdmin: boolean;
  onSaved: (club: ClubRecord) => void;
  onCancel: () => void;
}

/** The profile card's edit mode: validated with the same schema as PUT /api/clubs/{id}. Unmounting discards edits. */
export function ProfileForm({ club, isAdmin, onSaved, onCancel }: ProfileFormProps) {
  return (
    <ClubForm
      schema={clubProfileSchema}
      club={club}
      label="Edit club profile"
      fields={{ paired: ['hostName', 'clubName', 'city', 'state', 'zipCode', 'meetingSchedule'], single: ['website', 'description'] }}
      hints={{ meetingSchedule: 'e.g. Tuesdays, 7:00 PM', description: 'What your circle reads and who is welcome' }}
      descriptionRows={5}
      autofill
      submitLabel="Save Changes"
      save={async (data) => {
        const response = await apiRequest('PUT', `/api/clubs/${club.id}`, data);
        onSaved(clubRecord((await response.json()) as ClubRecord));
        toast({ title: 'Profile Updated', description: 'Your club profile has been saved.' });
      }}
      onFailure={(error) => {
        if (isAdmin && sendToSignInIfLoggedOut(error)) return;
        toast({
          title: 'Update Failed',
          description: serverMessage(error) ?? 'Unable to update club profile. Please try again.',
          variant: 'destructive',
        });
      }}
      onCancel={onCancel}
    />
  );
}
