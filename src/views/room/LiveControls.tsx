import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { NavigatorRight } from '../../domain/navigator.ts'
import { TELOP_MAX, VOTE_OPTIONS, type ownerMachine } from '../../machines/owner/owner.machine.ts'
import { useT } from '../app-context.tsx'
import { LiveTagsEditor } from './LiveTags.tsx'
import { NextLiveForm } from './NextLive.tsx'
import type { WelcomeActor } from './types.ts'
import { WelcomeEditor } from './WelcomeEditor.tsx'

export type OwnerActor = ActorRefFrom<typeof ownerMachine>

/**
 * What only a live has: telop, votes, the welcome comment, its tags, and ending it. The owner
 * (`rights` null) has them all; a navigator (issue #23) only the tools of the rights held —
 * the tags, the next live and ending the live stay the owner's.
 */
export function LiveControls({
  actor,
  welcome,
  rights,
}: {
  actor: OwnerActor
  welcome: WelcomeActor | undefined
  rights: readonly NavigatorRight[] | null
}) {
  const { t } = useT()
  const c = useSelector(actor, (s) => s.context)
  const busy = (op: string) => c.pending === op
  const holds = (right: NavigatorRight) => rights === null || rights.includes(right)
  return (
    <>
      {holds('telop') && (
        <form
          className="owner__row"
          data-testid="tool-telop"
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: 'owner.do', call: { op: 'saveTelop', telop: c.telopDraft } })
          }}
        >
          <label className="field">
            <span className="field__label">{t('owner.telop')}</span>
            <input
              className="field__input"
              value={c.telopDraft}
              maxLength={TELOP_MAX}
              onChange={(e) => actor.send({ type: 'telop.change', text: e.currentTarget.value })}
            />
          </label>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy('saveTelop') || c.telopDraft.trim() === ''}
          >
            {t('owner.telopSave')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy('deleteTelop')}
            onClick={() => actor.send({ type: 'owner.do', call: { op: 'deleteTelop' } })}
          >
            {t('owner.telopDelete')}
          </button>
        </form>
      )}

      {holds('enquete') && (
        <div className="owner__row" data-testid="tool-enquete">
          <label className="field">
            <span className="field__label">{t('owner.voteOptions')}</span>
            <input
              type="number"
              className="field__input"
              min={VOTE_OPTIONS.min}
              max={VOTE_OPTIONS.max}
              value={c.voteOptions}
              disabled={c.voteOpen}
              onChange={(e) =>
                actor.send({ type: 'vote.options', options: Number(e.currentTarget.value) })
              }
            />
          </label>
          {c.voteOpen ? (
            <button
              type="button"
              className="button button--primary"
              disabled={busy('endVote')}
              onClick={() => actor.send({ type: 'owner.do', call: { op: 'endVote' } })}
            >
              {t('owner.voteEnd')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={busy('startVote')}
              onClick={() =>
                actor.send({ type: 'owner.do', call: { op: 'startVote', options: c.voteOptions } })
              }
            >
              {t('owner.voteStart')}
            </button>
          )}
        </div>
      )}

      {welcome && holds('welcome') && <WelcomeEditor actor={welcome} />}

      {rights === null && (
        <>
          <LiveTagsEditor />

          <NextLiveForm />

          <button
            type="button"
            className="button button--ghost"
            disabled={busy('endLive')}
            onClick={() => actor.send({ type: 'owner.do', call: { op: 'endLive' } })}
          >
            {t('owner.endLive')}
          </button>
        </>
      )}
    </>
  )
}
