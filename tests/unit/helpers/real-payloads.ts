import path from 'node:path'

/**
 * The provider's example payloads, in `shared/` beside the repository (see its README). Tests run
 * from the repository root.
 */
export const REAL_PAYLOADS_DIR = path.resolve(process.cwd(), '../shared/real-payloads')
