import type { AdminNotificationEntry } from '#lib/notifications/types.ts';
import { LocalDateTime } from '#components/islands/shared/LocalDateTime.tsx';

/**
 * The admins' latest notifications on /admin-notifications, each linking to the page that acts on it: what an admin
 * who takes no emails (or a daily digest) checks here. Its times are the admin's local time, as the rest of the page's.
 */
export default function RecentNotifications({ notifications }: { notifications: AdminNotificationEntry[] }) {
  return (
    <section aria-labelledby="recent-notifications-heading" className="mx-auto max-w-6xl px-4 pb-10">
      <div className="card">
        <h2 id="recent-notifications-heading" className="text-xl font-bold text-ember-900">
          Recent notifications
        </h2>
        {notifications.length === 0 ? (
          <p className="mt-2 text-stone-700">Nothing yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200">
            {notifications.map((notification) => (
              <li key={notification.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <a className="break-words font-semibold text-flame-800 underline" href={notification.link}>
                  {notification.summary}
                </a>
                <LocalDateTime value={notification.createdAt} className="text-sm text-stone-700" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
