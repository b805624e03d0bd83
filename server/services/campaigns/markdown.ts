import MarkdownIt from 'markdown-it'

/**
 * A campaign body's Markdown as HTML, inert whatever the operator wrote: raw HTML is escaped
 * (`html: false`), and a link or image keeps its address only when it is http(s), mailto, a site
 * path (`/event/x`, never `//host`) or an anchor. markdown-it's own validateLink lets `data:image`
 * through and anything unknown; ours is an allowlist, so `javascript:`, `JAVASCRIPT:`, `data:`,
 * `vbscript:` and schemes not yet invented all stay plain text.
 */
const SAFE_LINK = /^(?:https?:\/\/[^\s]|mailto:[^\s]|\/(?![/\\])|#)/i

export function isSafeLink(url: string): boolean {
  // Control characters and spaces are how `java\tscript:` slips past a scheme test.
  // eslint-disable-next-line no-control-regex
  const plain = url.replace(/[\u0000-\u0020\u007f]/g, '')
  return plain === url.trim() && SAFE_LINK.test(plain)
}

function renderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true })
  md.validateLink = isSafeLink
  const defaultOpen = md.renderer.rules.link_open
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]
    const href = token?.attrGet('href') ?? ''
    if (token && /^https?:\/\//i.test(href)) {
      token.attrSet('rel', 'noopener noreferrer')
      token.attrSet('target', '_blank')
    }
    return defaultOpen
      ? defaultOpen(tokens, idx, options, env, self)
      : self.renderToken(tokens, idx, options)
  }
  return md
}

const md = renderer()

/** Rendered bodies by their text: a page's body is rendered once per process, not per request. */
const rendered = new Map<string, string>()
const RENDERED_MAX = 200

export function renderCampaignMarkdown(body: string): string {
  const hit = rendered.get(body)
  if (hit !== undefined) return hit
  const html = md.render(body)
  if (rendered.size >= RENDERED_MAX) rendered.clear()
  rendered.set(body, html)
  return html
}
