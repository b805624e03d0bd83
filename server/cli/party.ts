import { parseArgs } from 'node:util'
import type { Db } from '../db/index.ts'
import { createParty, dissolveParty, listParties } from '../services/parties/manage.ts'
import { runOnDatabase } from './run.ts'

// `npm run party -- <command>` (docs/running-a-site.md, "Operator commands"): makes, lists and ends parties on the
// database the server uses (DATABASE_URL, else the PGlite in DATA_DIR — stop the server first
// then: PGlite is one process's).
const USAGE = [
  'usage: npm run party -- create <name> <room_url_key> <room_url_key>… [--move]',
  '       npm run party -- dissolve <party_id>',
  '       npm run party -- list',
].join('\n')

async function run(db: Db, command: string | undefined, args: string[], move: boolean) {
  if (command === 'list' && args.length === 0) {
    for (const p of await listParties(db)) console.log(`${p.id}\t${p.name}\t${p.rooms.join(' ')}`)
    return 0
  }
  if (command === 'dissolve' && args.length === 1 && /^\d+$/.test(args[0] ?? '')) {
    const id = Number(args[0])
    if (await dissolveParty(db, id)) {
      console.log(`dissolved: party ${id}`)
      return 0
    }
    console.error(`no party ${id}`)
    return 1
  }
  const [name, ...keys] = args
  if (command !== 'create' || !name?.trim()) {
    console.error(USAGE)
    return 2
  }
  const change = await createParty(db, name.trim(), keys, { move })
  switch (change.outcome) {
    case 'created':
      console.log(`created: party ${change.partyId} (${keys.join(' ')})`)
      return 0
    case 'too-few':
      console.error('a party joins two rooms at least')
      return 1
    case 'unknown-rooms':
      console.error(`no room ${change.keys.join(', ')}`)
      return 1
    case 'taken':
      console.error(`in a party already: ${change.keys.join(', ')} (add --move to move them)`)
      return 1
  }
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { move: { type: 'boolean' } },
})
const [command, ...args] = positionals
await runOnDatabase((db) => run(db, command, args, values.move === true))
