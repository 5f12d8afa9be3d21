// Zod-free and server-free: the page (on the server) and the island (in the browser) both import this file.

/** A book a host can buy for the circle (src/content/products.yaml). */
export interface Product {
  id: string;
  name: string;
  price: string;
  description: string;
  href: string;
}
