import { useEffect, useState, type ReactNode } from 'react';
import { CheckCircle2, Circle, ExternalLink, Loader2 } from 'lucide-react';
import { canMove, type Licence, type MyLicences as MyLicencesData } from '#lib/licensing/types.ts';
import { LISTING_STATUSES } from '#lib/guides/types.ts';
import { apiRequest, getJson, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate, formatDollars } from '#lib/shared/format.ts';
import { storePaymentUrl } from '#lib/licensing/store-link.ts';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import { Detail } from '#components/islands/shared/Detail.tsx';
import { GuideProfileEditor } from './GuideProfileEditor.tsx';
import type { GuideProfileCopy } from './copy.ts';
import { GuideInbox, UnreadMessages } from './GuideInbox.tsx';
import { EmailConfirmationNotice, type EmailConfirmationState } from '#components/islands/shared/EmailConfirmationNotice.tsx';
import type { LicensingSteps, MyLicencesCopy } from '#components/islands/shared/copy.ts';

interface Props {
  copy: MyLicencesCopy;
  /** The licensing page's three step titles: Reserve Your Area, Get Certified, Guide Others. */
  steps: LicensingSteps;
  profileCopy: GuideProfileCopy;
  /** The account's email and whether it is confirmed, read by the page: a notice while it is not. */
  emailConfirmation: EmailConfirmationState;
}

/**
 * /my-licences for a signed-in account: whether its email awaits confirmation, the path to guiding and every licence,
 * with what can be done about each.
 */
export default function MyLicences({ emailConfirmation, ...props }: Props) {
  return (
    <div className="space-y-10">
      <EmailConfirmationNotice {...emailConfirmation} from="my-licences" note={props.copy.emailConfirmationNote} />
      <Licences {...props} />
    </div>
  );
}

