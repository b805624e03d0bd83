// The documentation stays findable and true (issue #42): every relative link of every Markdown
// file in the repository leads to a file that exists, every `#anchor` to a heading that exists,
// and the configuration reference lists exactly the variables the code reads.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SOCIAL_PROVIDERS } from '../../server/config-social.ts'

const root = path.resolve(import.meta.dirname, '../..')
const CONFIG_REFERENCE = 'docs/running-a-site.md'

/** Markdown files the repository holds (committed or about to be), outside ignored folders. */
function markdownFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'],
    { cwd: root, encoding: 'utf8' },
  )
  return listed
    .split('\n')
    .filter((file) => file !== '' && fs.existsSync(path.join(root, file)))
    .sort()
}

/** The text outside fenced code blocks and inline code, where links and headings are real. */
function prose(markdown: string): string[] {
  const lines: string[] = []
  let fence: string | null = null
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1]
    if (marker && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null
      lines.push('')
      continue
    }
    lines.push(fence === null ? line.replace(/`[^`]*`/g, '``') : '')
  }
  return lines
}

/** A heading's anchor as GitHub makes it: the rendered text, lowercased, punctuation dropped. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\*+/g, '')
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Every anchor a Markdown file offers: its headings' (numbered when repeated) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fence: string | null = null
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1]
    if (marker && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null
      continue
    }
    if (fence !== null) continue
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading !== undefined) {
      const base = slug(heading)
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      anchors.add(count === 0 ? base : `${base}-${count}`)
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '')
  }
  return anchors
}

/** The relative links and images of a Markdown text: [text](target) with the line they are on. */
function linksOf(markdown: string): Array<{ line: number; target: string }> {
  const links: Array<{ line: number; target: string }> = []
  prose(markdown).forEach((text, index) => {
    const markdownLinks = text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)
    const htmlLinks = text.matchAll(/<(?:a|img)\s[^>]*?\b(?:href|src)="([^"]+)"/g)
    for (const match of [...markdownLinks, ...htmlLinks]) {
      const target = match[1] ?? ''
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // https:, mailto:, …
      links.push({ line: index + 1, target })
    }
  })
  return links
}

/** What is wrong with the links of one file, read against the repository's files. */
function brokenLinks(
  file: string,
  markdown: string,
  read: (file: string) => string | null,
): string[] {
  const problems: string[] = []
  for (const { line, target } of linksOf(markdown)) {
    const [rawPath = '', anchor] = target.split('#', 2)
    const linked =
      rawPath === ''
        ? file
        : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rawPath)))
    const where = `${file}:${line} → ${target}`
    if (linked.startsWith('..')) {
      problems.push(`${where}: leads outside the repository`)
      continue
    }
    const text = read(linked)
    if (text === null) {
      problems.push(`${where}: no such file`)
      continue
    }
    if (anchor === undefined || anchor === '') continue
    if (!linked.endsWith('.md')) {
      // A line of a source file (#L12) is GitHub's; other anchors into code cannot be checked.
      if (!/^L\d+(-L\d+)?$/.test(anchor))
        problems.push(`${where}: an anchor into a non-Markdown file`)
      continue
    }
    if (!anchorsOf(text).has(decodeURIComponent(anchor).toLowerCase())) {
      problems.push(`${where}: no heading #${anchor} in ${linked}`)
    }
  }
  return problems
}

function readRepositoryFile(file: string): string | null {
  const full = path.join(root, file)
  if (!fs.existsSync(full)) return null
  return fs.statSync(full).isDirectory() ? '' : fs.readFileSync(full, 'utf8')
}

/** Source files under a folder (recursively), by extension. */
function sources(folder: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => path.join(root, folder, file))
}

