import fs from 'node:fs';
import { load } from 'js-yaml';
import { readingPlanOf, type ReadingPlan } from '#lib/clubs/meetings/curriculum.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { PriceTier } from '#lib/licensing/pricing.ts';
import { contentPlaceholders, fillPlaceholdersIn } from '#lib/shared/content-placeholders.ts';

// The reading plan of site content read straight from its files, for code that runs outside Astro, where
// astro:content does not exist: the worker's jobs (the members' session reminders say what each session reads) and
// `npm run jobs:run`. Routes and pages read it through the content layer (site-content.ts's loadReadingPlan), which
// checks the files at build; this reads the same files the same way, so both name the same step for a session.

const file = (name: string) => new URL(`../../../content/${name}`, import.meta.url);
const readYaml = (name: string) => load(fs.readFileSync(file(name), 'utf8'));

/** The reading plan of src/content/weeks.yaml and schedule.yaml's months, placeholders filled, as loadReadingPlan gives it. */
export function readReadingPlanFile(): ReadingPlan {
  const weeks = readYaml('weeks.yaml') as { week: number; theme: string; description: string }[];
  const schedule = readYaml('schedule.yaml') as { months: { month: number; title: string; summary: string }[] };
  const tiers = readYaml('tiers.yaml') as PriceTier[];
  const values = contentPlaceholders({ tiers, weeks, terms: licenceTerms });
  const months = schedule.months.map((month) => fillPlaceholdersIn(month, values, 'src/content/schedule.yaml'));
  return readingPlanOf(weeks, months);
}
