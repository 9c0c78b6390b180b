import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import PDFDocument from 'pdfkit'

import type { Block, EvidencePack, Fact } from '@/lib/evidence/contract'

import { when } from './words'

/*
 * The pack as a PDF (pdfkit, in a worker thread of the server: pack-worker.ts, which is why this
 * module is not marked server-only: that marker is for the server's own bundles). Everything is
 * laid out first with the pages kept in memory; `finish` then writes each page's footer, which
 * names the audit row, and closes the file. So only the footers and the file's last bytes wait for
 * the row's number (see lib/evidence/make.ts). Black text on white with rules in grey: it prints in black and white.
 * DejaVu Sans is embedded (subset) for Latin, Cyrillic and Greek names; its text is searchable.
 */

const FONT_DIR = join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf')
const FONTS = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const

let fontData: Record<keyof typeof FONTS, Buffer> | null = null

function fonts() {
  return (fontData ??= {
    regular: readFileSync(join(FONT_DIR, FONTS.regular)),
    bold: readFileSync(join(FONT_DIR, FONTS.bold)),
    mono: readFileSync(join(FONT_DIR, FONTS.mono)),
  })
}

const MARGIN = { top: 48, bottom: 60, left: 46, right: 46 }
const LABEL_WIDTH = 140
const GREY = '#555555'
const RULE = '#999999'

type Doc = PDFKit.PDFDocument

/** pdfkit's font of the moment, as fontkit loaded it (not in pdfkit's types). */
type WithFontkit = { _font?: { font?: { hasGlyphForCodePoint?: (point: number) => boolean } } }

/**
 * Text DejaVu can draw: a character it has no glyph for (Chinese, Japanese, Korean) is written as
 * its code point, so the PDF says what is there instead of an empty box; the JSON has the text.
 */
function drawable(doc: Doc): (text: string) => string {
  doc.font('regular')
  const has = (doc as unknown as WithFontkit)._font?.font?.hasGlyphForCodePoint
  if (!has) return (text) => text
  const font = (doc as unknown as WithFontkit)._font!.font!
  return (text) =>
    [...text]
      .map((char) => {
        const point = char.codePointAt(0) ?? 0
        if (point < 0x2e80 || has.call(font, point)) return char
        return `[U+${point.toString(16).toUpperCase().padStart(4, '0')}]`
      })
      .join('')
}

export type PackPdf = { finish: (seq: number) => Promise<Buffer> }

export function layoutPdf(pack: EvidencePack, jsonSha256: string): PackPdf {
  const data = fonts()
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    // The default font, before any text: pdfkit would otherwise load Helvetica.
    font: join(FONT_DIR, FONTS.regular),
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `Evidence pack: ${pack.title}`,
      Author: pack.made.by,
      Creator: `Verity ${pack.made.verityVersion}`,
      Subject: `${pack.record.type} ${pack.record.id}`,
      Keywords: `${pack.format} deployment=${pack.deployment}`,
    },
  })
  doc.registerFont('regular', data.regular)
  doc.registerFont('bold', data.bold)
  doc.registerFont('mono', data.mono)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const clean = drawable(doc)
  title(doc, pack)
  for (const section of pack.sections) {
    sectionTitle(doc, clean(section.title))
    for (const block of section.blocks) render(doc, cleanBlock(block, clean))
  }
  sectionTitle(doc, 'About this pack')
  render(doc, { kind: 'facts', facts: aboutFacts(pack, jsonSha256) })

  return {
    finish: (seq) => {
      doc.info.Keywords = `${pack.format} deployment=${pack.deployment} seq=${seq}`
      footers(doc, pack, seq)
      doc.end()
      return ended
    },
  }
}

function cleanBlock(block: Block, clean: (text: string) => string): Block {
  switch (block.kind) {
    case 'facts':
      return { ...block, facts: block.facts.map((fact) => ({ ...fact, value: clean(fact.value) })) }
    case 'table':
      return { ...block, rows: block.rows.map((row) => row.map(clean)) }
    default:
      return { ...block, text: clean(block.text) }
  }
}

function width(doc: Doc) {
  return doc.page.width - MARGIN.left - MARGIN.right
}

function bottom(doc: Doc) {
  return doc.page.height - MARGIN.bottom
}

/** A new page when less than `height` is left on this one. */
function room(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage()
}

function title(doc: Doc, pack: EvidencePack) {
  doc.font('bold').fontSize(18).fillColor('black').text('Evidence pack', MARGIN.left, MARGIN.top)
  doc.font('regular').fontSize(12).text(pack.title)
  doc.moveDown(0.3)
  doc
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `Made ${when(pack.made.at)} by ${pack.made.by} from the upstream ${pack.record.type === 'case' ? 'record' : pack.record.type} ${pack.record.upstreamId ?? pack.record.id}; ${pack.made.masked ? 'personal data masked as Verity shows it' : 'UNMASKED: personal data as the upstream sent it'}.`,
    )
  if (!pack.made.masked && pack.made.reason)
    doc.text(`Reason for the unmasked pack: ${pack.made.reason}`)
  doc.fillColor('black')
}

function sectionTitle(doc: Doc, text: string) {
  doc.moveDown(0.8)
  room(doc, 60)
  doc.font('bold').fontSize(13).fillColor('black').text(text, MARGIN.left)
  const y = doc.y + 1
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + width(doc), y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke()
  doc.moveDown(0.4)
}

