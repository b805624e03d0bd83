import { ConfigError, loadConfig, type ServerConfig } from '../config.ts'
import { openDatabase, type Db } from '../db/index.ts'

/**
 * An operator command's frame (server/cli/*): the database the server uses opened with the
 * server's environment (DATABASE_URL, else the PGlite in DATA_DIR — stop the server first then:
 * PGlite is one process's), `command` run on it and the database closed; its answer is the exit
 * code. A configuration error is said plainly; any other failure prints its stack and exits 1.
 */
export async function runOnDatabase(
  command: (db: Db, config: ServerConfig) => Promise<number>,
): Promise<void> {
  try {
    const config = loadConfig()
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    })
    try {
      process.exitCode = await command(database.db, config)
    } finally {
      await database.close()
    }
  } catch (error) {
    console.error(
      error instanceof ConfigError
        ? `configuration error: ${error.message} (run with the server's environment)`
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error),
    )
    process.exitCode = 1
  }
}
