/** The demo accounts' one password (the README's demo accounts table says it). */
export const DEMO_PASSWORD = 'kirari-demo'
