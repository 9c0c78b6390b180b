import { beforeAll, describe, expect, it } from 'vitest'

import { parseToken } from '@/lib/projection/masked-token'
import type * as ProjectModule from '@/lib/projection/project'
import type * as RefModule from '@/lib/projection/record-ref'
import { importProjection, TEST_REF_KEY } from '@/tests/unit/helpers/projection'

let projection: typeof ProjectModule
let refs: typeof RefModule

beforeAll(async () => {
  ;({ projection, refs } = await importProjection())
})

const screening = (resultKey: 'search_response' | 'search_result') => ({
  id: 'rec1',
  webhook_id: 'wh1',
  event_type: 'AML_SCREENING',
  timestamp: '2026-11-23T10:00:00Z',
  payload: {
    search_request: { full_name: 'IVAN PETROV' },
    [resultKey]: {
      search_uuid: 's1',
      data: [
        {
          uuid: 'm1',
          fields: { registration_ids: [{ id: '311962853', id_type: 'passport', country: 'GB' }] },
        },
      ],
    },
  },
})

describe('projectWebhookPage', () => {
  it.each(['search_response', 'search_result'] as const)(
    'masks registration ids in an AML_SCREENING payload’s %s, which a bare digit run would not be',
    (resultKey) => {
      const record = screening(resultKey)
      const page = projection.projectWebhookPage(
        { data: [record], has_next: false },
        {},
        TEST_REF_KEY,
      )
      const json = JSON.stringify(page)
      expect(json).not.toContain('311962853')
      expect(json).toContain('"id_type":"passport"')
      const path = ['payload', resultKey, 'data', 0, 'fields', 'registration_ids', 0, 'id']
      const id = path.reduce<unknown>(
        (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
        page.data[0],
      )
      const token = parseToken(id)
      expect(token).toMatchObject({ kind: 'document_number', shown: '••••2853' })
      expect(refs.decodeRef(token?.ref ?? '', TEST_REF_KEY)).toMatchObject({ status: 'ok', path })
      // The reveal projects the record again with `project` alone: it must find the same token.
      const again = projection.project(record, { type: 'webhook', id: 'rec1' }, TEST_REF_KEY)
      expect(JSON.stringify(again)).toContain(JSON.stringify(id))
    },
  )
})
