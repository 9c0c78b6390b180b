/*
 * Splits a history page's body, `{"data":[…],"has_next":…}`, into its records as the bytes arrive,
 * so that a page is never held whole: each record's bytes are kept only up to a cap, and a record
 * over it is read on to its end keeping only its skeleton (below: its id, type and timestamp, and
 * a screening's search id), enough to set it aside by id and open its report. Keys of the page may come in any order.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d

/** One element of `data`: its text when within the cap, else the top-level members it had. */
export type PageElement =
  | { bytes: number; text: string; skeleton?: undefined }
  | { bytes: number; text?: undefined; skeleton: unknown }

export class MalformedPageError extends Error {
  override readonly name = 'MalformedPageError'
}

/** How many backslashes come right before `at`, not looking before `from`. */
function backslashesBefore(chunk: Buffer, at: number, from: number): number {
  let b = at - 1
  while (b >= from && chunk[b] === BACKSLASH) b--
  return at - 1 - b
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09

export class PageSplitter {
  private depth = 0
  private inString = false
  private escaped = false
  /** At the top level: the key being read (its bytes), the last key read, and whether it was a key. */
  private keyParts: Buffer[] | null = null
  private lastKey = ''
  private expectKey = false
  /** Where the value of the top-level `has_next` is, while it is read. */
  private hasNextText: string | null = null
  private readingHasNext = false
  private inData = false
  private sawData = false
  /** The element being read: its parts and size, or its skeleton once it passed the cap. */
  private element: { parts: Buffer[]; bytes: number; skeleton: Skeleton | null } | null = null
  /** Bytes of the whole body so far. */
  total = 0

  constructor(
    private readonly cap: number,
    private readonly emit: (element: PageElement) => void,
  ) {}

  push(chunk: Buffer): void {
    this.total += chunk.length
    let elementStart = this.element ? 0 : -1
    const length = chunk.length
    for (let i = 0; i < length; i++) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false
          continue
        }
        // Jump to the string's closing quote (one after an even run of backslashes): most of a
        // record's bytes are strings.
        let quote = chunk.indexOf(QUOTE, i)
        while (quote !== -1 && backslashesBefore(chunk, quote, i) % 2 === 1) {
          quote = chunk.indexOf(QUOTE, quote + 1)
        }
        if (quote === -1) {
          this.escaped = backslashesBefore(chunk, length, i) % 2 === 1
          this.keyBytes(chunk, i, length)
          i = length
          break
        }
        this.keyBytes(chunk, i, quote)
        i = quote
        this.inString = false
        if (this.keyParts) {
          this.lastKey = Buffer.concat(this.keyParts).toString('utf8')
          this.keyParts = null
        }
        continue
      }
      const byte = chunk[i] as number
      if (isSpace(byte)) continue
      // The data array's level: an element starts at its first byte and ends at `,` or `]`.
      if (this.inData && this.depth === 2) {
        if (byte === COMMA || byte === CLOSE_ARRAY) {
          if (this.element) {
            this.take(chunk, elementStart, i)
            this.finishElement()
            elementStart = -1
          }
          if (byte === CLOSE_ARRAY) {
            this.inData = false
            this.depth = 1
          }
          continue
        }
        if (!this.element) {
          this.element = { parts: [], bytes: 0, skeleton: null }
          elementStart = i
        }
      }
      if (this.depth === 1) this.topLevel(byte)
      if (byte === QUOTE) {
        this.inString = true
        if (this.depth === 1 && this.expectKey) {
          this.keyParts = []
          this.expectKey = false
        }
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (this.depth === 1 && byte === OPEN_ARRAY && this.lastKey === 'data') {
          this.inData = true
          this.sawData = true
        }
        this.depth++
        if (this.depth === 1) this.expectKey = true
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        this.depth--
        if (this.depth < 0) throw new MalformedPageError('unbalanced brackets')
      }
      if (this.readingHasNext && this.depth === 1 && ![COLON, COMMA, CLOSE_OBJECT].includes(byte)) {
        this.hasNextText += String.fromCharCode(byte)
      }
    }
    if (this.element) this.take(chunk, Math.max(0, elementStart), length)
  }

  /** Whether another page follows; throws when the body was not a whole page. */
  end(): { hasNext: boolean } {
    if (this.depth !== 0 || this.inString || !this.sawData) {
      throw new MalformedPageError(this.sawData ? 'the page was cut off' : 'no data array')
    }
    return { hasNext: this.hasNextText === 'true' }
  }

  private topLevel(byte: number) {
    if (byte === COMMA) {
      this.expectKey = true
      this.readingHasNext = false
    } else if (byte === COLON) {
      this.readingHasNext = this.lastKey === 'has_next'
      if (this.readingHasNext) this.hasNextText = ''
    } else if (byte === CLOSE_OBJECT) {
      this.readingHasNext = false
    }
  }

  private keyBytes(chunk: Buffer, from: number, to: number) {
    if (this.keyParts && to > from) this.keyParts.push(chunk.subarray(from, to))
  }

  private take(chunk: Buffer, from: number, to: number) {
    const element = this.element
    if (!element || to <= from) return
    const part = chunk.subarray(from, to)
    element.bytes += part.length
    if (element.skeleton) {
      element.skeleton.feed(part)
      return
    }
    element.parts.push(part)
    if (element.bytes > this.cap) {
      element.skeleton = new Skeleton()
      for (const held of element.parts) element.skeleton.feed(held)
      element.parts = []
    }
  }

  private finishElement() {
    const element = this.element
    this.element = null
    if (!element) return
    if (element.skeleton) {
      this.emit({ bytes: element.bytes, skeleton: element.skeleton.value() })
      return
    }
    const bytes = element.parts.length === 1 ? element.parts[0] : Buffer.concat(element.parts)
    this.emit({ bytes: element.bytes, text: bytes?.toString('utf8').trimEnd() ?? '' })
  }
}

