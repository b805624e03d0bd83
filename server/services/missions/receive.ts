import { sql } from 'kysely'
import type { MissionReceiveAnswer } from '../../../src/contract/mission.ts'
import type { Db } from '../../db/index.ts'
import { ApiError } from '../../errors.ts'
import { creditFreeGifts } from '../free-gifts.ts'
import { missionCatalogue, missionPlace, type CatalogueMission } from './catalogue.ts'
import { missionShape } from './lists.ts'

export const missionMessages = {
  unknown: 'このミッションは存在しません。',
  notAchieved: 'このミッションはまだ達成していません。',
  alreadyReceived: 'このミッションの報酬は受け取り済みです。',
  periodEnded: 'このミッションの期間は終了しました。',
} as const

/** Puts one level's reward in the user's hands; answers how many reached them. */
async function grant(
  tx: Db,
  userId: number,
  level: CatalogueMission['levels'][number],
  rewardId: string,
): Promise<number> {
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
    return level.reward_num
  }
  if (level.reward_type === 'gift') {
    return creditFreeGifts(tx, userId, level.reward_id, level.reward_num, {
      reason: 'mission',
      missionRewardId: rewardId,
    })
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
  return level.reward_num
}

/**
 * `/api/mission/receive`: the reward of the first reached level not yet received, once. The
 * received count is raised by a conditional update of the locked row (`received < achieved`),
 * so of many receives at once one raises it and the others find nothing left; the reward, its
 * ledger row and its receipt are written in the same transaction.
 */
export async function receiveMission(
  db: Db,
  request: { userId: number; missionId: number; atMs: number },
): Promise<MissionReceiveAnswer> {
  const catalogue = await missionCatalogue(db)
  const mission = catalogue.byId.get(request.missionId)
  if (!mission) throw new ApiError(404, missionMessages.unknown, { errorType: 'UNKNOWN_MISSION' })
  const place = missionPlace(catalogue, mission, request.atMs)
  // A daily set's rewards are taken while its window is open (the lists show the next one).
  const ended =
    !place || request.atMs >= place.window.endsMs || request.atMs < place.window.startsMs
  if (ended) throw new ApiError(400, missionMessages.periodEnded, { errorType: 'PERIOD_ENDED' })
  const windowStart = new Date(place.window.startsMs)
  return db.transaction().execute(async (tx) => {
    const taken = await tx
      .updateTable('mission_progress')
      .set({ received: sql`received + 1`, updated_at: sql`now()` })
      .where('user_id', '=', request.userId)
      .where('mission_id', '=', mission.id)
      .where('window_start', '=', windowStart)
      .where(sql<boolean>`received < achieved`)
      .returning(['value', 'achieved', 'received'])
      .executeTakeFirst()
    if (!taken) {
      const row = await tx
        .selectFrom('mission_progress')
        .select(['received'])
        .where('user_id', '=', request.userId)
        .where('mission_id', '=', mission.id)
        .where('window_start', '=', windowStart)
        .executeTakeFirst()
      if (row && row.received > 0) {
        throw new ApiError(409, missionMessages.alreadyReceived, { errorType: 'ALREADY_RECEIVED' })
      }
      throw new ApiError(400, missionMessages.notAchieved, { errorType: 'NOT_ACHIEVED' })
    }
    const level = mission.levels[taken.received - 1]
    if (!level) throw new Error(`mission ${mission.id} has no level ${taken.received}`)
    const receipt = await tx
      .insertInto('mission_rewards')
      .values({
        user_id: request.userId,
        mission_id: mission.id,
        window_start: windowStart,
        level: level.level,
        reward_type: level.reward_type,
        reward_id: level.reward_id,
        reward_num: level.reward_num,
        granted_num: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const granted = await grant(tx, request.userId, level, receipt.id)
    await tx
      .updateTable('mission_rewards')
      .set({ granted_num: granted })
      .where('id', '=', receipt.id)
      .execute()
    return {
      mission: missionShape(mission, taken),
      received_reward_type: level.reward_type,
      received_num: granted,
      received_reward_name: level.reward_name,
    }
  })
}