function render(doc: Doc, block: Block) {
  switch (block.kind) {
    case 'subheading':
      doc.moveDown(0.5)
      room(doc, 48)
      doc
        .font('bold')
        .fontSize(10)
        .fillColor('black')
        .text(block.text, MARGIN.left, doc.y, { width: width(doc) })
      doc.moveDown(0.2)
      return
    case 'text':
      doc
        .font('regular')
        .fontSize(9)
        .fillColor('black')
        .text(block.text, MARGIN.left, doc.y, { width: width(doc) })
      doc.moveDown(0.3)
      return
    case 'facts':
      facts(doc, block.facts)
      return
    case 'table':
      table(doc, block)
  }
}

function facts(doc: Doc, rows: Fact[]) {
  const valueWidth = width(doc) - LABEL_WIDTH
  for (const fact of rows) {
    doc.font('regular').fontSize(9)
    const height = Math.max(
      doc.heightOfString(fact.value, { width: valueWidth }),
      doc.fontSize(8.5).heightOfString(fact.label, { width: LABEL_WIDTH - 8 }),
    )
    room(doc, height + 2)
    const y = doc.y
    doc
      .fillColor(GREY)
      .fontSize(8.5)
      .text(fact.label, MARGIN.left, y, { width: LABEL_WIDTH - 8 })
    doc
      .fillColor('black')
      .fontSize(9)
      .text(fact.value, MARGIN.left + LABEL_WIDTH, y, { width: valueWidth })
    doc.y = y + height + 2
  }
}

type Table = Extract<Block, { kind: 'table' }>

function table(doc: Doc, block: Table) {
  const total = block.widths.reduce((sum, w) => sum + w, 0)
  const widths = block.widths.map((w) => (w / total) * width(doc))
  const pad = 4
  const mono = new Set(block.mono ?? [])

  const cellFont = (column: number) => {
    if (mono.has(column)) doc.font('mono').fontSize(7)
    else doc.font('regular').fontSize(8)
  }
  const rowHeight = (cells: string[], header: boolean) =>
    Math.max(
      ...cells.map((cell, column) => {
        if (header) doc.font('bold').fontSize(8)
        else cellFont(column)
        return doc.heightOfString(cell, { width: (widths[column] ?? 40) - pad })
      }),
    ) + 4
  const drawRow = (cells: string[], header: boolean) => {
    const height = rowHeight(cells, header)
    room(doc, height)
    const y = doc.y
    let x = MARGIN.left
    cells.forEach((cell, column) => {
      if (header) doc.font('bold').fontSize(8)
      else cellFont(column)
      doc.fillColor('black').text(cell, x, y + 2, { width: (widths[column] ?? 40) - pad })
      x += widths[column] ?? 40
    })
    const line = y + height
    doc.moveTo(MARGIN.left, line).lineTo(MARGIN.left + width(doc), line)
    doc
      .lineWidth(header ? 0.8 : 0.3)
      .strokeColor(header ? 'black' : RULE)
      .stroke()
    doc.y = line + 1
  }

  doc.moveDown(0.2)
  room(doc, rowHeight(block.columns, true) + 20)
  drawRow(block.columns, true)
  for (const row of block.rows) {
    // The header again at the top of each page the table goes on to.
    if (doc.y + rowHeight(row, false) > bottom(doc)) {
      doc.addPage()
      drawRow(block.columns, true)
    }
    drawRow(row, false)
  }
  doc.moveDown(0.4)
}

function aboutFacts(pack: EvidencePack, jsonSha256: string): Fact[] {
  return [
    { label: 'Made', value: when(pack.made.at) },
    { label: 'Made by', value: pack.made.by },
    {
      label: 'Upstream record',
      value: `${pack.record.type} ${pack.record.upstreamId ?? pack.record.id}`,
    },
    { label: 'Verity version', value: pack.made.verityVersion },
    {
      label: 'Personal data',
      value: pack.made.masked ? 'masked' : `unmasked; reason: ${pack.made.reason ?? ''}`,
    },
    { label: 'Deployment', value: pack.deployment },
    { label: 'Format', value: pack.format },
    { label: 'JSON file SHA-256', value: jsonSha256 },
    {
      label: 'This PDF',
      value:
        'Its SHA-256 is in the audit row its footer names (a file cannot hold its own hash). Check it with `npm run evidence:verify -- <file>` or the box on the Activity page.',
    },
  ]
}

function footers(doc: Doc, pack: EvidencePack, seq: number) {
  const { start, count } = doc.bufferedPageRange()
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index)
    // Below the bottom margin: lifted for the footer, or pdfkit would start a new page.
    const margin = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    const y = doc.page.height - 40
    doc
      .moveTo(MARGIN.left, y - 6)
      .lineTo(MARGIN.left + width(doc), y - 6)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke()
    doc.font('regular').fontSize(7.5).fillColor('black')
    doc.text(
      `Verity evidence pack · ${footerTitle(pack)} · audit row ${seq} · deployment ${pack.deployment}`,
      MARGIN.left,
      y,
      { width: width(doc) - 80, lineBreak: false },
    )
    doc.text(`Page ${index - start + 1} of ${count}`, MARGIN.left + width(doc) - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    })
    doc.page.margins.bottom = margin
  }
}

/** The record in a footer's few words: a report by the start of its id. */
function footerTitle(pack: EvidencePack) {
  return pack.record.type === 'aml_search' ? `AML report ${pack.record.id.slice(0, 8)}` : pack.title
}