/** The environment variables the server, the build and the app read. */
function variablesTheCodeReads(): Set<string> {
  const names = new Set<string>()
  const files = [
    ...sources('server', /\.ts$/),
    ...sources('src', /\.tsx?$/),
    path.join(root, 'vite.config.ts'),
  ]
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8')
    const reads = [
      /\benv\.([A-Z][A-Z0-9_]+)/g, // env.PORT, process.env.PORT, import.meta.env.VITE_…
      /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g, // env['PORT']
      /\(\s*env,\s*['"]([A-Z][A-Z0-9_]+)['"]/g, // integer(env, 'READ_CACHE_MS', …)
    ]
    for (const read of reads) {
      for (const match of text.matchAll(read)) {
        // The system's own (where programs are looked up) is not Kirari's to document.
        if (match[1] !== 'PATH') names.add(match[1] ?? '')
      }
    }
    // Each social provider's variables are read by a name built from its prefix.
    for (const match of text.matchAll(
      /env\[`\$\{prefix\}_([A-Z_]+)`\]|\(env,\s*`\$\{prefix\}_([A-Z_]+)`/g,
    )) {
      for (const provider of SOCIAL_PROVIDERS) {
        names.add(`${provider.toUpperCase()}_${match[1] ?? match[2] ?? ''}`)
      }
    }
  }
  return names
}

/** The variables the reference's table (under `## Configuration`) names in its first column. */
function variablesTheReferenceLists(markdown: string): Set<string> {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => /^##\s+Configuration\s*$/.test(line))
  expect(start, `${CONFIG_REFERENCE} has no "## Configuration" section`).toBeGreaterThan(-1)
  const names = new Set<string>()
  for (const line of lines.slice(start + 1)) {
    if (/^##\s/.test(line)) break
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1]
    if (!firstCell) continue
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1] ?? '')
  }
  return names
}

describe('the documentation (issue #42)', () => {
  it('finds a broken link, a missing anchor and a link out of the repository', () => {
    const files: Record<string, string> = {
      'docs/a.md': '# Guide\n\n## Running a site — the short way\n\nSee [b](b.md#setup).\n',
      'docs/b.md': '# B\n\n## Set-up\n\n## Set-up\n',
    }
    const read = (file: string) => files[file] ?? null
    expect(
      brokenLinks(
        'docs/c.md',
        [
          '[ok](a.md#running-a-site--the-short-way) [ok](b.md#set-up-1) [ok](#here)',
          '[gone](missing.md) [anchor](b.md#setup) [out](../../x.md) [web](https://x.test/#y)',
          '<img src="images/none.png" alt="">',
          '```md',
          '[in code](nowhere.md)',
          '```',
          '## Here',
        ].join('\n'),
        (file) => (file === 'docs/c.md' ? '## Here' : read(file)),
      ),
    ).toEqual([
      'docs/c.md:2 → missing.md: no such file',
      'docs/c.md:2 → b.md#setup: no heading #setup in docs/b.md',
      'docs/c.md:2 → ../../x.md: leads outside the repository',
      'docs/c.md:3 → images/none.png: no such file',
    ])
    expect(slug('Live video of OBS lives: Low-Latency HLS (issue #38)')).toBe(
      'live-video-of-obs-lives-low-latency-hls-issue-38',
    )
    expect(slug('ギフトと `gold`')).toBe('ギフトと-gold')
  })

  it('every relative link and anchor in the repository’s Markdown resolves', () => {
    const files = markdownFiles()
    expect(files).toContain('README.md')
    const problems = files.flatMap((file) =>
      brokenLinks(file, readRepositoryFile(file) ?? '', readRepositoryFile),
    )
    expect(problems).toEqual([])
  })

  it('the configuration reference lists exactly the variables the code reads', () => {
    const reference = readRepositoryFile(CONFIG_REFERENCE)
    expect(reference, `${CONFIG_REFERENCE} is missing`).not.toBeNull()
    const listed = variablesTheReferenceLists(reference ?? '')
    const read = variablesTheCodeReads()
    expect(read.size).toBeGreaterThan(40)
    expect(
      [...read].filter((name) => !listed.has(name)).sort(),
      'read by the code, missing from the reference',
    ).toEqual([])
    expect(
      [...listed].filter((name) => !read.has(name)).sort(),
      'in the reference, read by no code',
    ).toEqual([])
  })
})
