import { adminClubSchema } from '#lib/schemas/admin.ts';
import { apiRequest } from '#lib/client/api.ts';
import { handleAdminError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { ClubForm } from './ClubForm.tsx';
import { clubRecord, type ClubRecord } from '#lib/clubs/types.ts';

interface ClubEditFormProps {
  club: ClubRecord;
  onSaved: (club: ClubRecord) => void;
  onCancel: () => void;
}

/** The admin's club editor: validated with the same schema as PUT /api/admin/clubs/{id}. */
export function ClubEditForm({ club, onSaved, onCancel }: ClubEditFormProps) {
  return (
    <ClubForm
      schema={adminClubSchema}
      club={club}
      label={`Edit ${club.clubName}`}
      fields={{
        paired: ['clubName', 'hostName', 'email', 'city', 'state', 'zipCode', 'meetingSchedule', 'website'],
        single: ['description', 'isVerified'],
      }}
      descriptionRows={4}
      autofill={false}
      submitLabel="Save"
      save={async (data) => {
        const response = await apiRequest('PUT', `/api/admin/clubs/${club.id}`, data);
        const saved = clubRecord((await response.json()) as ClubRecord);
        onSaved(saved);
        toast({ title: 'Club Updated', description: `"${saved.clubName}" has been saved.` });
      }}
      onFailure={(error) =>
        handleAdminError(error, { title: 'Update Failed', description: 'Unable to update club profile. Please try again.' })
      }
      onCancel={onCancel}
    />
  );
}
