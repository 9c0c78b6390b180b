// `npx tsx scripts/make-icons.ts`: the PNG icons and favicon.ico in public/, drawn from app/icon.svg.
import { readFileSync, writeFileSync } from 'node:fs'

import { chromium, type Browser } from '@playwright/test'

const svg = readFileSync('app/icon.svg', 'utf8')
// iOS fills a transparent touch icon with black and rounds the corners itself: the Apple icon is
// drawn on the tile's own colour, so it becomes a full square of it.
const tileColour = /<rect\b[^>]*\bfill="(#[0-9a-f]{3,8})"/i.exec(svg)?.[1]
if (!tileColour) throw new Error('app/icon.svg has no filled <rect> tile')

/** The SVG rendered at size × size pixels, on a transparent background unless one is given. */
async function render(browser: Browser, size: number, background?: string) {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
  await page.setContent(
    `<body style="margin:0;background:${background ?? 'transparent'}">` +
      `<img src="${src}" width="${size}" height="${size}" style="display:block"></body>`,
  )
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
  const png = await page.screenshot({ omitBackground: !background })
  await page.close()
  return png
}

/**
 * An ICO container whose images are PNGs (valid since Windows Vista, read by every current
 * browser): a 6-byte header, one 16-byte entry per image, then the PNG data.
 */
function ico(images: { size: number; png: Buffer }[]) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  let offset = header.length + 16 * images.length
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size % 256, 0) // width, 0 meaning 256
    entry.writeUInt8(size % 256, 1) // height
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)])
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
})
try {
  for (const size of [192, 512]) {
    writeFileSync(`public/icon-${size}.png`, await render(browser, size))
  }
  writeFileSync('public/apple-touch-icon.png', await render(browser, 180, tileColour))
  const favicon = []
  for (const size of [16, 32, 48]) favicon.push({ size, png: await render(browser, size) })
  writeFileSync('public/favicon.ico', ico(favicon))
} finally {
  await browser.close()
}
console.log('public/: icon-192.png, icon-512.png, apple-touch-icon.png, favicon.ico')
