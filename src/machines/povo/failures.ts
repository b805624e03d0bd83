import { failureOf, type ApiFailure } from '../../domain/api-failure.ts'

type ServerFailure = Extract<ApiFailure, { kind: 'server' }>

const serverFailure = (error: unknown): ServerFailure | null => {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure : null
}

/** The shop machines' readings of a failed call (SPEC §8 failures as data). */
export const failures = {
  /** The login session ended (401): the login modal opens and the page keeps its state. */
  loginLost: (error: unknown) => serverFailure(error)?.status === 401,
  notFound: (error: unknown) => serverFailure(error)?.status === 404,
  forbidden: (error: unknown) => serverFailure(error)?.status === 403,
  errorType: (error: unknown) => serverFailure(error)?.errorType ?? null,
  /** A form the server refused field by field. */
  fieldErrors: (error: unknown) => serverFailure(error)?.fieldErrors ?? null,
  connectionLost: (error: unknown) => {
    const kind = failureOf(error).kind
    return kind === 'network' || kind === 'timeout'
  },
}
