import { ExternalLink, Search, Settings, UserRound } from 'lucide-react';
import type { Product } from './club.ts';

/** Links a host needs next: the public directory, their account and the books to order for the circle. */
export function QuickActions({ products, isAdmin }: { products: Product[]; isAdmin: boolean }) {
  return (
    <section className="card" aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="text-xl font-bold text-ember-900">
        Quick Actions
      </h2>
      <a className="btn-secondary mt-4 w-full" href="/flamekeeper-clubs">
        <Search className="h-4 w-4" aria-hidden="true" />
        View Clubs Directory
      </a>
      {isAdmin ? (
        <a className="btn-secondary mt-3 w-full" href="/admin-clubs">
          <Settings className="h-4 w-4" aria-hidden="true" />
          Manage All Clubs
        </a>
      ) : (
        <a className="btn-secondary mt-3 w-full" href="/account">
          <UserRound className="h-4 w-4" aria-hidden="true" />
          Account, password and sessions
        </a>
      )}
      {products.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold text-ember-900">Order Materials</h3>
          <ul className="mt-3 space-y-4">
            {products.map((product) => (
              <li key={product.id}>
                <a
                  className="flex items-center justify-between gap-3 rounded-xl border border-stone-200 px-4 py-3 transition-colors hover:border-flame-700 hover:bg-flame-50"
                  href={product.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <span className="font-semibold text-ember-900">{product.name}</span>
                  <span className="flex shrink-0 items-center gap-1.5 font-bold text-flame-800">
                    {product.price}
                    <ExternalLink className="h-4 w-4" aria-hidden="true" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </span>
                </a>
                <p className="mt-1.5 px-1 text-sm text-stone-600">{product.description}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
