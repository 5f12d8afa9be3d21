// The directory domain as the routes and the app see it: import it from here, never from its other files.
export {
  countVerifiedClubsByState,
  findNearestToPlace,
  findVerifiedClubContact,
  recentVerifiedClubsQuery,
  searchDirectory,
  searchRecentVerifiedClubs,
  searchVerifiedClubsByState,
  searchVerifiedClubsNear,
} from './directory-read-model.ts';
export { US_MAP_VIEWBOX, usStateShapes } from './us-map.ts';
