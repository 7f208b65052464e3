/**
 * The Markdown of a newsletter campaign as HTML: a small, safe subset (headings #, ##, ###;
 * paragraphs; `- ` lists; **bold**, *italic*, [text](https://...) links). Everything is HTML-escaped
 * first, so a campaign can carry no markup of its own; links keep only https:, http: and mailto:
 * targets (supabase/functions/_shared/content-schema/fields.ts' rule for the site's links), others stay text.
 */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

function inline(text: string): string {
  return text
    .replace(LINK, (all, label: string, href: string) =>
      /^(https?:|mailto:)/i.test(href) ? `<a href="${href}">${label}</a>` : all)
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1<em>$2</em>');
}

export function markdownToHtml(markdown: string): string {
  return escapeHtml(markdown.replace(/\r\n?/g, '\n'))
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const heading = /^(#{1,3})\s+(.+)$/.exec(block);
      if (heading && !block.includes('\n')) {
        const level = heading[1]!.length + 1;
        return `<h${level} style="margin:1em 0 .5em">${inline(heading[2]!)}</h${level}>`;
      }
      const lines = block.split('\n');
      if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
        return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`;
      }
      return `<p style="margin:0 0 1em">${lines.map(inline).join('<br>')}</p>`;
    })
    .join('');
}
