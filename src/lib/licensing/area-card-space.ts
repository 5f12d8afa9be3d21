// The area card's place on /area-search (issue 43): the page is prerendered, and the island fetches the card of the
// area in the address (`?area=zip-78704`) once it runs, so the card used to push the pricing note and the footer down
// as it appeared (a cumulative layout shift of 0.175 in Lighthouse). This script, inline and run before the first paint,
// marks the page when the address names an area; the island marks it when a visitor picks one. While marked, the
// card's place is at least a screen tall (global.css), so what follows it starts below the screen: the card then grows
// into its place, and nothing on the screen moves.

/** The attribute on <html> that reserves the area card's place. */
export const AREA_CHOSEN_ATTRIBUTE = 'data-area-chosen';

/** The inline script (its hash is in the Content-Security-Policy: astro.config.mjs). */
export const RESERVE_AREA_CARD_SCRIPT = `if(new URLSearchParams(location.search).has('area'))document.documentElement.setAttribute('${AREA_CHOSEN_ATTRIBUTE}','')`;
