// `npm run exam:verify -- <pack.zip> --key <public-key.pem>`: checks an exam pack offline with
// only the deployment's public key (`/.well-known/verity-evidence-key`, `npm run evidence:key`),
// no store: the manifest's signature, every file's SHA-256 and lines, and the trail's rows from
// the head at the period's start to the one at its end. Exit 0 when it verifies, 1 naming what
// failed, 2 when it could check nothing.
import { createPublicKey, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'

import { verifyExamPack } from '@/lib/exam/verify'

function stop(message: string): never {
  console.error(message)
  process.exit(2)
}

const args = process.argv.slice(2)
const keyAt = args.indexOf('--key')
const keyFile = keyAt >= 0 ? args[keyAt + 1] : undefined
const files = keyAt >= 0 ? args.filter((_, index) => index !== keyAt && index !== keyAt + 1) : args
const pack = files[0]
if (!pack || !keyFile || files.length !== 1) {
  stop('usage: npm run exam:verify -- <pack.zip> --key <public-key.pem>')
}

let key: KeyObject
try {
  key = createPublicKey(readFileSync(keyFile, 'utf8'))
} catch (error) {
  stop(
    `cannot read the public key ${keyFile}: ${error instanceof Error ? error.message : String(error)}`,
  )
}

const verdict = await verifyExamPack(pack, key)
for (const problem of verdict.problems) console.log(`FAILED: ${problem}`)
if (verdict.checked.length > 0) console.log(`Checked ${verdict.checked.join(', ')}.`)
console.log(verdict.ok ? `${pack}: verified.` : `${pack}: does NOT verify.`)
process.exit(verdict.ok ? 0 : 1)
