import { useEffect } from 'react';
import { toast } from '#lib/client/toast.ts';

/** The spec's delay before a visitor without admin rights is sent home. */
const REDIRECT_DELAY_MS = 500;

/**
 * The admin pages for a signed-in visitor who is not the admin: the spec's destructive 'Access Denied' notice,
 * then the home page after 500 ms. Renders nothing itself; the page around it says the same in words.
 */
export default function AccessDenied() {
  useEffect(() => {
    toast({ title: 'Access Denied', description: 'Admin access required.', variant: 'destructive' });
    const timer = setTimeout(() => window.location.assign('/'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
