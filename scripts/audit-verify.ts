// `npx tsx scripts/audit-verify.ts <file>`: checks an audit log's hash chain; exit 1 at the first broken line.
import { readFileSync } from 'node:fs'

import { verifyLog } from '@/lib/audit/chain'

const file = process.argv[2]
if (!file) {
  console.error('usage: audit-verify <audit log file>')
  process.exit(2)
}

let text: string
try {
  text = readFileSync(file, 'utf8')
} catch (error) {
  console.error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}

const result = verifyLog(text)
if (result.ok) {
  console.log(`OK: ${result.lines} lines, chain intact`)
} else {
  console.log(`BROKEN at line ${result.line}: ${result.reason}`)
  process.exit(1)
}
