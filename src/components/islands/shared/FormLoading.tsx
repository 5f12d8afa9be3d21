import { LoadingLine } from './LoadingLine.tsx';

/** What a form loaded on demand shows while its code arrives, on an English page (LoadingLine in the page's language). */
export function FormLoading() {
  return <LoadingLine label="Loading the form..." />;
}
