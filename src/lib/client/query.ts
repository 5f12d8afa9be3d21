import { nanoquery } from '@nanostores/query';
import { getJson } from './api.ts';
import { USER_CACHE_MS } from './session.ts';

/**
 * Remote data for islands, with the spec's cache rules: reads are GETs of the joined key, never stale while cached,
 * no refetch on focus or reconnect, no automatic retries. Stores that poll set `revalidateInterval` themselves.
 */
export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  fetcher: (...keys) => getJson(keys.join('')),
  dedupeTime: Infinity,
  cacheLifetime: USER_CACHE_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: false,
});
