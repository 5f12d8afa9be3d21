import fs from 'node:fs';
import { load } from 'js-yaml';
import type { PriceTier } from '#lib/licensing/pricing.ts';

const TIERS_FILE = new URL('../../../content/tiers.yaml', import.meta.url);

/**
 * The tiers of src/content/tiers.yaml read straight from the file, for code that runs outside Astro (the demo seed at
 * start-up, the benchmark's bare handler). Routes read them through the content layer, which checks them at build.
 */
export function readTiersFile(): PriceTier[] {
  return load(fs.readFileSync(TIERS_FILE, 'utf8')) as PriceTier[];
}
