import { createHash, type KeyObject } from 'node:crypto'
import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

import yauzl from 'yauzl'

import { drawSample, sameSample, type QaClosure, type QaDrawn } from '@/lib/qa/draw'

import {
  chainStart,
  checkManifestSignature,
  MANIFEST,
  nextLink,
  PACK_FORMAT,
  parseCsvLine,
  SIGNATURE,
  splitCsvLine,
  splitJsonLine,
  TRAIL_FILE,
  type Manifest,
  type ManifestSignature,
  type PackFile,
} from './format'

/*
 * Checks an exam pack offline with only the deployment's public key (`npm run exam:verify`,
 * docs/exam.md): the manifest's signature, each file's SHA-256 and lines against the manifest,
 * each line's link to the one before (naming the first line that breaks), and that the trail's
 * rows run from the signed head at the period's start to the one at its end with none missing or
 * out of place. Files are read as streams: a pack of any size is checked in little memory.
 */

export type PackVerdict = { ok: boolean; problems: string[]; checked: string[] }

const MAX_PROBLEMS_PER_FILE = 10

type Zip = {
  entries: Map<string, yauzl.Entry>
  open: (entry: yauzl.Entry) => Promise<Readable>
  close: () => void
}

function openZip(path: string): Promise<Zip> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zipfile) => {
      if (error || !zipfile) return reject(error ?? new Error('not a ZIP file'))
      const entries = new Map<string, yauzl.Entry>()
      zipfile.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry)
        zipfile.readEntry()
      })
      zipfile.on('error', reject)
      zipfile.on('end', () =>
        resolve({
          entries,
          open: (entry) =>
            new Promise((done, failed) =>
              zipfile.openReadStream(entry, (problem, stream) =>
                problem || !stream ? failed(problem ?? new Error('unreadable')) : done(stream),
              ),
            ),
          close: () => zipfile.close(),
        }),
      )
      zipfile.readEntry()
    })
  })
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Every line of a stream, hashing the bytes as they pass. */
async function* linesOf(stream: Readable, hash: ReturnType<typeof createHash>) {
  const decoder = new StringDecoder('utf8')
  let rest = ''
  for await (const chunk of stream) {
    hash.update(chunk as Buffer)
    rest += decoder.write(chunk as Buffer)
    const lines = rest.split('\n')
    rest = lines.pop() ?? ''
    yield* lines
  }
  rest += decoder.end()
  if (rest.length > 0) yield rest
}

type TrailRow = { seq?: unknown; prevHash?: unknown; hash?: unknown }

export async function verifyExamPack(path: string, publicKey: KeyObject): Promise<PackVerdict> {
  const problems: string[] = []
  const checked: string[] = []
  let zip: Zip
  try {
    zip = await openZip(path)
  } catch (error) {
    return { ok: false, problems: [`not a readable ZIP file: ${message(error)}`], checked }
  }
  try {
    const manifestEntry = zip.entries.get(MANIFEST)
    const signatureEntry = zip.entries.get(SIGNATURE)
    if (!manifestEntry || !signatureEntry) {
      return {
        ok: false,
        problems: [`the pack has no ${!manifestEntry ? MANIFEST : SIGNATURE}`],
        checked,
      }
    }
    const manifestBytes = await readAll(await zip.open(manifestEntry))
    let signature: ManifestSignature
    let manifest: Manifest
    try {
      signature = JSON.parse(
        (await readAll(await zip.open(signatureEntry))).toString('utf8'),
      ) as ManifestSignature
      manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest
    } catch {
      return { ok: false, problems: ['the manifest or its signature is not JSON'], checked }
    }
    const signed = checkManifestSignature(manifestBytes, signature, publicKey)
    if (signed === 'other_key')
      problems.push('the manifest is signed with another key: not a pack of this deployment')
    if (signed === 'invalid')
      problems.push(
        "the manifest's signature is INVALID: the manifest was changed after signing, or it is a forgery",
      )
    if (signed === 'valid') checked.push("the manifest's signature")
    const format: unknown = (manifest as { format?: unknown }).format
    if (format !== PACK_FORMAT) {
      problems.push(
        `the manifest's format is ${typeof format === 'string' ? format : 'missing'}, not ${PACK_FORMAT}`,
      )
    }

    const listed = new Set(manifest.files.map((file) => file.name))
    for (const name of zip.entries.keys()) {
      if (name !== MANIFEST && name !== SIGNATURE && !listed.has(name)) {
        problems.push(`${name} is in the pack but not in its manifest`)
      }
    }
    const qa = new QaFiles()
    for (const file of manifest.files) {
      const entry = zip.entries.get(file.name)
      if (!entry) {
        problems.push(`${file.name} is in the manifest but missing from the pack`)
        continue
      }
      problems.push(
        ...(await checkFile(file, await zip.open(entry), manifest, qa.collector(file.name))),
      )
      checked.push(file.name)
    }
    const redrawn = qa.redraw()
    problems.push(...redrawn.problems)
    if (redrawn.draws > 0 && redrawn.problems.length === 0) {
      checked.push(
        `the QA sample of ${redrawn.draws} draw${redrawn.draws === 1 ? '' : 's'}, redrawn from its seed`,
      )
    }
    if (!manifest.trail.serverCheck.ok) {
      const { seq, reason } = manifest.trail.serverCheck
      problems.push(
        `the server found the trail broken under its key when packing, at row ${seq}: ${reason}`,
      )
    }
  } finally {
    zip.close()
  }
  return { ok: problems.length === 0, problems, checked }
}

type Row = Record<string, string>

