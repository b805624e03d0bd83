import fs from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import type { Db } from '../db/index.ts'
import { endCampaign, listCampaigns, upsertCampaignJson } from '../services/campaigns/store.ts'
import { runOnDatabase } from './run.ts'

// `npm run campaign -- upsert <file.json> | list | end <path>` (docs/running-a-site.md, "Operator commands"): the
// campaign pages' records on the database the server uses (DATABASE_URL, else the PGlite in
// DATA_DIR — stop the server first then: PGlite is one process's). Pages read the table on each
// request, so a change shows at once.
const USAGE = 'usage: npm run campaign -- upsert <file.json> | list | end <path>'

const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z')

/** One command on an open database; what it prints, and the exit code. */
export async function runCampaignCommand(
  db: Db,
  args: readonly string[],
  out: { log(line: string): void; error(line: string): void },
  now = new Date(),
): Promise<number> {
  const [command, arg, ...extra] = args
  if (command === 'list' && arg === undefined) {
    for (const c of await listCampaigns(db)) {
      const state = now < c.started_at ? 'upcoming' : now < c.ended_at ? 'open' : 'ended'
      const group = c.group_key ? ` group=${c.group_key}#${c.position}` : ''
      out.log(
        `${c.id}\t${c.path}\t${c.layout}\t${iso(c.started_at)} → ${iso(c.ended_at)}\t${state}${group}`,
      )
    }
    return 0
  }
  if (command === 'end' && arg && extra.length === 0) {
    if (await endCampaign(db, arg, now)) {
      out.log(`ended: /lp/${arg}`)
      return 0
    }
    out.error(`nothing to do: no campaign ${arg} that has not ended`)
    return 1
  }
  if (command === 'upsert' && arg && extra.length === 0) {
    let data: unknown
    try {
      data = JSON.parse(await fs.readFile(arg, 'utf8'))
    } catch (error) {
      out.error(`cannot read ${arg}: ${error instanceof Error ? error.message : String(error)}`)
      return 1
    }
    const outcome = await upsertCampaignJson(db, data)
    if (!outcome.ok) {
      for (const problem of outcome.problems) out.error(problem)
      return 1
    }
    out.log(`${outcome.created ? 'created' : 'updated'}: /lp/${outcome.path} (id ${outcome.id})`)
    return 0
  }
  out.error(USAGE)
  return 2
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runOnDatabase((db) => runCampaignCommand(db, process.argv.slice(2), console))
}
