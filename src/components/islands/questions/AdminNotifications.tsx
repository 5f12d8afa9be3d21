import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CheckCircle2, Flag, Forward, Mail, PhoneCall, RotateCcw } from 'lucide-react';
import { apiRequest } from '#lib/client/api.ts';
import { handleAdminError, isLoggedOutError } from '#lib/client/admin-errors.ts';
import { QUESTION_STATUSES, REPORT_REASON_LABELS, REPORT_RESOLUTION_LABELS } from '#lib/clubs/types.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import {
  QUESTIONS_URL,
  allQuestionsCount,
  pageCount,
  questionListUrl,
  type QuestionListQuery,
  type QuestionPage,
} from '#lib/questions/list.ts';
import { LocalDateTime } from '#components/islands/shared/LocalDateTime.tsx';
import { Pager } from '#components/islands/shared/Pager.tsx';
import { $questions, $questionsKey, applyQuestionChange, withQuestion } from './questions-store.ts';
import type { ClubQuestion, QuestionStatus } from '#components/islands/shared/admin-types.ts';

const STATUS_LABELS: Record<QuestionStatus, string> = { pending: 'Pending', contacted: 'Contacted', completed: 'Completed' };

const STATUS_STYLES: Record<QuestionStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  contacted: 'bg-sky-100 text-sky-900',
  completed: 'bg-emerald-100 text-emerald-900',
};

/** The one move each status allows (spec §4), with its button. */
const NEXT: Record<QuestionStatus, { status: QuestionStatus; label: string; Icon: typeof Mail }> = {
  pending: { status: 'contacted', label: 'Mark as Contacted', Icon: PhoneCall },
  contacted: { status: 'completed', label: 'Mark Complete', Icon: CheckCircle2 },
  completed: { status: 'pending', label: 'Reopen', Icon: RotateCcw },
};

interface Props {
  /** Page 1 of every question, as the server rendered it. */
  initial: QuestionPage;
  /** The highest question id when the page was rendered: questions with a higher one are new. */
  latestQuestionId: number;
}

/**
 * /admin-notifications: visitor questions a page at a time, kept fresh by polling, with counts, a status filter and
 * status moves.
 */
