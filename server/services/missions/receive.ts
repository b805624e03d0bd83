import { sql } from 'kysely'
import type { MissionReceiveAnswer } from '../../../src/contract/mission.ts'
import type { Db } from '../../db/index.ts'
import { ApiError } from '../../errors.ts'
import { creditFreeGifts, FREE_GIFT_CAP } from '../free-gifts.ts'
import { missionCatalogue, missionPlace, type CatalogueMission } from './catalogue.ts'
import { missionShape } from './lists.ts'

export const missionMessages = {
  unknown: 'このミッションは存在しません。',
  notAchieved: 'このミッションはまだ達成していません。',
  alreadyReceived: 'このミッションの報酬は受け取り済みです。',
  periodEnded: 'このミッションの期間は終了しました。',
  starsFull: (name: string, cap: number) =>
    `${name}は${cap}個までしか持てません。ギフトを送ってから受け取ってください。`,
} as const

/** Puts one level's reward in the user's hands (free stars: roomForStars made room first). */
async function grant(
  tx: Db,
  userId: number,
  level: CatalogueMission['levels'][number],
  rewardId: string,
): Promise<void> {
  if (level.reward_type === 'gold') {
    await tx
      .updateTable('users')
      .set({ gold: sql`gold + ${level.reward_num}::int` })
      .where('id', '=', userId)
      .execute()
    await tx
      .insertInto('ledger')
      .values({
        user_id: userId,
        gold_delta: level.reward_num,
        reason: 'mission',
        mission_reward_id: rewardId,
      })
      .execute()
    return
  }
  if (level.reward_type === 'gift') {
    await creditFreeGifts(tx, userId, level.reward_id, level.reward_num, {
      reason: 'mission',
      missionRewardId: rewardId,
    })
    return
  }
  // An avatar or a room background: held like a gacha prize.
  await tx
    .insertInto('user_items')
    .values({ user_id: userId, prize_id: level.reward_id, num: level.reward_num })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'prize_id'])
        .doUpdateSet({ num: sql`user_items.num + ${level.reward_num}::int` }),
    )
    .execute()
}

/**
 * `/api/mission/receive`: the reward of the first reached level not yet received, once. Locks
 * in the order every action takes — the user, the free stars, then the mission's row — so a
 * receive and a gift, draw or poll at once never wait for each other in a circle; receives of
 * one user take turns on the user's row, and the conditional update (`received = the level
 * before`) lets one of them through. The reward, its ledger row and its receipt are written in
 * the same transaction.
 */
export async function receiveMission(
  db: Db,
  request: { userId: number; missionId: number; atMs: number },
): Promise<MissionReceiveAnswer> {
  const catalogue = await missionCatalogue(db)
  const mission = catalogue.byId.get(request.missionId)
  if (!mission) throw new ApiError(404, missionMessages.unknown, { errorType: 'UNKNOWN_MISSION' })
  const place = missionPlace(catalogue, mission, request.atMs)
  // A daily set's rewards are taken while its window is open (the lists show the next one);
  // a campaign's until the campaign ends.
  const ended =
    !place || request.atMs >= place.receivableUntilMs || request.atMs < place.window.startsMs
  if (ended) throw new ApiError(400, missionMessages.periodEnded, { errorType: 'PERIOD_ENDED' })
  const windowStart = new Date(place.window.startsMs)
  const { userId } = request
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
    const row = await tx
      .selectFrom('mission_progress')
      .select(['achieved', 'received'])
      .where('user_id', '=', userId)
      .where('mission_id', '=', mission.id)
      .where('window_start', '=', windowStart)
      .executeTakeFirst()
    const level = row && row.received < row.achieved ? mission.levels[row.received] : undefined
    if (!row || !level) {
      if (row && row.received >= mission.levels.length) {
        throw new ApiError(409, missionMessages.alreadyReceived, { errorType: 'ALREADY_RECEIVED' })
      }
      throw new ApiError(400, missionMessages.notAchieved, { errorType: 'NOT_ACHIEVED' })
    }
    if (level.reward_type === 'gift') await roomForStars(tx, userId, level)
    const taken = await tx
      .updateTable('mission_progress')
      .set({ received: sql`received + 1`, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('mission_id', '=', mission.id)
      .where('window_start', '=', windowStart)
      .where('received', '=', row.received)
      .returning(['value', 'achieved', 'received'])
      .executeTakeFirstOrThrow()
    const receipt = await tx
      .insertInto('mission_rewards')
      .values({
        user_id: userId,
        mission_id: mission.id,
        window_start: windowStart,
        level: level.level,
        reward_type: level.reward_type,
        reward_id: level.reward_id,
        reward_num: level.reward_num,
        granted_num: level.reward_num,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await grant(tx, userId, level, receipt.id)
    return {
      mission: missionShape(mission, taken),
      received_reward_type: level.reward_type,
      received_num: level.reward_num,
      received_reward_name: level.reward_name,
    }
  })
}

/**
 * Free stars stop at FREE_GIFT_CAP of each kind: a reward that would pass it waits (nothing is
 * received) until the viewer has sent some. Locks the stock's row for the grant.
 */
async function roomForStars(tx: Db, userId: number, level: CatalogueMission['levels'][number]) {
  const held = await tx
    .selectFrom('user_free_gifts')
    .select('num')
    .where('user_id', '=', userId)
    .where('gift_id', '=', level.reward_id)
    .forUpdate()
    .executeTakeFirst()
  if ((held?.num ?? 0) + level.reward_num > FREE_GIFT_CAP) {
    throw new ApiError(400, missionMessages.starsFull(level.reward_name, FREE_GIFT_CAP), {
      errorType: 'FREE_GIFT_FULL',
    })
  }
}
