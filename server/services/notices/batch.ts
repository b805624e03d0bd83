/** Users told per transaction by each notice job: a batch's insert stays short for the database. */
export const FANOUT_BATCH = 5_000
