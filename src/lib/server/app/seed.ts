import fs from 'node:fs';
import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { insertClub, lockClubsIfEmpty, type NewClub } from '#server/clubs/index.ts';
import { withTimeZone } from '#server/clubs/index.ts';
import { generateHostSetCode, insertDemoHostSetCode } from '#server/codes/index.ts';
import { findAccountIdByEmail, hashPassword, insertDemoAccount } from '#server/auth/index.ts';
import { recordEarlierCheckIn } from '#server/check-ins/index.ts';
import { CHECK_IN_DAYS } from '#lib/check-ins/types.ts';
import { initials, type GuideMeetingMode } from '#lib/guides/types.ts';
import { priceArea } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { AreaId, HeldStatus, LicenceKind } from '#lib/licensing/types.ts';
import { findArea } from '#server/licensing/index.ts';
import { insertDemoLicence } from '#server/licensing/index.ts';
import { readTiersFile } from '#server/licensing/index.ts';
import { ensureGuide, findDemoMessageGuide, insertDemoGuide, insertDemoGuideMessage } from '#server/guides/index.ts';
import { insertDemoQuestion, storeContactRequest } from '#server/questions/index.ts';

const DEMO_DATA = new URL('../../../../db/seed/demo-data.json', import.meta.url);
const DEMO_UNREDEEMED_CODES = 6;

/**
 * A demo club as db/seed/demo-data.json holds it: the club's own fields, its dates as days from today (its cycle's
 * start too, when it has one: negative for a cycle under way), its time zone left to its ZIP code. Its last
 * confirmation that it still meets is its registration for clubs younger than 90 days; a few verified clubs were
 * last confirmed over 120 days ago, and their hosts asked at 90 days, so the first run of the check-ins job flags them
 * to the admins without asking anyone (none reaches 180 days).
 */
type DemoClub = Omit<NewClub, 'ownerId' | 'hostSetCode' | 'renewalDate' | 'createdAt' | 'cycleStart' | 'timeZone' | 'confirmedAt'> & {
  renewalInDays: number | null;
  createdDaysAgo: number;
  confirmedDaysAgo: number;
  cycleStartInDays?: number | null;
};

/** A licence held by a demo host: paid `paidDaysAgo` (active, or in grace past its term), or reserved when null. */
interface DemoLicence {
  hostEmail: string;
  areaId: AreaId;
  kind: LicenceKind;
  status: HeldStatus;
  paidDaysAgo: number | null;
}

/** A certified demo guide, listed through its active licences; `photo` the gradient of a portrait made at seed time. */
interface DemoGuide {
  name: string;
  email: string;
  phone: string | null;
  showPhone: boolean;
  certifiedOn: string;
  bio: string;
  languages: string[];
  meets: GuideMeetingMode;
  photo: { from: string; to: string } | null;
  licences: Omit<DemoLicence, 'hostEmail'>[];
}

interface DemoData {
  clubs: DemoClub[];
  licences: DemoLicence[];
  guides: DemoGuide[];
  questions: { name: string; email: string; question: string; status: string; createdDaysAgo: number }[];
}

/**
 * Fills an empty database with the demo clubs (each with its host account and redeemed code), visitor questions, a
 * few guide licences held by demo hosts and a few unredeemed HOST SET codes, in one transaction. Does nothing, and returns null, when any club exists.
 */
