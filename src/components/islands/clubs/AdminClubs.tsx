import { useEffect, useRef, useState } from 'react';
import { apiRequest, getJson } from '#lib/client/api.ts';
import { handleAdminError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { UnverifyDialog } from '#components/islands/shared/UnverifyDialog.tsx';
import { SessionsCard } from '#components/islands/shared/SessionsCard.tsx';
import { ClubEditDialog } from './ClubEditDialog.tsx';
import { ClubsTable } from './ClubsTable.tsx';
import { CodesPanel } from './CodesPanel.tsx';
import type { SessionSummary } from '#lib/auth/session-types.ts';
import { clubRecord, type AdminClubRecord, type ClubRecord } from '#lib/clubs/types.ts';
import type { HostSetCode } from '#components/islands/shared/admin-types.ts';

interface AdminClubsProps {
  clubs: AdminClubRecord[];
  codes: HostSetCode[];
  /** The admin's own signed-in sessions. */
  sessions: SessionSummary[];
}

/** /admin-clubs: every club with its actions and editor, and the HOST SET codes. State lives here. */
export default function AdminClubs({ clubs: initialClubs, codes: initialCodes, sessions }: AdminClubsProps) {
  const [clubs, setClubs] = useState(() => initialClubs.map(clubRecord));
  const [codes, setCodes] = useState(initialCodes);
  const [editing, setEditing] = useState<ClubRecord | null>(null);
  const [unverifying, setUnverifying] = useState<ClubRecord | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());
  const editOpener = useRef<HTMLElement | null>(null);

  // /admin-clubs?club=ID (the link of a report in the queue) opens that club's editor.
  useEffect(() => {
    const requested = new URLSearchParams(window.location.search).get('club');
    if (requested === null) return;
    const club = clubs.find((candidate) => String(candidate.id) === requested);
    if (club) setEditing(club);
    else toast({ title: 'Club not found', description: 'It may have been deleted.', variant: 'destructive' });
    // Once handled, the address no longer asks for it: a reload after closing the editor keeps it closed.
    const url = new URL(window.location.href);
    url.searchParams.delete('club');
    window.history.replaceState(window.history.state, '', url);
  }, []);

  const setBusy = (id: number, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  // A change answers with the club alone: the row keeps what the list adds to it (the host's email confirmation).
  const replaceClub = (updated: ClubRecord) => {
    setClubs((current) => current.map((club) => (club.id === updated.id ? { ...club, ...updated } : club)));
    setCodes((current) =>
      current.map((code) => (code.club?.id === updated.id ? { ...code, club: { id: updated.id, clubName: updated.clubName } } : code)),
    );
  };

  /** After a refused change the list may be out of date (another admin, a deleted club): read it again, quietly. */
  const refreshClubs = () => {
    getJson<AdminClubRecord[]>('/api/admin/clubs').then(
      (fresh) => setClubs(fresh.map(clubRecord)),
      () => {},
    );
  };

  /** Verifies or, with the admin's optional reason for the host, unverifies a club. */
  const toggleVerified = async (club: ClubRecord, reason = '') => {
    const isVerified = !club.isVerified;
    setBusy(club.id, true);
    try {
      const response = await apiRequest('PUT', `/api/admin/clubs/${club.id}`, isVerified ? { isVerified } : { isVerified, reason });
      replaceClub(clubRecord((await response.json()) as ClubRecord));
      toast({
        title: isVerified ? 'Club verified successfully' : 'Club unverified successfully',
        description: isVerified
          ? `"${club.clubName}" now appears in the public directory.`
          : `"${club.clubName}" no longer appears in the public directory.`,
      });
    } catch (error) {
      if (!handleAdminError(error, { title: 'Update Failed', description: 'Unable to update verification status.' })) refreshClubs();
    } finally {
      setBusy(club.id, false);
    }
  };

  const deleteClub = async (club: ClubRecord) => {
    if (!window.confirm(`Are you sure you want to delete "${club.clubName}"? This action cannot be undone.`)) return;
    setBusy(club.id, true);
    try {
      const { accountKept } = (await (await apiRequest('DELETE', `/api/admin/clubs/${club.id}`)).json()) as { accountKept: boolean };
      setClubs((current) => current.filter((c) => c.id !== club.id));
      // The code stays redeemed; its club is gone.
      setCodes((current) => current.map((code) => (code.club?.id === club.id ? { ...code, club: null } : code)));
      const description = accountKept
        ? `"${club.clubName}" has been removed. Its host's account is kept: it holds guide licences.`
        : `"${club.clubName}" and its host account have been removed.`;
      toast({ title: 'Club Deleted', description });
    } catch (error) {
      if (!handleAdminError(error, { title: 'Delete Failed', description: 'Unable to delete club. Please try again.' })) refreshClubs();
    } finally {
      setBusy(club.id, false);
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <ClubsTable
        clubs={clubs}
        busyIds={busyIds}
        onEdit={(club, opener) => {
          editOpener.current = opener;
          setEditing(club);
        }}
        onToggleVerified={(club) => (club.isVerified ? setUnverifying(club) : void toggleVerified(club))}
        onDelete={(club) => void deleteClub(club)}
      />
      <CodesPanel
        codes={codes}
        onIssued={(fresh) => setCodes((current) => [...fresh, ...current])}
        onRevoked={(revoked) =>
          setCodes((current) => current.map((code) => (code.code === revoked ? { ...code, revokedAt: new Date().toISOString() } : code)))
        }
      />
      <div className="max-w-xl">
        <SessionsCard sessions={sessions} />
      </div>
      <UnverifyDialog
        club={unverifying}
        onConfirm={(club, reason) => void toggleVerified(club, reason)}
        onClose={() => setUnverifying(null)}
      />
      <ClubEditDialog
        club={editing}
        onSaved={replaceClub}
        onClose={() => {
          setEditing(null);
          // The row (and its Edit button) is still there: give focus back to it.
          const opener = editOpener.current;
          editOpener.current = null;
          if (opener?.isConnected) opener.focus();
        }}
      />
    </div>
  );
}
