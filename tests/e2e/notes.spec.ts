import { expect, test, type Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'

/*
 * Notes on a verification: added through the page, kept in the store, listed by the server (so a
 * reload shows them) with their author; an empty note is refused and nothing is saved.
 */

const shortId = exampleIds.shortIds.verified

function notesOf(page: Page) {
  return page.getByRole('region', { name: 'Notes' })
}

test('a note added on a verification is there after a reload, with its author', async ({
  page,
}) => {
  const text = `Called the applicant: address confirmed ${Date.now()}`
  await page.goto(`/verifications/${shortId}`)
  const notes = notesOf(page)
  const add = notes.getByRole('button', { name: 'Add note' })
  await expect(add).toBeEnabled()
  await notes.getByRole('textbox', { name: 'Add a note' }).fill(text)
  await add.click()
  const list = notes.getByRole('list', { name: 'Notes on this record' })
  await expect(list.getByRole('listitem').filter({ hasText: text })).toBeVisible()
  await expect(notes.getByRole('textbox', { name: 'Add a note' })).toHaveValue('')

  await page.reload()
  const item = notesOf(page).getByRole('listitem').filter({ hasText: text })
  await expect(item).toBeVisible()
  // Sign-in is off in this suite; the store names the analyst as the audit trail does.
  await expect(item).toContainText('sign-in off')
})

test('an empty note shows an error and saves nothing', async ({ page }) => {
  await page.goto(`/v/${shortId}`)
  const notes = notesOf(page)
  const add = notes.getByRole('button', { name: 'Add note' })
  // The notes stream in after the page: counted once their card, form and all, has arrived.
  await expect(add).toBeEnabled()
  const before = await notes.getByRole('listitem').count()
  await notes.getByRole('textbox', { name: 'Add a note' }).fill('   ')
  await add.click()
  await expect(notes.getByRole('alert')).toHaveText('Write something before adding a note.')

  const refused = await page.request.post('/api/notes', {
    headers: { origin: new URL(page.url()).origin },
    data: { type: 'verification', id: shortId, body: ' \n ' },
  })
  expect(refused.status()).toBe(400)

  await page.reload()
  await expect(notesOf(page).getByRole('listitem')).toHaveCount(before)
})
