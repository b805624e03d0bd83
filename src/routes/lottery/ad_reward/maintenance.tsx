import { createFileRoute } from '@tanstack/react-router'
import { MaintenancePage } from '../../../views/pages/MaintenancePage.tsx'

export const Route = createFileRoute('/lottery/ad_reward/maintenance')({
  component: () => (
    <MaintenancePage
      titleKey="adReward.maintenanceTitle"
      headingKey="adReward.maintenanceTitle"
      bodyKey="adReward.maintenanceBody"
    />
  ),
})
