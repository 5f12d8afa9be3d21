import { useState } from 'react';
import type { AccountDetails } from '#lib/app/account-types.ts';
import type { EmailStatus } from '#lib/auth/email-status-types.ts';
import type { EmailSettings } from '#lib/schemas/email-settings.ts';
import type { SessionSummary } from '#lib/auth/session-types.ts';
import { flashFieldErrors, type FormFlash } from '#lib/shared/form-posts.ts';
import { apiRequest } from '#lib/client/api.ts';
import { SessionsCard } from '#components/islands/shared/SessionsCard.tsx';
import { AccountDetailsCard } from './AccountDetailsCard.tsx';
import { EmailsCard } from './EmailsCard.tsx';
import EmailCard from './EmailCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import YourDataCard from './YourDataCard.tsx';

interface AccountProps {
  account: AccountDetails;
  /** The account's signed-in sessions, this one marked. */
  sessions: SessionSummary[];
  /** The account's email, its confirmation and a change pending, as the server read them. */
  emailStatus: EmailStatus;
  /** Which notification emails the account gets. */
  emailSettings: EmailSettings;
  /** The outcome of a card's form posted without JavaScript (decision 030), whose field messages the card shows. */
  flash?: FormFlash | null | undefined;
}

/** /account: a signed-in host's or guide's own account. */
export default function Account({ account: initial, sessions: initialSessions, emailStatus, emailSettings, flash }: AccountProps) {
  const [account, setAccount] = useState(initial);
  const [sessions, setSessions] = useState({ list: initialSessions, version: 0 });

  // A new password ends every other session: the card lists what is left.
  const reloadSessions = async () => {
    const list = (await (await apiRequest('GET', '/api/sessions')).json()) as SessionSummary[];
    setSessions(({ version }) => ({ list, version: version + 1 }));
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-2">
      <div className="min-w-0 space-y-8">
        <AccountDetailsCard account={account} onSaved={setAccount} serverErrors={flashFieldErrors(flash, 'accountDetails')} />
        <EmailCard status={emailStatus} serverErrors={flashFieldErrors(flash, 'emailChange')} />
        <PasswordCard onChanged={() => void reloadSessions().catch(() => {})} serverErrors={flashFieldErrors(flash, 'passwordChange')} />
      </div>
      <div className="min-w-0 space-y-8">
        <SessionsCard key={sessions.version} sessions={sessions.list} />
        <EmailsCard initial={emailSettings} />
        <YourDataCard place={account} serverErrors={flashFieldErrors(flash, 'accountDeletion')} />
      </div>
    </div>
  );
}
