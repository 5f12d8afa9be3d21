import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Pencil } from 'lucide-react';
import { FormLoading } from '#components/islands/shared/FormLoading.tsx';
import type { ClubRecord } from '#lib/clubs/types.ts';
import { ProfileDetails } from './ProfileDetails.tsx';

// The form (zod, react-hook-form and the meeting fields) loads on Edit Profile: the page's first load stays within its
// 80 KB budget, and a host who only looks at the profile never downloads it.
const ProfileForm = lazy(() => import('./ProfileForm.tsx').then((module) => ({ default: module.ProfileForm })));

interface ProfileCardProps {
  club: ClubRecord;
  /** The viewer is the admin (see ProfileForm). */
  isAdmin: boolean;
  onSaved: (club: ClubRecord) => void;
}

/** The profile card: read mode, or edit mode after Edit Profile; Save or Cancel returns to read mode. */
export function ProfileCard({ club, isAdmin, onSaved }: ProfileCardProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Leaving edit mode removes the focused control; put focus back on the button that opened it.
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <section className="card" aria-labelledby="profile-heading">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-heading" className="text-2xl font-bold text-ember-900">
          {editing ? 'Edit Profile' : 'Club Profile'}
        </h2>
        {!editing && (
          <button ref={editButton} type="button" className="btn-secondary" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit Profile
          </button>
        )}
      </div>
      {editing ? (
        <Suspense fallback={<FormLoading />}>
          <ProfileForm
            club={club}
            isAdmin={isAdmin}
            onCancel={close}
            onSaved={(updated) => {
              onSaved(updated);
              close();
            }}
          />
        </Suspense>
      ) : (
        <ProfileDetails club={club} />
      )}
    </section>
  );
}
