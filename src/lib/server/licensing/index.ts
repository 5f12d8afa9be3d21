// The licensing domain as the other domains and the app see it: import it from here, never from its other files.
export { areaMapSvg } from './area-map.ts';
export { type Area, areaIdOf, findArea, findCountyByName, placeLabel, suggestAreas } from './areas.ts';
export { ensureCensus } from './census.ts';
export { isListedGuide, listingColumns, listsGuide, unlistedReasons, type ListingState } from './guide-listing.ts';
export { isGuide } from './guides.ts';
export {
  endLicencesOfAccount,
  ensureGuide,
  findLicence,
  findLicenceByReference,
  insertDemoLicence,
  listGuideLicences,
  payOpenOrder,
} from './licences.ts';
export { readTiersFile } from './tiers-file.ts';
export { applyLicenceTransitions } from './transitions.ts';
