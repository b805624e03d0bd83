// What `use-sync-external-store/shim` gives libraries written for React before 18, from React
// itself (vite.config.ts points the shim here): React 19 has it, and the shim only adds weight.
export { useSyncExternalStore } from 'react'
