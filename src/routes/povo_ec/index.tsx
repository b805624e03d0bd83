import { createFileRoute } from '@tanstack/react-router'
import { PovoHomePage } from '../../views/shop/PovoHomePage.tsx'

/** SPEC.md §2: /povo_ec, the shop's packages. */
export const Route = createFileRoute('/povo_ec/')({ component: PovoHomePage })
