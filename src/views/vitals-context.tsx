import { createContext, useContext } from 'react'
import { NO_VITALS, type Vitals } from '../effects/vitals.ts'

/** Where the room's figures go (src/effects/vitals.ts); nowhere unless main.tsx provides it. */
export const VitalsContext = createContext<Vitals>(NO_VITALS)

export const useVitals = (): Vitals => useContext(VitalsContext)
