// Astro renders a JSX component on demand only after asking each renderer whether the component is its own, and
// @astrojs/preact answers by rendering the whole component once (its `check`): every Preact component of an on-demand
// page was rendered twice per request, to learn the same answer each time (issue 43: 5 % of a guide page's CPU,
// profiled). A component tagged with the renderer's name, as Astro's own JSX and MDX components are, skips the check.

/** The property Astro reads for a component's renderer (astro/dist/runtime/server/render/common.js). */
const RENDERER = Symbol.for('astro:renderer');
/** The site's one JSX renderer (astro.config.mjs: @astrojs/preact with compat). */
const PREACT = '@astrojs/preact';

/**
 * Marks `components` as Preact components for Astro's server render, once each, so that it renders each of them once
 * per request instead of twice. For an on-demand page's frontmatter; a prerendered page pays the check at build only.
 */
export function tagPreactComponents(...components: unknown[]): void {
  for (const component of components) {
    if (typeof component !== 'function' || Object.hasOwn(component, RENDERER)) continue;
    Object.defineProperty(component, RENDERER, { value: PREACT, enumerable: false, writable: false });
  }
}
