// The licensing domain as the other domains and the app see it: import it from here, never from its other files.
export { areaMapSvg } from './area-map.ts';
export { type Area, areaIdOf, findArea, findCountyByName, placeLabel, suggestAreas } from './areas.ts';
export { ensureCensus } from './census.ts';
export { isListedGuide, listingColumns, listsGuide, unlistedReasons, type ListingState } from './guide-listing.ts';
export { checkGuideEmail, findGuide, isGuide, registerGuide, setCertification } from './guides.ts';
export {
  cancelReservation,
  endLicenceAsAdmin,
  endLicencesOfAccount,
  ensureGuide,
  findLicence,
  findLicenceByReference,
  guideView,
  insertDemoLicence,
  listGuideLicences,
  listLicencesForAdmin,
  markOrderPaid,
  payOpenOrder,
  renewLicence,
  reserveLicence,
  TOO_MANY_CHANGES,
  TOO_MANY_FROM_CLIENT,
} from './licences.ts';
export { readTiersFile } from './tiers-file.ts';
export { applyLicenceTransitions } from './transitions.ts';
export { findAreaCard } from './area-card.ts';