export async function seedDemoData(sql: Sql): Promise<{ counts: Record<string, number>; codes: string[] } | null> {
  const data = JSON.parse(fs.readFileSync(DEMO_DATA, 'utf8')) as DemoData;
  // Demo hosts cannot sign in: their shared password is random and never shown. Their addresses (and the demo guides')
  // count as confirmed, as an established site's would: the admin's club list then marks only new registrations.
  const unusablePasswordHash = await hashPassword(randomBytes(32).toString('base64url'));

  return sql.begin(async (tx) => {
    // Taken inside the transaction so two instances seeding at once cannot both see an empty table.
    if (!(await lockClubsIfEmpty(tx))) return null;

    for (const { renewalInDays, createdDaysAgo, confirmedDaysAgo, cycleStartInDays, ...club } of data.clubs) {
      const code = generateHostSetCode();
      const createdAt = daysAgo(createdDaysAgo);
      await insertDemoHostSetCode(tx, { code, note: 'Demo data', issuedAt: createdAt, redeemedAt: createdAt });
      const ownerId = await insertDemoAccount(tx, {
        email: club.email,
        passwordHash: unusablePasswordHash,
        role: 'host',
        createdAt,
        emailConfirmedAt: createdAt,
      });
      const cycleStart = cycleStartInDays == null ? null : daysAgo(-cycleStartInDays).toISOString().slice(0, 10);
      const clubId = await insertClub(tx, {
        ...(await withTimeZone({ ...club, cycleStart, timeZone: null }, tx)),
        ownerId,
        hostSetCode: code,
        renewalDate: renewalInDays === null ? null : daysAgo(-renewalInDays),
        createdAt,
        confirmedAt: daysAgo(confirmedDaysAgo),
      });
      if (confirmedDaysAgo >= CHECK_IN_DAYS.ask) await recordEarlierCheckIn(tx, clubId, daysAgo(confirmedDaysAgo - CHECK_IN_DAYS.ask));
    }

    for (const question of data.questions) {
      const createdAt = daysAgo(question.createdDaysAgo);
      await insertDemoQuestion(tx, { ...question, createdAt });
    }

    const tiers = readTiersFile();
    const insertLicence = async (userId: string, { areaId, kind, status, paidDaysAgo }: Omit<DemoLicence, 'hostEmail'>) => {
      const area = await findArea(areaId, tx);
      if (!area || 'reason' in area) throw new Error(`Demo licence on ${areaId}: no such area`);
      const price = priceArea(area, tiers, licenceTerms.multipliers);
      await insertDemoLicence(tx, { userId, area, kind, price, status, paidAt: paidDaysAgo === null ? null : daysAgo(paidDaysAgo) });
    };
    for (const { hostEmail, ...licence } of data.licences) {
      const ownerId = await findAccountIdByEmail(tx, hostEmail);
      if (!ownerId) throw new Error(`Demo licence for ${hostEmail}: no such host`);
      await ensureGuide(tx, { id: ownerId, email: hostEmail });
      await insertLicence(ownerId, licence);
    }

    for (const guide of data.guides) {
      const userId = await insertDemoAccount(tx, {
        email: guide.email,
        passwordHash: unusablePasswordHash,
        role: 'guide',
        createdAt: null,
        emailConfirmedAt: null,
      });
      const { photo, licences, ...profile } = guide;
      await insertDemoGuide(tx, userId, profile, photo ? await demoPortrait(guide.name, photo) : null);
      for (const licence of licences) await insertLicence(userId, licence);
    }

    await seedGuideMessages(tx);

    const codes = Array.from({ length: DEMO_UNREDEEMED_CODES }, generateHostSetCode);
    for (const code of codes) {
      await insertDemoHostSetCode(tx, { code, note: 'Demo stock for trying registration', issuedAt: null, redeemedAt: null });
    }

    return {
      counts: {
        clubs: data.clubs.length,
        questions: data.questions.length,
        licences: data.licences.length,
        guides: data.guides.length,
        unredeemedCodes: codes.length,
      },
      codes,
    };
  });
}

/**
 * Two messages in a demo guide's inbox (the first listed guide, made above): one forwarded from the contact page,
 * whose question the admin's queue shows as forwarded, and one sent from the guide's page. None without a guide.
 * Both are older than the guide's promised reply time, so both count as reminded when the demo starts: the first run
 * of the follow-ups job would otherwise email the guide about messages it never saw arrive (issue 41, item 17), and
 * the team's follow-up comes a day into the demo, as it would.
 */
async function seedGuideMessages(tx: TransactionSql): Promise<void> {
  const guide = await findDemoMessageGuide(tx);
  if (!guide) return;
  const remindedAt = new Date();
  const forwarded = {
    name: 'Priya Natarajan',
    email: 'priya.natarajan@example.com',
    phone: '(512) 555-0142',
    message: `Hello! A friend told me about your circle. Could we meet for a first session one evening next week? I am free after 6 PM.`,
  };
  const forwardedAt = daysAgo(2);
  const contactRequestId = await storeContactRequest(tx, { ...forwarded, coachName: guide.name, contactReason: 'schedule' }, forwardedAt);
  await insertDemoGuideMessage(tx, guide.userId, {
    ...forwarded,
    reason: 'schedule',
    source: 'contact-page',
    contactRequestId,
    createdAt: forwardedAt,
    remindedAt,
  });
  await insertDemoGuideMessage(tx, guide.userId, {
    name: 'Marcus Bell',
    email: 'marcus.bell@example.com',
    phone: null,
    reason: 'question',
    message: 'Do I need to read anything before joining the 8-week programme, or do we start together from week one?',
    source: 'guide-page',
    contactRequestId: null,
    createdAt: daysAgo(0.2),
    remindedAt,
  });
}

/**
 * A demo guide's portrait: the initials on a diagonal gradient, as the photo upload stores photos (a 400 × 400 WebP
 * without metadata).
 */
async function demoPortrait(name: string, gradient: { from: string; to: string }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${gradient.from}"/><stop offset="1" stop-color="${gradient.to}"/>
    </linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/>
    <circle cx="320" cy="80" r="140" fill="#fff" fill-opacity="0.08"/>
    <text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="150" font-weight="700"
      fill="#fff8ed">${initials(name)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).resize(400, 400).webp({ quality: 82 }).toBuffer();
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 86_400_000);
}
