import { createFileRoute } from '@tanstack/react-router'
import { userOnly } from '../-guards.ts'

/** The shop's pages that need a login (shipping, confirmation, payment results), inside its checkout. */
export const Route = createFileRoute('/povo_ec/_user')(userOnly())
