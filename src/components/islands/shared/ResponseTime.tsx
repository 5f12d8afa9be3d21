import { useEffect, useState } from 'react';
import { MessageCircleReply } from 'lucide-react';
import { getJson } from '#lib/client/api.ts';

/** "Usually replies within a day" (issue 28), or nothing when the recipient has too few replies to tell. */
export function ResponseTime({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p className={`flex items-center gap-2 ${className ?? ''}`} data-response-time>
      <MessageCircleReply className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * The club's line in the directory's dialog, fetched once shown ({ responseTime } of `url`); nothing while loading or
 * when the request fails, as the line only adds to what is on screen.
 */
export function FetchedResponseTime({ url, className }: { url: string; className?: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setText(null);
    getJson<{ responseTime: string | null }>(url).then(
      (answer) => current && setText(answer.responseTime),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return <ResponseTime text={text} className={className} />;
}
