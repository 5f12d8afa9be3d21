import type { Language } from '#lib/shared/languages.ts';
import { env } from '#server/platform/env.ts';
import type { Mail } from './mailer.ts';

/** The team's address (SUPPORT_EMAIL): the Reply-To of every email that asks its reader to reply to the team. */
export const teamAddress = () => env().SUPPORT_EMAIL;

/** What an email says, from which composeEmail writes its plain text and its simple HTML. */
export interface EmailContent {
  to: string;
  subject: string;
  /** Where replies go, when not to the site's address (Mail.replyTo). */
  replyTo?: string;
  /** "Hello Maya,"; none for an email to the admins. */
  greeting?: string;
  paragraphs: readonly string[];
  /** Label and value lines, such as a club's name and city. */
  details?: readonly (readonly [label: string, value: string])[];
  /** A list of lines, each with its link, such as a digest's notifications: a bulleted list of links in the HTML. */
  links?: readonly EmailAction[];
  /** The pages that act on the email (one, or a choice such as a check-in's two answers): buttons in the HTML, addresses in the text. */
  actions: readonly [EmailAction, ...EmailAction[]];
  /** Why the recipient gets this email, one or two sentences at its foot. */
  reason: string;
  /** The language its words are in, the recipient's (docs/decisions/041): its HTML's `lang` and its signature. English unless told. */
  language?: Language;
}

export interface EmailAction {
  label: string;
  url: string;
}

/** The signature of every email, in each language. */
const SIGNATURES: Record<Language, string> = { en: 'The FlameKeeper Clubs team', es: 'El equipo de FlameKeeper Clubs' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** A detail's value as HTML: a web address (a store to pay at, a page) is a link, as mail readers show the text part's. */
const htmlValue = (value: string) =>
  /^https?:\/\/\S+$/.test(value) ? `<a href="${escapeHtml(value)}" style="color:#92400e">${escapeHtml(value)}</a>` : escapeHtml(value);

/** A paragraph of text as HTML: escaped, its line breaks kept. */
const htmlParagraph = (text: string, style = '') => `<p style="margin:0 0 16px;${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

function text(content: EmailContent): string {
  const parts = [
    ...(content.greeting ? [content.greeting] : []),
    ...content.paragraphs,
    ...(content.details?.length ? [content.details.map(([label, value]) => `  ${label}: ${value}`).join('\n')] : []),
    ...(content.links?.length ? [content.links.map((link) => `- ${link.label}\n  ${link.url}`).join('\n')] : []),
    content.actions.map((action) => `${action.label}: ${action.url}`).join('\n'),
    SIGNATURES[content.language ?? 'en'],
    `--\n${content.reason}`,
  ];
  return `${parts.join('\n\n')}\n`;
}

function html(content: EmailContent): string {
  const details = content.details?.length
    ? `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${content.details
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:2px 16px 2px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:2px 0">${htmlValue(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const links = content.links?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px">${content.links
        .map(
          (link) => `<li style="margin:0 0 8px"><a href="${escapeHtml(link.url)}" style="color:#92400e">${escapeHtml(link.label)}</a></li>`,
        )
        .join('')}</ul>`
    : '';
  const actions = `<p style="margin:0 0 24px">${content.actions
    .map(
      (action) =>
        `<a href="${escapeHtml(action.url)}" style="display:inline-block;margin:0 8px 8px 0;background:#b45309;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a>`,
    )
    .join(' ')}</p>`;
  return `<!doctype html>
<html lang="${content.language ?? 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
${[
  ...(content.greeting ? [htmlParagraph(content.greeting)] : []),
  ...content.paragraphs.map((paragraph) => htmlParagraph(paragraph)),
  details,
  links,
  actions,
  htmlParagraph(SIGNATURES[content.language ?? 'en']),
  `<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0 12px">`,
  htmlParagraph(content.reason, 'color:#4b5563;font-size:13px'),
]
  .filter(Boolean)
  .join('\n')}
</div>
</body></html>
`;
}

/** An email's plain text and simple HTML, written from the same content: the same words and links in both. */
export function composeEmail(content: EmailContent): Mail {
  return {
    to: content.to,
    subject: content.subject,
    text: text(content),
    html: html(content),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  };
}
