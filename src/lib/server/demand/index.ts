// The demand domain (issue 39, docs/decisions/032) as the routes, the other domains and the app see it: import it from
// here, never from its other files. It counts where clubs are wanted, per ZIP code, county and state, with no
// personal data: searches that found no club, and (kept by the alerts) people waiting for one.
export { findAreaDemand, findWantedCounties, findWantedStates } from './demand-read-model.ts';
export { moveDemandWindow, noteDirectorySearch, recordUnmetSearch } from './unmet-searches.ts';
export { recordAlertWaiting } from './waiting.ts';
export { listDemandForAdmin } from './admin-demand-read-model.ts';
export { insertBenchDemand } from './bench-demand.ts';
