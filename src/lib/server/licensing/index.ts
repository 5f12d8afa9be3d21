// The licensing domain as the other domains and the app see it: import it from here, never from its other files.
export { areaMapSvg } from './area-map.ts';
export { type Area, areaIdOf, findArea, findCountyByName, holdsArea, placeLabel, suggestAreas } from './areas-read-model.ts';
export { isListedGuide, listingColumns, listsGuide, unlistedReasons, type ListingState } from './guide-listing.ts';
export { insertDemoLicence } from './demo-licences.ts';
export { cancelReservation, endLicenceAsAdmin, endLicencesOfAccount } from './licence-endings.ts';
export { markOrderPaid, payOpenOrder, renewLicence } from './licence-payments.ts';
export { findLicence, findLicenceByReference, guideView, listGuideLicences, listLicencesForAdmin } from './licence-read-model.ts';
export { type EnsureGuide, reserveLicence, TOO_MANY_CHANGES, TOO_MANY_FROM_CLIENT } from './reservations.ts';
export { readTiersFile } from './tiers-file.ts';
export { applyLicenceTransitions } from './transitions.ts';
export { findAreaCard } from './area-card-read-model.ts';
export { insertBenchLicences } from './bench-licences.ts';
