import type { QuestionStatus, ReportReason } from '#lib/clubs/types.ts';
import { db } from '#server/platform/db/db.ts';

// The questions' part of a host's own data (issue 29): the reports about their club, which the export gives without
// their senders. Deleting the club keeps the reports for the admin's queue (club_id set null).

/** A report about a club as its host's data export gives it: what was reported and what became of it, not who sent it. */
export interface ReportAboutClub {
  reason: ReportReason;
  status: QuestionStatus;
  createdAt: Date;
}

/** The reports about the club, oldest first, without their senders' details or words. */
export async function listReportsAbout(clubId: number): Promise<ReportAboutClub[]> {
  return db()<ReportAboutClub[]>`
    select report_reason as reason, status, created_at
    from club_questions where kind = 'report' and club_id = ${clubId}
    order by id`;
}
