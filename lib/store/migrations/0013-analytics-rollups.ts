import { sql, type Kysely } from 'kysely'

/*
 * Per-day rollups of the mirror for /analytics (docs/analytics.md, "Performance"): read on every
 * page view, they keep it from counting a period's records, which took seconds at a million.
 * Statement triggers keep them in the transaction of whatever writes history_records (the
 * mirror's upsert, retention, tests and the bench inserting directly), each statement's changes
 * applied as one signed delta: a new record adds, a deleted one subtracts, an updated one does
 * both. A rollup key holds the page's filters: the webhook ('' for none) and the environment
 * ('live', 'sandbox', '' when unknown), so a filter never matches a record without one, as before.
 *
 * A verification counts once, by its newest record (latest `at`, then greatest id; records
 * without a time never count), so analytics_verifications holds that record's outcome per short
 * id, re-chosen for every short id a statement touches; its own trigger moves the day counts. A
 * failed verification's error codes are part of its day key: categories and code counts are
 * derived on read, by the code ranges lib/verifications/error-codes.ts holds.
 *
 * analytics_screenings is a narrow copy of the screenings with matches (a time, a search id, the
 * filters): the review times look up the screening of each recent decision there, in a table a
 * fraction of the mirror's size, instead of a page of history_records each.
 */
const environment = (column: string) =>
  `case when ${column} then 'sandbox' when not ${column} then 'live' else '' end`

/** A screening with matches, whose first decision /analytics times. */
const screeningToReview = (r: string) =>
  `${r}.event_type = 'AML_SCREENING' and ${r}.at is not null and ${r}.match_count > 0
    and ${r}.search_uuid is not null`

/** A trigger's changed rows, signed, as transition tables new_rows and old_rows hold them. */
const CHANGES = `case tg_op
    when 'INSERT' then 'select 1 as sign, * from new_rows'
    when 'DELETE' then 'select -1 as sign, * from old_rows'
    else 'select 1 as sign, * from new_rows union all select -1 as sign, * from old_rows' end`

/** A verification record `h` as analytics_verifications holds it. */
export const VERIFICATION_COLUMNS = `h.short_id, (h.at at time zone 'UTC')::date as day,
          coalesce(h.webhook_id, '') as webhook_id, ${environment('h.is_sandbox')} as environment,
          case h.status when 'verified' then 'verified' when 'failed' then 'failed' else 'other' end as outcome,
          case when h.status = 'failed' then h.error_codes else '{}' end as error_codes`

/** The newest record of each touched verification, by sorting all of its records. */
const NEWEST_BY_SORT = `        select distinct on (h.short_id) ${VERIFICATION_COLUMNS}
        from history_records h
        where h.short_id in (select short_id from touched) and h.event_type = 'DOCVER'
          and h.at is not null
        order by h.short_id, h.at desc, h.id desc`

/**
 * The mirror's trigger function; `newest` selects the newest record (columns as
 * analytics_verifications) of each short id in `touched`. Migration 0016 replaces that query.
 */
export const historyChangedFunction = (newest: string) =>
  `create function analytics_history_changed() returns trigger language plpgsql as $fn$
  begin
    -- A trigger's own update (migration 0014's superseded flag) changes nothing counted here.
    if pg_trigger_depth() > 1 then return null; end if;
    -- Writers take turns (the lease makes one writer the rule, not a guarantee): the newest record
    -- of a verification is chosen after the previous writer committed, seeing its records.
    perform pg_advisory_xact_lock(hashtext('analytics_rollups'));
    execute format($q$
      insert into analytics_screening_days as s
      select * from (
        select (c.at at time zone 'UTC')::date, coalesce(c.webhook_id, ''),
          ${environment('c.is_sandbox')},
          coalesce(sum(c.sign) filter (where c.risk = 'High'), 0)::int as high,
          coalesce(sum(c.sign) filter (where c.risk = 'Medium'), 0)::int as medium,
          coalesce(sum(c.sign) filter (where c.risk = 'Low'), 0)::int as low,
          coalesce(sum(c.sign) filter (
            where c.risk is null or c.risk not in ('High', 'Medium', 'Low')), 0)::int as other,
          coalesce(sum(c.sign) filter (where c.match_count > 0), 0)::int as with_match,
          coalesce(sum(c.sign) filter (
            where c.match_count > 0 and c.search_uuid is not null), 0)::int as reviewable,
          sum(c.sign)::int as total
        from (%1$s) c
        where c.event_type = 'AML_SCREENING' and c.at is not null
        group by 1, 2, 3
      ) d
      where (d.high, d.medium, d.low, d.other, d.with_match, d.reviewable, d.total)
        <> (0, 0, 0, 0, 0, 0, 0)
      on conflict (day, webhook_id, environment) do update set
        high = s.high + excluded.high, medium = s.medium + excluded.medium,
        low = s.low + excluded.low, other = s.other + excluded.other,
        with_match = s.with_match + excluded.with_match,
        reviewable = s.reviewable + excluded.reviewable, total = s.total + excluded.total
    $q$, ${CHANGES});
    execute format($q$
      with touched as (
        select distinct c.short_id from (%1$s) c
        where c.event_type = 'DOCVER' and c.short_id is not null
      ),
      newest as (
${newest}
      ),
      gone as (
        delete from analytics_verifications v
        where v.short_id in (select short_id from touched)
          and v.short_id not in (select short_id from newest)
      )
      insert into analytics_verifications as v select * from newest
      on conflict (short_id) do update set day = excluded.day, webhook_id = excluded.webhook_id,
        environment = excluded.environment, outcome = excluded.outcome,
        error_codes = excluded.error_codes
      where (v.day, v.webhook_id, v.environment, v.outcome, v.error_codes) is distinct from
        (excluded.day, excluded.webhook_id, excluded.environment, excluded.outcome,
          excluded.error_codes)
    $q$, ${CHANGES});
    execute format($q$
      delete from analytics_screenings
      where record_id in (select c.id from (%1$s) c where c.sign = -1)
    $q$, ${CHANGES});
    execute format($q$
      insert into analytics_screenings
      select c.id, lower(c.search_uuid), c.at, c.webhook_id, c.is_sandbox from (%1$s) c
      where c.sign = 1 and ${screeningToReview('c')}
    $q$, ${CHANGES});
    return null;
  end
  $fn$`

