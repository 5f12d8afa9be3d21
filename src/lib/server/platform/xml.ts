const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

/** Characters XML 1.0 cannot carry at all, escaped or not: a document holding one does not parse. */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as XML (SVG, sitemaps) carries it in an element or an attribute value: escaped, with what XML cannot hold dropped. */
export const escapeXml = (text: string): string => text.replace(NOT_IN_XML, '').replace(/[<>&"']/g, (c) => XML_ESCAPES[c]!);
