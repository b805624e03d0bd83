import { nextRoom, roomSetup } from './room.setup.ts'

/** SPEC §9: after the live, a 60 s countdown to another room on air (or the viewer stays). */
export const ended = roomSetup.createStateConfig({
  description: 'SPEC §9: after the live, a 60 s countdown to another room on air.',
  initial: 'findingNext',
  states: {
    findingNext: {
      invoke: {
        id: 'findNextRoom',
        src: 'findNextRoom',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
        onDone: [
          {
            guard: { type: 'hasNext', params: ({ event }) => event.output },
            target: 'countingDown',
            actions: {
              type: 'setNext',
              params: ({ event }) => event.output,
            },
          },
          { target: 'noNext' },
        ],
        onError: 'noNext',
      },
    },
    countingDown: {
      after: {
        second: [
          {
            guard: 'isLastSecond',
            target: 'leaving',
            actions: {
              type: 'goToRoom',
              params: ({ context }) => ({ roomUrlKey: nextRoom(context).roomUrlKey }),
            },
          },
          { target: 'countingDown', reenter: true, actions: 'tick' },
        ],
      },
      on: {
        'transition.go': {
          target: 'leaving',
          actions: {
            type: 'goToRoom',
            params: ({ context }) => ({ roomUrlKey: nextRoom(context).roomUrlKey }),
          },
        },
        'transition.cancel': {
          target: 'noNext',
          description: 'The viewer stays on the ended room.',
        },
      },
    },
    leaving: {},
    noNext: {},
  },
})
