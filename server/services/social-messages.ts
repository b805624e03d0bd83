/** What the room's social calls and its owner's tools answer when they refuse. */
export const socialMessages = {
  ownerOnly: 'この操作はルームのオーナーのみ行えます',
  userNotFound: 'ユーザーが見つかりません',
  liveEnded: '配信は終了しました',
  commentBlocked: 'このルームではコメントが制限されています',
  telopEmpty: 'テロップを入力してください',
  welcomeEmpty: 'ウェルカムコメントを入力してください',
} as const
