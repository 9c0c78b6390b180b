// `npm run audit:export -- <file>`: writes the audit trail in the store as JSON lines, closed by
// its head record, for `npm run audit:verify -- <file>` and for archiving.
import { closeSync, openSync, writeSync } from 'node:fs'

import { exportTrail } from '@/lib/audit/trail'
import { parseStoreEnv } from '@/lib/env'
import { openStore, storeConfig } from '@/lib/store/open'

const file = process.argv[2]
if (!file) {
  console.error('usage: audit-export <file>')
  process.exit(2)
}

try {
  const store = await openStore(storeConfig(parseStoreEnv(process.env)))
  const fd = openSync(file, 'wx', 0o600)
  try {
    const { rows, head } = await exportTrail(store.db, (line) => {
      writeSync(fd, line)
    })
    console.log(`exported ${rows} rows up to head ${head.seq} from ${store.where} to ${file}`)
  } finally {
    closeSync(fd)
    await store.close()
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
}