function Licences({ copy, steps, profileCopy }: Omit<Props, 'emailConfirmation'>) {
  const [data, setData] = useState<MyLicencesData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    getJson<MyLicencesData>('/api/licences').then(setData, () => setFailed(true));
  }, []);

  if (failed) {
    return (
      <p className="card text-stone-800" role="alert">
        {copy.loadFailed}
      </p>
    );
  }
  if (!data) {
    return (
      <p className="card flex items-center gap-2 text-stone-700" role="status">
        <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
        {copy.loading}
      </p>
    );
  }

  const replace = (licence: Licence) => setData({ ...data, licences: data.licences.map((l) => (l.id === licence.id ? licence : l)) });
  // Only a paid licence (active, or an exclusive one in its grace period) is held; a reservation still awaits payment.
  const holding = data.licences.some((licence) => (LISTING_STATUSES as readonly string[]).includes(licence.status));
  const awaitingPayment = !holding && data.licences.some((licence) => licence.status === 'reserved');
  const certifiedOn = data.guide?.certifiedOn ?? null;

  return (
    <div className="space-y-10">
      {data.guide && <UnreadMessages copy={copy.messages} />}
      <section aria-labelledby="path-heading">
        <h2 id="path-heading" className="text-2xl font-bold text-ember-900">
          {copy.stepsHeading}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          <Step number={1} title={steps[0]?.title} done={holding} copy={copy}>
            {holding ? copy.steps.reserve.done : awaitingPayment ? copy.steps.reserve.awaitingPayment : copy.steps.reserve.todo}
          </Step>
          <Step number={2} title={steps[1]?.title} done={certifiedOn !== null} copy={copy}>
            {certifiedOn ? <CertifiedOn template={copy.steps.certify.done} date={certifiedOn} /> : copy.steps.certify.todo}
          </Step>
          <Step number={3} title={steps[2]?.title} done={holding && certifiedOn !== null} copy={copy}>
            {holding && certifiedOn !== null ? copy.steps.guide.done : copy.steps.guide.todo}
          </Step>
        </ol>
      </section>

      <section aria-labelledby="licences-heading">
        <h2 id="licences-heading" className="text-2xl font-bold text-ember-900">
          {copy.licencesHeading}
        </h2>
        {data.licences.length === 0 ? (
          <div className="card mt-4">
            <p className="text-stone-700">{copy.empty.text}</p>
            <a className="btn-primary mt-4" href="/area-search">
              {copy.empty.link}
            </a>
          </div>
        ) : (
          <ul className="mt-4 space-y-4">
            {data.licences.map((licence) => (
              <li key={licence.id}>
                <LicenceCard licence={licence} store={data.store} email={data.guide?.email ?? null} copy={copy} onChange={replace} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.guide && <GuideProfileEditor copy={profileCopy} />}
      {data.guide && <GuideInbox copy={copy.messages} />}
    </div>
  );
}

function Step({
  number,
  title,
  done,
  copy,
  children,
}: {
  number: number;
  title?: string;
  done: boolean;
  copy: MyLicencesCopy;
  children: ReactNode;
}) {
  return (
    <li className={`card ${done ? 'border-emerald-300' : ''}`}>
      <div className="flex items-center gap-3">
        <span
          className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full font-bold ${
            done ? 'bg-emerald-700 text-white' : 'bg-stone-200 text-stone-800'
          }`}
          aria-hidden="true"
        >
          {number}
        </span>
        <h3 className="text-lg font-semibold text-ember-900">{title}</h3>
      </div>
      <p className={`mt-3 flex items-center gap-1.5 text-sm font-semibold ${done ? 'text-emerald-800' : 'text-stone-600'}`}>
        {done ? <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> : <Circle className="h-4 w-4" aria-hidden="true" />}
        {done ? copy.stepDone : copy.stepTodo}
      </p>
      <p className="mt-1 text-stone-700">{children}</p>
    </li>
  );
}

/** "Certified on {date}." with the date in the visitor's own format. */
function CertifiedOn({ template, date }: { template: string; date: string }) {
  const [before, after = ''] = template.split('{date}');
  return (
    <>
      {before}
      <LocalDate value={date} />
      {after}
    </>
  );
}

interface LicenceCardProps {
  licence: Licence;
  store: MyLicencesData['store'];
  /** The guide's email, which the store link fills in for them. */
  email: string | null;
  copy: MyLicencesCopy;
  onChange: (licence: Licence) => void;
}

function LicenceCard({ licence, store, email, copy, onChange }: LicenceCardProps) {
  const [busy, setBusy] = useState<'cancel' | 'renew' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { labels, actions } = copy;
  const order = licence.openOrder;
  const canCancel = canMove(licence.status, 'cancel');

  const act = async (action: 'cancel' | 'renew') => {
    setBusy(action);
    setNotice(null);
    try {
      const updated = (await (await apiRequest('POST', `/api/licences/${licence.id}/${action}`)).json()) as Licence;
      onChange(updated);
      if (action === 'cancel') toast({ title: actions.cancelled, description: licence.area.label });
      else if (updated.openOrder) {
        setNotice(
          fillTemplate(actions.renewed, { reference: updated.openOrder.reference, amount: formatDollars(updated.openOrder.amount) }),
        );
      }
    } catch (error) {
      toast({ title: actions.failed, description: serverMessage(error) ?? copy.loadFailed, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const cancel = () => {
    if (window.confirm(fillTemplate(actions.confirmCancel, { area: licence.area.label }))) void act('cancel');
  };

  return (
    <article className="card" aria-labelledby={`licence-${licence.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`licence-${licence.id}`} className="text-xl font-bold text-ember-900">
            {licence.area.label}
          </h3>
          <p className="mt-1 text-sm text-stone-700">
            {labels.kind}: <span className="font-semibold">{copy.kindLabels[licence.kind]}</span>
          </p>
        </div>
        <p className={`rounded-full px-3 py-1 text-sm font-semibold ${statusColours(licence.status)}`}>
          <span className="sr-only">{labels.status}: </span>
          {copy.statusLabels[licence.status]}
        </p>
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Detail label={labels.pricePaid}>{licence.pricePaid === null ? labels.notPaid : formatDollars(licence.pricePaid)}</Detail>
        {licence.startsAt && (
          <Detail label={labels.startsAt}>
            <LocalDate value={licence.startsAt} />
          </Detail>
        )}
        {licence.endsAt && (
          <Detail label={labels.endsAt}>
            <LocalDate value={licence.endsAt} />
          </Detail>
        )}
        {licence.graceEndsAt && (
          <Detail label={labels.graceEndsAt}>
            <LocalDate value={licence.graceEndsAt} />
          </Detail>
        )}
      </dl>

      {order && (
        <div className="mt-4 rounded-xl bg-flame-50 p-4">
          <h4 className="font-semibold text-ember-900">{order.isRenewal ? labels.renewalOrder : labels.openOrder}</h4>
          <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <Detail label={labels.reference}>
              <span className="select-all font-mono text-base">{order.reference}</span>
            </Detail>
            <Detail label={labels.amount}>{formatDollars(order.amount)}</Detail>
            <Detail label={labels.dueAt}>
              <LocalDate value={order.dueAt} />
            </Detail>
          </dl>
          <a
            className="mt-3 inline-flex items-center gap-1 font-semibold text-flame-800 underline"
            href={storePaymentUrl(store.href, order.reference, email)}
            target="_blank"
            rel="noopener"
          >
            {store.label}
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      )}

      {notice && (
        <p className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" role="status">
          {notice}
        </p>
      )}

      {(canCancel || licence.renewalDue) && (
        <div className="mt-4 flex flex-wrap gap-3">
          {licence.renewalDue && (
            <button type="button" className="btn-primary" disabled={busy !== null} onClick={() => void act('renew')}>
              {busy === 'renew' ? actions.renewing : actions.renew}
            </button>
          )}
          {canCancel && (
            <button type="button" className="btn-secondary" disabled={busy !== null} onClick={cancel}>
              {busy === 'cancel' ? actions.cancelling : actions.cancel}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

/** Held licences stand out; ended ones recede. Each pair keeps at least 4.5:1 contrast. */
function statusColours(status: Licence['status']): string {
  switch (status) {
    case 'active':
      return 'bg-emerald-100 text-emerald-900';
    case 'reserved':
      return 'bg-amber-100 text-amber-900';
    case 'grace':
      return 'bg-orange-100 text-orange-900';
    default:
      return 'bg-stone-200 text-stone-800';
  }
}
