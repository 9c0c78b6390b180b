import { sql, type Kysely } from 'kysely'

/*
 * Only an applicant's newest screening and a verification's newest record are work (the queue,
 * the home page, analytics). Finding them by asking, for every candidate, whether a newer record
 * exists read each verification applicant's thousands of records per queue row: 764 ms for the
 * first page at a million records (docs/history-mirror.md, "Scale"). `superseded` holds that answer
 * instead, kept by statement triggers whoever writes the table (the mirror's upserts, tests,
 * the bench), so the queue's partial index holds only what can still be work.
 *
 * On insert, a subject's candidates are its rows not yet superseded, which are its newest so far
 * and the rows just inserted; on an update that moves a row to another subject or time, every row
 * of the subjects involved is compared again. The triggers' own updates are not looked at again
 * (pg_trigger_depth). Retention deletes oldest first, so it never leaves a subject's newest row
 * behind a deleted one.
 */
/**
 * Sets `superseded` on the subjects given, comparing only their rows not yet superseded (after an
 * insert) or all of them (after an update). Two functions, not one with a flag: the condition has
 * to be written out for the planner to use the partial indexes below.
 */
function refresh(name: string, candidates: string) {
  const kinds = [
    ['AML_SCREENING', 'applicant_id', 'applicants'],
    ['DOCVER', 'short_id', 'short_ids'],
  ]
  const updates = kinds.map(
    ([eventType, subject, list]) => `
  update history_records h set superseded = (h.id <> w.id)
  from (
    select distinct on (${subject}) ${subject}, id from history_records
    where event_type = '${eventType}' and ${subject} = any(${list}) ${candidates}
    order by ${subject}, at desc nulls last, id desc
  ) w
  where h.event_type = '${eventType}' and h.${subject} = w.${subject} ${candidates.replace('not ', 'not h.')}
    and h.superseded is distinct from (h.id <> w.id);`,
  )
  return `create function ${name}(applicants text[], short_ids text[]) returns void
language sql as $$${updates.join('')}
$$`
}

const ON_INSERT = `create function history_records_superseded_on_insert() returns trigger
language plpgsql as $$
begin
  if pg_trigger_depth() > 1 then return null; end if;
  perform history_records_supersede_among_newest(
    array(select distinct applicant_id from inserted
      where event_type = 'AML_SCREENING' and applicant_id is not null),
    array(select distinct short_id from inserted where event_type = 'DOCVER' and short_id is not null));
  return null;
end
$$`

const ON_UPDATE = `create function history_records_superseded_on_update() returns trigger
language plpgsql as $$
declare
  applicants text[];
  short_ids text[];
begin
  if pg_trigger_depth() > 1 then return null; end if;
  select
    array_agg(distinct s.applicant_id)
      filter (where s.event_type = 'AML_SCREENING' and s.applicant_id is not null),
    array_agg(distinct s.short_id) filter (where s.event_type = 'DOCVER' and s.short_id is not null)
  into applicants, short_ids
  from before_rows o
  join after_rows n on n.id = o.id,
  lateral (values (o.event_type, o.applicant_id, o.short_id),
    (n.event_type, n.applicant_id, n.short_id)) s(event_type, applicant_id, short_id)
  where (o.event_type, o.applicant_id, o.short_id, o.at)
    is distinct from (n.event_type, n.applicant_id, n.short_id, n.at);
  if applicants is not null or short_ids is not null then
    perform history_records_supersede_among_all(coalesce(applicants, '{}'), coalesce(short_ids, '{}'));
  end if;
  return null;
end
$$`

const statements = [
  `alter table history_records add column superseded boolean not null default false`,
  `update history_records h set superseded = true
    from (
      select id, row_number() over (
        partition by event_type, case when event_type = 'DOCVER' then short_id else applicant_id end
        order by at desc nulls last, id desc
      ) as place
      from history_records
      where (event_type = 'AML_SCREENING' and applicant_id is not null)
        or (event_type = 'DOCVER' and short_id is not null)
    ) ranked
    where h.id = ranked.id and ranked.place > 1`,
  `create index history_records_screening_subject on history_records (applicant_id)
    where event_type = 'AML_SCREENING' and not superseded`,
  `create index history_records_verification_subject on history_records (short_id)
    where event_type = 'DOCVER' and not superseded`,
  `drop index history_records_queue`,
  `create index history_records_queue on history_records (
    (case when risk = 'High' or event_type = 'DOCVER' then 2 else 1 end) desc, at, id
  ) where at is not null and not superseded and (
    (event_type = 'AML_SCREENING' and risk in ('High', 'Medium'))
    or (event_type = 'DOCVER' and status = 'failed')
  )`,
  // Failed verifications alone (the home page's list, the queue's event-type and error filters):
  // in the queue's index they are scattered among every High screening.
  `create index history_records_queue_verifications on history_records (at, id)
    where at is not null and not superseded and event_type = 'DOCVER' and status = 'failed'`,
  refresh('history_records_supersede_among_newest', 'and not superseded'),
  refresh('history_records_supersede_among_all', ''),
  ON_INSERT,
  ON_UPDATE,
  `create trigger history_records_superseded_on_insert after insert on history_records
    referencing new table as inserted
    for each statement execute function history_records_superseded_on_insert()`,
  `create trigger history_records_superseded_on_update after update on history_records
    referencing old table as before_rows new table as after_rows
    for each statement execute function history_records_superseded_on_update()`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
