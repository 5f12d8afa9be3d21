/** One Content-Security-Policy: each directive's name and its sources. */
export type Policy = Map<string, string[]>;

/** The policies in a Content-Security-Policy header or <meta> content: commas separate policies, semicolons directives. */
export function parsePolicies(text: string): Policy[] {
  return text.split(',').map(
    (policy) =>
      new Map(
        policy
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
      ),
  );
}

/** The content of a page's `<meta http-equiv="content-security-policy">`, or null. */
export function metaPolicy(html: string): string | null {
  return /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1] ?? null;
}
