// The preview image of a club's and a guide's page (issue 30): a card the server draws at the page's path followed by
// /preview.png, which the page names in its Open Graph and Twitter tags; other pages name the site's card, /preview.png.

/** An image a page names for link previews, with what the tags say about it. */
export interface OgImage {
  /** Absolute URL. */
  url: string;
  /** What the image shows, in words. */
  alt: string;
  width: number;
  height: number;
  type: string;
}

/** The size Open Graph and Twitter's large summary card expect (1.91 : 1). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The path of a page's preview image. */
export const previewImagePath = (pagePath: string): string => `${pagePath}/preview.png`;

/** The preview image of the page at `pagePath` on the site at `origin`, described by `alt`. */
export const previewImage = (pagePath: string, origin: string, alt: string): OgImage => ({
  url: new URL(previewImagePath(pagePath), origin).href,
  alt,
  width: PREVIEW_WIDTH,
  height: PREVIEW_HEIGHT,
  type: 'image/png',
});