/**
 * The QA files' rows, kept to redraw each draw from its seed and population (lib/qa/draw.ts) and
 * compare with the sample the pack says was drawn: a case added or taken out by hand shows.
 */
class QaFiles {
  draws: Row[] = []
  population = new Map<string, QaClosure[]>()
  samples = new Map<string, QaDrawn[]>()

  collector(name: string): ((row: Row) => void) | undefined {
    if (name === 'qa-draws.csv') return (row) => this.draws.push(row)
    if (name === 'qa-population.csv') {
      return (row) =>
        this.listOf(this.population, row.draw_id).push({
          caseId: Number(row.case_id),
          analystId: row.analyst_id ?? '',
          closedAt: row.closed_at ?? '',
          outcome: row.outcome ?? '',
          analystSince: row.analyst_since ?? '',
        })
    }
    if (name === 'qa-sample.csv') {
      return (row) =>
        this.listOf(this.samples, row.draw_id).push({
          caseId: Number(row.case_id),
          why: row.why as QaDrawn['why'],
        })
    }
    return undefined
  }

  private listOf<T>(map: Map<string, T[]>, key: string | undefined) {
    const id = key ?? ''
    let list = map.get(id)
    if (!list) map.set(id, (list = []))
    return list
  }

  redraw() {
    const problems: string[] = []
    for (const draw of this.draws) {
      const id = draw.draw_id ?? ''
      const population = this.population.get(id) ?? []
      if (population.length !== Number(draw.closures)) {
        problems.push(
          `qa-population.csv: draw ${id} lists ${population.length} closures, qa-draws.csv says ${draw.closures}`,
        )
      }
      const redrawn = drawSample(draw.seed ?? '', population, {
        percent: Number(draw.percent),
        newAnalystDays: Number(draw.new_analyst_days),
      })
      const sample = this.samples.get(id) ?? []
      if (!sameSample(redrawn, sample)) {
        const listed = new Set(sample.map((item) => item.caseId))
        const drawn = new Set(redrawn.map((item) => item.caseId))
        const added = [...listed].filter((caseId) => !drawn.has(caseId))
        const left = [...drawn].filter((caseId) => !listed.has(caseId))
        problems.push(
          `qa-sample.csv: draw ${id} does not redraw from its seed${added.length ? `; not drawn but listed: case ${added.join(', ')}` : ''}${left.length ? `; drawn but not listed: case ${left.join(', ')}` : ''}`,
        )
      }
    }
    return { problems, draws: this.draws.length }
  }
}

async function checkFile(
  file: PackFile,
  stream: Readable,
  manifest: Manifest,
  collect?: (row: Row) => void,
): Promise<string[]> {
  const problems: string[] = []
  const say = (text: string) => {
    if (problems.length < MAX_PROBLEMS_PER_FILE) problems.push(`${file.name}: ${text}`)
  }
  const hash = createHash('sha256')
  const trail = file.name === TRAIL_FILE
  const split = trail ? splitJsonLine : splitCsvLine
  let link = chainStart(file.name)
  let lineNumber = 0
  let lines = 0
  let expectedSeq = manifest.trail.start.seq + 1
  let prevHash = manifest.trail.start.hash
  let header: string[] = []
  for await (const line of linesOf(stream, hash)) {
    lineNumber += 1
    if (!trail && lineNumber === 1) {
      header = parseCsvLine(line)
      continue
    }
    lines += 1
    const parts = split(line)
    if (!parts) {
      say(`line ${lineNumber} is not a line of the pack (no link)`)
      continue
    }
    if (parts.link !== nextLink(link, parts.content)) {
      say(
        `line ${lineNumber} does not follow the line before it: a line was removed, inserted or changed here`,
      )
    }
    link = parts.link
    if (!trail) {
      if (collect) {
        const cells = parseCsvLine(parts.content)
        collect(Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])))
      }
      continue
    }
    let row: TrailRow
    try {
      row = JSON.parse(parts.content) as TrailRow
    } catch {
      say(`line ${lineNumber} is not JSON`)
      continue
    }
    const seq = Number(row.seq)
    if (seq > expectedSeq) {
      say(
        seq === expectedSeq + 1
          ? `trail row ${expectedSeq} is missing`
          : `trail rows ${expectedSeq} to ${seq - 1} are missing`,
      )
    } else if (seq < expectedSeq) {
      say(`trail row ${seq} is out of order or repeated (line ${lineNumber})`)
    }
    if (row.prevHash !== prevHash) {
      say(
        `trail row ${seq} does not link to the row before it (a row was removed, inserted or changed)`,
      )
    }
    prevHash = String(row.hash)
    expectedSeq = seq + 1
  }
  const digest = hash.digest('hex')
  if (trail) {
    const { end, rows } = manifest.trail
    if (expectedSeq - 1 < end.seq) {
      say(
        `the trail ends at row ${expectedSeq - 1} but the signed head at the period's end is row ${end.seq}: the tail was cut off`,
      )
    } else if (prevHash !== end.hash) {
      say(
        `the trail's last row does not match the signed head at the period's end (row ${end.seq})`,
      )
    }
    if (lines !== rows) say(`holds ${lines} trail rows, the manifest says ${rows}`)
  }
  if (lines !== file.lines) say(`has ${lines} lines, the manifest says ${file.lines}`)
  else if (link !== file.lastLink)
    say('its last line does not match the manifest: a line was changed')
  if (digest !== file.sha256)
    say('does not match its SHA-256 in the manifest: the file was changed')
  return problems
}

function message(error: unknown) {
  return error instanceof Error ? error.message : String(error)
}
