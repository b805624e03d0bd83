import { parseArgs } from 'node:util'
import { consoleLogger } from '../logger.ts'
import { decideApplication, type Decision } from '../services/organizers/decide.ts'
import { queuedMessages } from '../services/smtp-provider.ts'
import { runOnDatabase } from './run.ts'

// `npm run organizer:approve -- <account_id> [--reject "reason"]` (docs/running-a-site.md, "Operator commands"): decides
// the account's pending organizer application on the database the server uses (DATABASE_URL,
// else the PGlite in DATA_DIR — stop the server first then: PGlite is one process's).
const USAGE = 'usage: npm run organizer:approve -- <account_id> [--reject "reason"]'

const say: Record<Decision['outcome'], (account: string) => string> = {
  approved: (a) => `approved: ${a} is now an organizer (notice and mail sent)`,
  rejected: (a) => `rejected: ${a}'s application (notice and mail sent)`,
  already: (a) => `nothing to do: ${a} is an organizer already`,
  none: (a) => `nothing to do: ${a} has no pending application`,
  'unknown-account': (a) => `no account ${a}`,
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { reject: { type: 'string' } },
})
const [accountId, ...extra] = positionals
if (!accountId || extra.length > 0 || values.reject?.trim() === '') {
  console.error(USAGE)
  process.exitCode = 2
} else {
  await runOnDatabase(async (db, config) => {
    const logger = consoleLogger('organizer-approve')
    const decision = await decideApplication(
      db,
      { messages: queuedMessages(config, db, logger), supportMail: config.supportMail, logger },
      { accountId, reject: values.reject, origin: config.publicOrigin ?? '' },
    )
    const line = say[decision.outcome](accountId)
    if (decision.outcome === 'unknown-account' || decision.outcome === 'none') {
      console.error(line)
      return 1
    }
    console.log(line)
    return 0
  })
}
