import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PGliteConnection } from '@/lib/store/pglite-connection'

// What the store's statements rely on, through node-postgres and this connection to PGlite.
describe('the embedded store’s connection', () => {
  let lite: PGlite
  let pool: pg.Pool

  beforeAll(async () => {
    lite = await PGlite.create()
    const config = { connection: new PGliteConnection(lite) }
    pool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 0 })
    await pool.query('create table t (id int primary key, name text not null)')
  })

  afterAll(async () => {
    await pool.end()
    await lite.close()
  })

  it('answers prepared statements, first parsed and then reused, with their rows', async () => {
    const insert = { name: 't_insert', text: 'insert into t values ($1, $2) returning id, name' }
    expect((await pool.query({ ...insert, values: [1, 'one'] })).rows).toEqual([
      { id: 1, name: 'one' },
    ])
    expect((await pool.query({ ...insert, values: [2, 'two'] })).rows).toEqual([
      { id: 2, name: 'two' },
    ])
    const { rows } = await pool.query<{ name: string }>('select id, name from t order by id')
    expect(rows.map((row) => row.name)).toEqual(['one', 'two'])
  })

  it('fails the statement the backend refuses, and the next one on the connection still works', async () => {
    const client = await pool.connect()
    try {
      await expect(
        client.query({ text: 'insert into t values ($1, $2)', values: [1, 'again'] }),
      ).rejects.toThrow(/duplicate key/)
      await expect(
        client.query({ text: 'select $1::int', values: ['not a number'] }),
      ).rejects.toThrow(/invalid input syntax/)
      expect((await client.query({ text: 'select count(*)::int as n from t' })).rows).toEqual([
        { n: 2 },
      ])
    } finally {
      client.release()
    }
  })

  it('keeps a transaction’s statements together, and a rollback undoes them', async () => {
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query({ text: 'insert into t values ($1, $2)', values: [3, 'three'] })
      await client.query('rollback')
    } finally {
      client.release()
    }
    expect((await pool.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }])
  })
})
