import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { load } from 'js-yaml';
import { z } from 'astro/zod';

// Every word of the content pages lives in src/content/; these schemas make a broken edit fail the build.

/** A YAML file holding one page's copy as a single object becomes a collection with the one entry `page`. */
const singleEntry = (path: string) =>
  file(path, { parser: (text) => [{ id: 'page', ...(load(text) as Record<string, unknown>) }] });

const card = z.object({ id: z.string(), title: z.string(), text: z.string() });
const heading = z.object({ heading: z.string(), text: z.string() });

const home = defineCollection({
  loader: singleEntry('src/content/home.yaml'),
  schema: z.object({ heroTitle: z.string(), heroText: z.string(), features: z.array(card).length(3), cta: heading }),
});

const steps = defineCollection({
  loader: file('src/content/steps.yaml'),
  schema: card.extend({ step: z.number().int().min(1).max(4) }),
});

const weeks = defineCollection({
  loader: file('src/content/weeks.yaml'),
  schema: z.object({
    week: z.number().int().min(1).max(8),
    theme: z.string(),
    description: z.string(),
    focus: z.string(),
    practices: z.array(z.string()).length(3),
  }),
});

const materials = defineCollection({
  loader: file('src/content/materials.yaml'),
  schema: card.extend({ audience: z.enum(['For guides', 'For participants']) }),
});

const externalLink = z.object({ id: z.string(), label: z.string(), description: z.string(), href: z.url() });

const schedule = defineCollection({
  loader: singleEntry('src/content/schedule.yaml'),
  schema: z.object({
    intro: z.string(),
    months: z
      .array(z.object({ id: z.string(), month: z.number().int().min(1).max(8), title: z.string(), summary: z.string() }))
      .length(8),
    newBooksHeading: z.string(),
    newBooksText: z.string(),
    newBooks: z.array(z.object({ id: z.string(), month: z.number().int(), title: z.string(), pages: z.number().int(), text: z.string() })),
    wholesale: heading.extend({ links: z.array(externalLink).length(3) }),
  }),
});

const faq = defineCollection({
  loader: file('src/content/faq.yaml'),
  schema: z.object({
    category: z.string(),
    questions: z.array(z.object({ q: z.string(), a: z.string() })).min(1),
  }),
});

const tiers = defineCollection({
  loader: file('src/content/tiers.yaml'),
  schema: z
    .object({
      tier: z.number().int().min(1).max(5),
      description: z.string(),
      minPopulation: z.number().int().min(0),
      maxPopulation: z.number().int().positive().nullable(),
      sharedFee: z.number().positive(),
      exclusiveFee: z.number().positive(),
    })
    .refine((t) => t.maxPopulation === null || t.maxPopulation > t.minPopulation, 'maxPopulation must exceed minPopulation'),
});

const licensing = defineCollection({
  loader: singleEntry('src/content/licensing.yaml'),
  schema: z.object({
    hero: z.object({ title: z.string(), text: z.string() }),
    steps: z.array(card).length(3),
    licenceTypes: z.array(card.extend({ id: z.enum(['shared', 'exclusive']) })).length(2),
    bulk: heading.extend({ options: z.array(card).length(3) }),
    priceRangesHeading: z.string(),
    priceRanges: z.array(z.object({ id: z.string(), label: z.string(), population: z.string(), range: z.string() })),
    populationNote: z.string(),
    cta: heading.extend({ label: z.string(), href: z.string() }),
  }),
});

const contact = defineCollection({
  loader: singleEntry('src/content/contact.yaml'),
  schema: z.object({
    heading: z.string(),
    intro: z.string(),
    email: z.email(),
    supportEmail: z.email(),
    phone: z.string(),
    address: z.string(),
    hours: z.string(),
    responseTimes: z.array(z.object({ id: z.string(), label: z.string(), time: z.string() })).length(3),
    privacyNotice: z.string(),
  }),
});

const policy = defineCollection({
  loader: glob({ pattern: '*.md', base: 'src/content/policy' }),
  schema: z.object({ title: z.string(), effective: z.coerce.date() }),
});

const directory = defineCollection({
  loader: singleEntry('src/content/directory.yaml'),
  schema: z.object({
    title: z.string(),
    tagline: z.string(),
    hostPanel: z.object({
      heading: z.string(),
      intro: z.string(),
      includesHeading: z.string(),
      includes: z.array(z.string()).length(4),
      steps: z.array(z.string()).length(4),
      storeUrl: z.url(),
    }),
    verifiedNotice: heading,
  }),
});

/** Books a host can buy for their circle: the club profile page's purchase links. */
const products = defineCollection({
  loader: file('src/content/products.yaml'),
  schema: z.object({
    id: z.string(),
    order: z.number().int(),
    name: z.string(),
    price: z.string().regex(/^\$\d+\.\d{2}$/, 'price must read like "$30.00"'),
    description: z.string(),
    href: z.url({ protocol: /^https$/ }),
  }),
});

export const collections = { home, directory, steps, weeks, materials, schedule, faq, tiers, licensing, contact, policy, products };