/** The longest string a skeleton keeps; longer ones become null. */
const SKELETON_STRING = 64 * 1024
/** Objects nested deeper than this, and every array, become null in a skeleton. */
const SKELETON_DEPTH = 3

/**
 * A record with every array, and every object nested deeper than SKELETON_DEPTH, replaced by
 * null, read from its bytes as they come: what is kept of a record too large to keep (its id,
 * type and timestamp, and a screening's search id, which opens its report).
 */
class Skeleton {
  private out: Buffer[] = []
  private depth = 0
  private inString = false
  private escaped = false
  /** Inside a value replaced by null, which opened at depth `skipFrom`. */
  private skipping = false
  private skipFrom = 0
  /** The string being kept: its parts and length (dropped past SKELETON_STRING). */
  private string: Buffer[] = []
  private stringBytes = 0

  feed(chunk: Buffer) {
    let from = -1
    let stringFrom = this.inString && !this.skipping ? 0 : -1
    const flush = (to: number) => {
      if (from !== -1 && to > from) this.out.push(chunk.subarray(from, to))
      from = -1
    }
    const keepString = (to: number) => {
      if (stringFrom === -1) return
      this.stringBytes += to - stringFrom
      if (this.stringBytes <= SKELETON_STRING) this.string.push(chunk.subarray(stringFrom, to))
      stringFrom = -1
    }
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (byte === BACKSLASH) this.escaped = true
        else if (byte === QUOTE) {
          this.inString = false
          if (!this.skipping) {
            keepString(i + 1)
            this.out.push(
              this.stringBytes <= SKELETON_STRING
                ? Buffer.concat(this.string)
                : Buffer.from('null'),
            )
            this.string = []
          }
        }
        continue
      }
      const opens = byte === OPEN_OBJECT || byte === OPEN_ARRAY
      const closes = byte === CLOSE_OBJECT || byte === CLOSE_ARRAY
      if (this.skipping) {
        if (byte === QUOTE) this.inString = true
        else if (opens) this.depth++
        else if (closes && --this.depth < this.skipFrom) this.skipping = false
        continue
      }
      if (byte === QUOTE) {
        flush(i)
        this.inString = true
        this.string = []
        this.stringBytes = 0
        stringFrom = i
        continue
      }
      if (opens) {
        this.depth++
        if (this.depth > 1 && (byte === OPEN_ARRAY || this.depth > SKELETON_DEPTH)) {
          flush(i)
          this.out.push(Buffer.from('null'))
          this.skipping = true
          this.skipFrom = this.depth
          continue
        }
      } else if (closes) {
        this.depth--
      }
      if (from === -1) from = i
    }
    keepString(chunk.length)
    flush(chunk.length)
  }

  value(): unknown {
    try {
      return JSON.parse(Buffer.concat(this.out).toString('utf8')) as unknown
    } catch {
      return null
    }
  }
}
