import 'server-only'

import { join } from 'node:path'

import PDFDocument from 'pdfkit'

import { stateLabels, type CitationView, type ReportView } from './contract'

/*
 * The report for human review (the four-eyes approver, the evidence pack): what the XML says, in
 * the order an FIU officer reads it, with the narrative's citations listed and the XML's SHA-256.
 * DejaVu Sans, as the evidence pack, so names in Latin, Cyrillic and Greek print as they are.
 */

const FONT_DIR = join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf')
const GREY = '#555555'

export function reportPdf(
  report: ReportView,
  xmlSha256: string,
  subject: ReportView['fields']['subject'],
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 60, left: 46, right: 46 },
    font: join(FONT_DIR, 'DejaVuSans.ttf'),
    lang: 'en',
    info: {
      Title: `${report.code} report ${report.id} (case ${report.caseId})`,
      Creator: 'Verity',
    },
  })
  doc.registerFont('regular', join(FONT_DIR, 'DejaVuSans.ttf'))
  doc.registerFont('bold', join(FONT_DIR, 'DejaVuSans-Bold.ttf'))
  doc.registerFont('mono', join(FONT_DIR, 'DejaVuSansMono.ttf'))
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(12).fillColor('black').text(text)
    doc.moveDown(0.3)
  }
  const fact = (label: string, value: string | null) => {
    doc.font('bold').fontSize(9).fillColor(GREY).text(`${label}: `, { continued: true })
    doc
      .font('regular')
      .fillColor('black')
      .text(value || '—')
  }
  doc.font('bold').fontSize(16).text(`Suspicious activity report (${report.code})`)
  doc.font('regular').fontSize(9).fillColor(GREY)
  doc.text(
    `Report ${report.id} of case ${report.caseId} · ${stateLabels[report.state]} · confidential`,
  )
  heading('The report')
  fact('Drafted by', report.drafter)
  fact('Approved by', report.approver)
  fact('Due', report.dueAt.slice(0, 10))
  fact('FIU reference', report.fiuRef)
  fact('Corrects the rejected report', report.prevRejectedRef)
  fact('XML SHA-256', xmlSha256)
  heading('The subject')
  fact('First name', subject.firstName)
  fact('Middle name', subject.middleName)
  fact('Last name', subject.lastName)
  fact('Date of birth', subject.birthdate)
  fact('Nationality', subject.nationality)
  fact('Passport', [subject.passportNumber, subject.passportCountry].filter(Boolean).join(' · '))
  fact('Identity document', subject.idNumber)
  fact('From', report.fields.subjectSource)
  fact('Why suspected', report.fields.partyReason)
  fact('Indicators', report.fields.indicators.join(', '))
  heading('Narrative (reason)')
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('black')
    .text(report.fields.reason || '—')
  heading('Action taken')
  doc
    .font('regular')
    .fontSize(10)
    .text(report.fields.action || '—')
  heading('Citations')
  if (report.citations.length === 0) doc.font('regular').fontSize(9).text('None.')
  for (const citation of report.citations) citationLine(doc, citation)
  doc.end()
  return ended
}

function citationLine(doc: PDFKit.PDFDocument, citation: CitationView) {
  doc.font('bold').fontSize(9).fillColor('black').text(`[${citation.id}] ${citation.source.label}`)
  doc.font('regular').fillColor(GREY).text(`${citation.source.type} ${citation.source.id}`)
  if (citation.stale) doc.fillColor('#a00000').text(`Flagged: ${citation.stale}`)
  doc.fillColor('black').moveDown(0.3)
}
