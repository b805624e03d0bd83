import { describe, expect, it } from 'vitest'
import { isSafeLink, renderCampaignMarkdown } from '../../server/services/campaigns/markdown.ts'

const HOSTILE = [
  '# お知らせ',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="/x" onclick="steal()">click</a>',
  '[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [t](java\tscript:alert(1))',
  '[d](data:text/html;base64,PHNjcmlwdD4=) ![i](data:image/png;base64,AAAA) [v](vbscript:msgbox)',
  '<javascript:alert(1)> [p](//evil.example/) [f](file:///etc/passwd)',
  '[site](/event/kirari_idol_cup) [web](https://example.com/a) [mail](mailto:help@example.com)',
].join('\n\n')

describe('campaign Markdown', () => {
  const html = renderCampaignMarkdown(HOSTILE)

  it('renders script, event handlers and unsafe links inert', () => {
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img/i)
    // No element carries an on* attribute: the raw HTML is text.
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i)
    const hrefs = [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1])
    expect(hrefs).toEqual([
      '/event/kirari_idol_cup',
      'https://example.com/a',
      'mailto:help@example.com',
    ])
    expect(html).toContain('&lt;script&gt;')
  })

  it('marks external links noopener noreferrer', () => {
    expect(html).toContain(
      '<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">web</a>',
    )
    expect(html).toContain('<a href="/event/kirari_idol_cup">site</a>')
  })

  it('keeps only http(s), mailto, site paths and anchors', () => {
    expect(['https://a.b', 'http://a.b/c', 'mailto:a@b.c', '/lp/x', '#top'].every(isSafeLink)).toBe(
      true,
    )
    const bad = [
      'javascript:x',
      ' javascript:x',
      'data:image/png;base64,A',
      '//h',
      '/\\h',
      'ftp://h',
      'x/y',
    ]
    expect(bad.some(isSafeLink)).toBe(false)
  })
})
