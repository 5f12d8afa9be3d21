// Guides people can find and reach (issue 27, docs/decisions/022) as the other domains and the app see it: import it
// from here, never from its other files.
export { isListedGuide, listingColumns, unlistedReasons, type ListingState } from './listing.ts';
export { findDemoMessageGuide, findNamedGuide, forwardContactRequest, insertDemoGuideMessage } from './messages.ts';