const statements = [
  `create table analytics_screening_days (
    day date not null,
    webhook_id text not null,
    environment text not null,
    high integer not null,
    medium integer not null,
    low integer not null,
    other integer not null,
    with_match integer not null,
    reviewable integer not null,
    total integer not null,
    primary key (day, webhook_id, environment)
  )`,
  `create table analytics_verifications (
    short_id text primary key,
    day date not null,
    webhook_id text not null,
    environment text not null,
    outcome text not null check (outcome in ('verified', 'failed', 'other')),
    error_codes integer[] not null
  )`,
  `create table analytics_verification_days (
    day date not null,
    webhook_id text not null,
    environment text not null,
    outcome text not null,
    error_codes integer[] not null,
    verifications integer not null,
    primary key (day, webhook_id, environment, outcome, error_codes)
  )`,
  `create table analytics_screenings (
    record_id text primary key,
    search_id text not null,
    at timestamptz not null,
    webhook_id text,
    is_sandbox boolean
  )`,
  `create index analytics_screenings_search on analytics_screenings (search_id)`,
  historyChangedFunction(NEWEST_BY_SORT),
  `create function analytics_verifications_changed() returns trigger language plpgsql as $fn$
  begin
    execute format($q$
      insert into analytics_verification_days as d
      select * from (
        select c.day, c.webhook_id, c.environment, c.outcome, c.error_codes,
          sum(c.sign)::int as verifications
        from (%1$s) c
        group by 1, 2, 3, 4, 5
      ) x
      where x.verifications <> 0
      on conflict (day, webhook_id, environment, outcome, error_codes) do update set
        verifications = d.verifications + excluded.verifications
    $q$, ${CHANGES});
    return null;
  end
  $fn$`,
  // A trigger with transition tables has one event each (PostgreSQL's rule).
  `create trigger analytics_verifications_inserted after insert on analytics_verifications
    referencing new table as new_rows
    for each statement execute function analytics_verifications_changed()`,
  `create trigger analytics_verifications_updated after update on analytics_verifications
    referencing old table as old_rows new table as new_rows
    for each statement execute function analytics_verifications_changed()`,
  `create trigger analytics_verifications_deleted after delete on analytics_verifications
    referencing old table as old_rows
    for each statement execute function analytics_verifications_changed()`,
  `create trigger analytics_history_inserted after insert on history_records
    referencing new table as new_rows
    for each statement execute function analytics_history_changed()`,
  `create trigger analytics_history_updated after update on history_records
    referencing old table as old_rows new table as new_rows
    for each statement execute function analytics_history_changed()`,
  `create trigger analytics_history_deleted after delete on history_records
    referencing old table as old_rows
    for each statement execute function analytics_history_changed()`,
]

/** The rollups of what the mirror holds, counted once into empty tables; the triggers keep them from there. */
const FILL = [
  `insert into analytics_screening_days
    select (at at time zone 'UTC')::date, coalesce(webhook_id, ''), ${environment('is_sandbox')},
      count(*) filter (where risk = 'High'), count(*) filter (where risk = 'Medium'),
      count(*) filter (where risk = 'Low'),
      count(*) filter (where risk is null or risk not in ('High', 'Medium', 'Low')),
      count(*) filter (where match_count > 0),
      count(*) filter (where match_count > 0 and search_uuid is not null), count(*)
    from history_records
    where event_type = 'AML_SCREENING' and at is not null
    group by 1, 2, 3`,
  `insert into analytics_screenings
    select h.id, lower(h.search_uuid), h.at, h.webhook_id, h.is_sandbox from history_records h
    where ${screeningToReview('h')}`,
  `insert into analytics_verifications
    select distinct on (short_id) short_id, (at at time zone 'UTC')::date, coalesce(webhook_id, ''),
      ${environment('is_sandbox')},
      case status when 'verified' then 'verified' when 'failed' then 'failed' else 'other' end,
      case when status = 'failed' then error_codes else '{}' end
    from history_records
    where event_type = 'DOCVER' and short_id is not null and at is not null
    order by short_id, at desc, id desc`,
]

export async function fillRollups<T>(db: Kysely<T>) {
  for (const statement of FILL) await sql.raw(statement).execute(db)
}

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
  await fillRollups(db)
}
