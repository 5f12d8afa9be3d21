import { GuideSignInForm } from './GuideAccountForms.tsx';
import type { MyLicencesCopy } from '#components/islands/shared/copy.ts';

/**
 * /my-licences for a signed-out visitor: sign in with a guide's or a host's account, then go to `returnTo` (the page
 * that sent here for the sign-in, checked by the server), else to the page the account belongs on: this one for a
 * guide, reloaded with the licences at the same query and anchor (an email's `/my-licences#messages`); the club
 * profile for a host.
 */
export default function GuideSignIn({
  copy,
  serverErrors,
  returnTo = null,
}: {
  copy: MyLicencesCopy['signIn'];
  /** The field messages of a sign-in posted without JavaScript (decision 030). */
  serverErrors?: Record<string, string[]> | undefined;
  returnTo?: string | null;
}) {
  const onDone = (home: string) => {
    const { pathname, search, hash } = window.location;
    const here = `${pathname}${search}${hash}`;
    // The server's return address is this page itself when it was opened with a query: the anchor is the browser's.
    const target = returnTo === `${pathname}${search}` ? here : (returnTo ?? (home === pathname ? here : home));
    // Assigning the address the page already has, anchor and all, would only scroll: load it.
    if (target === here) window.location.reload();
    else window.location.assign(target);
  };
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="guide-sign-in-heading">
      <h2 id="guide-sign-in-heading" className="text-2xl font-bold text-ember-900">
        {copy.heading}
      </h2>
      <p className="mt-2 text-stone-700">{copy.text}</p>
      <div className="mt-6">
        <GuideSignInForm onDone={onDone} serverErrors={serverErrors} returnTo={returnTo} />
      </div>
      <p className="mt-6 border-t border-stone-200 pt-5 text-sm text-stone-700">
        {copy.newGuide}{' '}
        <a className="font-semibold text-flame-800 underline" href="/area-search">
          {copy.searchLink}
        </a>
      </p>
    </section>
  );
}
