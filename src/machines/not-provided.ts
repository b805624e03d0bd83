/**
 * The stand-in of an effect a machine declares in `setup`. The real one is provided where the
 * machines meet the world (src/main.tsx and src/compose/) and tests provide fakes; one that
 * was left out says which.
 */
export const notProvided = (name: string) => (): never => {
  throw new Error(`${name} is not provided: give it with .provide() (src/compose/)`)
}