export default function AdminNotifications({ initial, latestQuestionId }: Props) {
  const { data, error } = useStore($questions);
  const [view, setView] = useState<QuestionListQuery>({ page: 1 });
  const url = questionListUrl(view);
  // What to show while a page loads for the first time, and if polling stops: the last answer, and its URL.
  const [last, setLast] = useState({ url: QUESTIONS_URL, page: initial });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [stopped, setStopped] = useState(false);
  const arrivedIds = useRef(new Set<number>());
  const [arrived, setArrived] = useState<ReadonlySet<number>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');

  // Poll the page on screen once mounted (never while rendering on the server); stop when leaving the page.
  useEffect(() => () => $questionsKey.set(null), []);
  useEffect(() => {
    if (!stopped) $questionsKey.set(url);
  }, [url, stopped]);

  useEffect(() => {
    if (!data || !$questions.key) return;
    setLast({ url: $questions.key, page: data });
    const fresh = data.questions.filter((q) => q.id > latestQuestionId && !arrivedIds.current.has(q.id));
    if (fresh.length === 0) return;
    for (const q of fresh) arrivedIds.current.add(q.id);
    setArrived(new Set(arrivedIds.current));
    setAnnouncement(fresh.length === 1 ? newEntryAnnouncement(fresh[0]!) : `${fresh.length} new questions.`);
  }, [data, latestQuestionId]);

  // Polling runs while the admin is authorized: an ended session stops it and leads to sign-in again.
  useEffect(() => {
    if (!error) return;
    if (isLoggedOutError(error) || (error instanceof Error && error.message.startsWith('403: '))) {
      $questionsKey.set(null);
      setStopped(true);
      handleAdminError(error, { title: 'Access Denied', description: 'Admin access required.' });
    }
  }, [error]);

  const { questions, total, counts } = data ?? last.page;
  // A page shown for the first time keeps the previous one on screen, dimmed, until it arrives.
  const loadingPage = !data && last.url !== url;
  const pages = pageCount(total);
  const all = allQuestionsCount(counts);

  // Moves can leave the page on screen past the last one (its last question left the filter): show the last one.
  useEffect(() => {
    if (data && $questions.key === url && view.page > pageCount(data.total))
      setView((current) => ({ ...current, page: pageCount(data.total) }));
  }, [data, url, view.page]);

  const move = async (question: ClubQuestion) => {
    setBusyId(question.id);
    try {
      const response = await apiRequest('PATCH', `/api/admin/club-questions/${question.id}/status`, {
        status: NEXT[question.status].status,
      });
      const updated = (await response.json()) as ClubQuestion;
      applyQuestionChange(updated);
      setLast((current) => ({ ...current, page: withQuestion(current.page, updated) }));
    } catch (failure) {
      // After a refusal (another admin moved it first, say) show the list as the server has it.
      if (!handleAdminError(failure, { title: 'Error', description: 'Failed to update question status. Please try again.' }))
        $questions.revalidate();
    } finally {
      setBusyId(null);
    }
  };

  const filters: { value: QuestionStatus | undefined; label: string; count: number }[] = [
    { value: undefined, label: 'All', count: all },
    ...QUESTION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status], count: counts[status] })),
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="card min-w-0" aria-labelledby="questions-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <h2 id="questions-heading" className="text-2xl font-bold text-ember-900">
            Club Questions
          </h2>
          <p className="text-sm text-stone-700">
            {stopped ? 'Updates paused: sign in again to see new questions.' : 'New questions appear here automatically.'}
          </p>
        </div>

        <div className="mt-5 flex flex-wrap gap-2" role="group" aria-label="Show questions by status">
          {filters.map(({ value, label, count }) => (
            <button
              key={label}
              type="button"
              aria-pressed={view.status === value}
              onClick={() => setView({ status: value, page: 1 })}
              className={`inline-flex items-center gap-2 rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors ${
                view.status === value
                  ? 'border-flame-700 bg-flame-700 text-white'
                  : 'border-stone-300 bg-white text-stone-800 hover:border-flame-700'
              }`}
            >
              {label}
              <span className={`rounded-full px-2 text-xs ${view.status === value ? 'bg-white text-flame-800' : 'bg-stone-100'}`}>
                {count}
              </span>
            </button>
          ))}
        </div>

        {error && !stopped && (
          <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            The list could not be refreshed; trying again in a few seconds.
          </p>
        )}
        <p className="sr-only" role="status">
          {announcement}
        </p>

        {questions.length === 0 ? (
          <p className="mt-8 text-center text-stone-700">
            {all === 0 ? 'No questions yet.' : `No ${view.status ? STATUS_LABELS[view.status].toLowerCase() + ' ' : ''}questions.`}
          </p>
        ) : (
          <ul
            className={`mt-6 space-y-4 transition-opacity ${loadingPage ? 'opacity-60' : ''}`}
            aria-label="Questions"
            aria-busy={loadingPage}
          >
            {questions.map((question) => {
              const next = NEXT[question.status];
              const headingId = `question-${question.id}`;
              return (
                <li key={question.id} aria-labelledby={headingId} className="rounded-xl border border-stone-200 p-4 sm:p-5">
                  <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                    <div className="min-w-0">
                      <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold text-ember-900">
                        <span className="break-words">{question.name ?? 'Anonymous visitor'}</span>
                        {question.kind === 'report' && (
                          <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 font-sans text-xs font-semibold text-red-900">
                            <Flag className="h-3.5 w-3.5" aria-hidden="true" />
                            Report
                          </span>
                        )}
                        {arrived.has(question.id) && (
                          <span className="rounded-full bg-flame-100 px-2 py-0.5 font-sans text-xs font-semibold text-flame-800">New</span>
                        )}
                      </h3>
                      {question.email ? (
                        <a
                          className="inline-flex items-center gap-1.5 break-all text-sm text-flame-800 underline"
                          href={`mailto:${question.email}`}
                        >
                          <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                          {question.email}
                        </a>
                      ) : (
                        <p className="text-sm text-stone-600">No email given</p>
                      )}
                    </div>
                    <div className="flex flex-col items-start gap-1 text-sm sm:items-end">
                      <span className={`rounded-full px-2.5 py-0.5 font-semibold ${STATUS_STYLES[question.status]}`}>
                        {STATUS_LABELS[question.status]}
                      </span>
                      <LocalDateTime value={question.createdAt} className="text-stone-600" />
                    </div>
                  </div>
                  {question.kind === 'report' && <ReportSubject report={question} />}
                  {question.kind === 'question' && question.forwarded && (
                    <p className="mt-3 text-sm text-stone-800">
                      <Forward className="mr-1.5 inline h-4 w-4 align-text-bottom text-flame-800" aria-hidden="true" />
                      Forwarded to{' '}
                      <a className="font-semibold text-flame-800 underline" href={guidePagePath(question.forwarded.guide)}>
                        {question.forwarded.guide.name}
                      </a>{' '}
                      at <LocalDateTime value={question.forwarded.at} />
                    </p>
                  )}
                  <p className="mt-3 whitespace-pre-line break-words text-stone-800">{question.question}</p>
                  <div className="mt-4">
                    <button
                      type="button"
                      className={question.status === 'completed' ? 'btn-secondary px-4 py-2' : 'btn-primary px-4 py-2'}
                      disabled={busyId === question.id}
                      onClick={() => void move(question)}
                    >
                      <next.Icon className="h-4 w-4" aria-hidden="true" />
                      {next.label}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}

        {pages > 1 && (
          <Pager label="Question pages" page={view.page} pages={pages} onPage={(page) => setView((current) => ({ ...current, page }))} />
        )}
      </section>
    </div>
  );
}

type Report = Extract<ClubQuestion, { kind: 'report' }>;

/** What a report is about: its reason, its club with the way to the club's editor, and why it closed without an admin. */
function ReportSubject({ report }: { report: Report }) {
  return (
    <dl className="mt-3 space-y-1 text-sm text-stone-800">
      <div className="flex flex-wrap gap-x-2">
        <dt className="font-semibold">Reason:</dt>
        <dd>{REPORT_REASON_LABELS[report.reportReason]}</dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="font-semibold">Club:</dt>
        <dd className="break-words">
          {report.club ? (
            <>
              {report.club.clubName}{' '}
              <a className="font-semibold text-flame-800 underline" href={`/admin-clubs?club=${report.club.id}`}>
                Open the club
              </a>
            </>
          ) : (
            'deleted'
          )}
        </dd>
      </div>
      {report.resolution && (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">Closed:</dt>
          <dd>{REPORT_RESOLUTION_LABELS[report.resolution]}</dd>
        </div>
      )}
    </dl>
  );
}

/** What a screen reader hears when one new entry arrives. */
const newEntryAnnouncement = (entry: ClubQuestion) =>
  entry.kind === 'report' ? `New report${entry.club ? ` about ${entry.club.clubName}` : ''}.` : `New question from ${entry.name}.`;
