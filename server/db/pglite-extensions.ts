import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/**
 * The PostgreSQL extensions the migrations create, as PGlite ships them (it loads an extension
 * only when given it here): pg_trgm for room search (migration 021).
 */
export const PGLITE_EXTENSIONS = { pg_trgm }
