import { GuideSignInForm } from './GuideAccountForms.tsx';
import type { MyLicencesCopy } from '#components/islands/shared/copy.ts';

/**
 * /my-licences for a signed-out visitor: sign in with a guide's or a host's account, then go to the page the account
 * belongs on (this one, reloaded with the licences, for a guide; the club profile for a host).
 */
export default function GuideSignIn({
  copy,
  serverErrors,
}: {
  copy: MyLicencesCopy['signIn'];
  /** The field messages of a sign-in posted without JavaScript (decision 030). */
  serverErrors?: Record<string, string[]> | undefined;
}) {
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="guide-sign-in-heading">
      <h2 id="guide-sign-in-heading" className="text-2xl font-bold text-ember-900">
        {copy.heading}
      </h2>
      <p className="mt-2 text-stone-700">{copy.text}</p>
      <div className="mt-6">
        <GuideSignInForm onDone={(home) => window.location.assign(home)} serverErrors={serverErrors} />
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
