import type Database from 'better-sqlite3'
import { addAutoincrementToIds } from './sqlite/autoincrement-ids'

/**
 * Versioned schema migrations, applied in order inside one transaction each; `PRAGMA user_version`
 * holds the version reached. XXL-JOB's tables and column names without the `xxl_` prefix; every time
 * is epoch milliseconds (INTEGER), as XXL-JOB's trigger_next_time already is.
 */
export interface Migration {
  version: number
  description: string
  sql: string
  /** Work done in code after `sql`, in the same transaction. */
  apply?: (db: Database.Database) => void
  /**
   * The step drops and recreates tables that others refer to: it runs with foreign keys off (SQLite
   * ignores that PRAGMA inside a transaction, so open-database.ts sets it around the step), and
   * fails if it leaves more foreign-key violations than it found.
   */
  rebuildsTables?: boolean
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'XXL-JOB tables, run schedule times, persisted time ring, links and settings',
    sql: `
      CREATE TABLE job_group (
        id                  INTEGER PRIMARY KEY,
        app_name            TEXT    NOT NULL UNIQUE,
        name                TEXT    NOT NULL,
        address_type        INTEGER NOT NULL DEFAULT 0,
        address_list        TEXT    NOT NULL DEFAULT '',
        access_token        TEXT    NOT NULL DEFAULT '',
        protocol_generation TEXT,
        auto_created        INTEGER NOT NULL DEFAULT 0,
        update_time         INTEGER NOT NULL
      );

      CREATE TABLE job_info (
        id                        INTEGER PRIMARY KEY,
        job_group                 INTEGER NOT NULL REFERENCES job_group(id),
        name                      TEXT    NOT NULL,
        author                    TEXT    NOT NULL DEFAULT '',
        alarm_email               TEXT    NOT NULL DEFAULT '',
        schedule_type             TEXT    NOT NULL,
        schedule_conf             TEXT    NOT NULL DEFAULT '',
        timezone                  TEXT    NOT NULL,
        misfire_strategy          TEXT    NOT NULL,
        executor_route_strategy   TEXT    NOT NULL,
        executor_handler          TEXT    NOT NULL DEFAULT '',
        executor_param            TEXT    NOT NULL DEFAULT '',
        executor_block_strategy   TEXT    NOT NULL,
        executor_timeout          INTEGER NOT NULL DEFAULT 0,
        executor_fail_retry_count INTEGER NOT NULL DEFAULT 0,
        retry_backoff             TEXT    NOT NULL DEFAULT 'NONE',
        retry_interval            INTEGER NOT NULL DEFAULT 0,
        retry_max_interval        INTEGER NOT NULL DEFAULT 0,
        alarm_every_failure       INTEGER NOT NULL DEFAULT 0,
        glue_type                 TEXT    NOT NULL,
        glue_source               TEXT    NOT NULL DEFAULT '',
        glue_remark               TEXT    NOT NULL DEFAULT '',
        glue_updatetime           INTEGER NOT NULL DEFAULT 0,
        child_jobid               TEXT    NOT NULL DEFAULT '',
        trigger_status            INTEGER NOT NULL DEFAULT 0,
        trigger_last_time         INTEGER NOT NULL DEFAULT 0,
        trigger_next_time         INTEGER NOT NULL DEFAULT 0,
        add_time                  INTEGER NOT NULL,
        update_time               INTEGER NOT NULL
      );
      -- The scan's query: running jobs due within the pre-read window, in next-time order.
      CREATE INDEX job_info_due ON job_info(trigger_status, trigger_next_time);
      CREATE INDEX job_info_group ON job_info(job_group);

      CREATE TABLE job_log (
        id                        INTEGER PRIMARY KEY,
        job_group                 INTEGER NOT NULL,
        job_id                    INTEGER NOT NULL,
        executor_address          TEXT    NOT NULL DEFAULT '',
        executor_handler          TEXT    NOT NULL DEFAULT '',
        executor_param            TEXT    NOT NULL DEFAULT '',
        executor_sharding_param   TEXT    NOT NULL DEFAULT '',
        executor_fail_retry_count INTEGER NOT NULL DEFAULT 0,
        trigger_time              INTEGER NOT NULL,
        trigger_type              TEXT    NOT NULL,
        schedule_time             INTEGER,
        trigger_code              INTEGER NOT NULL DEFAULT 0,
        trigger_msg               TEXT    NOT NULL DEFAULT '',
        handle_time               INTEGER NOT NULL DEFAULT 0,
        handle_code               INTEGER NOT NULL DEFAULT 0,
        handle_msg                TEXT    NOT NULL DEFAULT '',
        alarm_status              INTEGER NOT NULL DEFAULT 0,
        parent_log_id             INTEGER
      );
      CREATE INDEX job_log_trigger_time ON job_log(trigger_time);
      CREATE INDEX job_log_job ON job_log(job_id, id);
      CREATE INDEX job_log_parent ON job_log(parent_log_id) WHERE parent_log_id IS NOT NULL;
      -- Partial indexes hold only the few rows the monitors look for, so they stay tiny at millions of
      -- runs and cost nothing for the common successful run. Queries must repeat the WHERE exactly.
      CREATE INDEX job_log_running ON job_log(executor_address)
        WHERE trigger_code = 200 AND handle_code = 0;
      CREATE INDEX job_log_pending ON job_log(id)
        WHERE trigger_code = 0 AND handle_code = 0;
      CREATE INDEX job_log_failed_todo ON job_log(id)
        WHERE alarm_status = 0 AND (trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200));
      -- One run per scheduled time (per shard): the last line of defence against a double fire,
      -- behind the scan lock and the ring claim.
      CREATE UNIQUE INDEX job_log_schedule ON job_log(job_id, schedule_time, executor_sharding_param)
        WHERE schedule_time IS NOT NULL;

      -- Fires the scan pushed to the time ring and not yet fired. Written in the scan's transaction and
      -- deleted by the fire that claims it, so a fire in the pre-read window survives a crash
      -- (XXL-JOB loses it).
      CREATE TABLE job_ring (
        job_id        INTEGER NOT NULL,
        schedule_time INTEGER NOT NULL,
        fire_at       INTEGER NOT NULL,
        trigger_type  TEXT    NOT NULL DEFAULT 'CRON',
        PRIMARY KEY (job_id, schedule_time)
      ) WITHOUT ROWID;
      CREATE INDEX job_ring_fire_at ON job_ring(fire_at);

      CREATE TABLE job_logglue (
        id          INTEGER PRIMARY KEY,
        job_id      INTEGER NOT NULL,
        glue_type   TEXT    NOT NULL,
        glue_source TEXT    NOT NULL DEFAULT '',
        glue_remark TEXT    NOT NULL DEFAULT '',
        add_time    INTEGER NOT NULL,
        update_time INTEGER NOT NULL
      );
      CREATE INDEX job_logglue_job ON job_logglue(job_id, id);

      CREATE TABLE job_registry (
        id             INTEGER PRIMARY KEY,
        registry_group TEXT    NOT NULL,
        registry_key   TEXT    NOT NULL,
        registry_value TEXT    NOT NULL,
        update_time    INTEGER NOT NULL,
        UNIQUE (registry_group, registry_key, registry_value)
      );

      CREATE TABLE job_lock (
        lock_name TEXT PRIMARY KEY
      );
      INSERT INTO job_lock (lock_name) VALUES ('schedule_lock');

      CREATE TABLE job_log_report (
        id            INTEGER PRIMARY KEY,
        trigger_day   INTEGER NOT NULL UNIQUE,
        running_count INTEGER NOT NULL DEFAULT 0,
        suc_count     INTEGER NOT NULL DEFAULT 0,
        fail_count    INTEGER NOT NULL DEFAULT 0,
        update_time   INTEGER NOT NULL
      );

      -- Child-job links with the condition they fire on; job_info.child_jobid mirrors the SUCCESS ones.
      CREATE TABLE job_link (
        parent_job_id INTEGER NOT NULL,
        child_job_id  INTEGER NOT NULL,
        condition     TEXT    NOT NULL,
        PRIMARY KEY (parent_job_id, child_job_id)
      ) WITHOUT ROWID;
      CREATE INDEX job_link_child ON job_link(child_job_id);

      -- Log texts of finished LAN runs, kept by the admin so they outlive the executor.
      CREATE TABLE job_log_text (
        log_id   INTEGER PRIMARY KEY,
        log_text TEXT NOT NULL
      );

      CREATE TABLE setting (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    description: 'a group may let its own token manage script jobs',
    sql: `
      ALTER TABLE job_group ADD COLUMN scripts_allowed INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 3,
    description: 'what a JobDesk agent reports of itself at registration (version, handlers, scripts)',
    sql: `
      ALTER TABLE job_registry ADD COLUMN executor_info TEXT;
    `,
  },
  {
    version: 4,
    description: 'retry due times for the fail monitor; kept-log progress of LAN runs',
    sql: `
      -- When a failed run's retry (and its alarm) is due, set by the fail monitor when it first sees
      -- the run; NULL until then. Indexed with the failed runs still to take, so a newer failure is
      -- found at once however many older ones wait on a long backoff (an ORDER BY id scan skipped
      -- past at most 1000 of them and starved the rest).
      ALTER TABLE job_log ADD COLUMN retry_due_time INTEGER;
      DROP INDEX job_log_failed_todo;
      CREATE INDEX job_log_failed_due ON job_log(retry_due_time, id)
        WHERE alarm_status = 0 AND (trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200));

      -- A LAN run's log is copied while it runs and at its end: how many lines the copy holds, and
      -- whether it was taken after the run ended (then the executor need not be asked again).
      ALTER TABLE job_log_text ADD COLUMN line_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_log_text ADD COLUMN complete INTEGER NOT NULL DEFAULT 1;
      -- Copies kept before this version were whole logs of finished runs, each line ending in a newline.
      UPDATE job_log_text SET line_count = length(log_text) - length(replace(log_text, char(10), ''));
    `,
  },
  {
    version: 5,
    description: 'the storage contract shared with PostgreSQL and MySQL: cluster nodes, leases, ring owners, routing state, definition versions',
    sql: `
      -- Names every engine accepts (CONDITION and KEY are reserved words in MySQL).
      ALTER TABLE job_link RENAME COLUMN condition TO link_condition;
      ALTER TABLE setting RENAME COLUMN key TO name;

      -- Each planned fire belongs to the node whose ring holds it; a dead node's are taken over.
      ALTER TABLE job_ring ADD COLUMN node_id TEXT NOT NULL DEFAULT '';
      CREATE INDEX job_ring_node ON job_ring(node_id);

      CREATE TABLE job_node (
        node_id          TEXT    PRIMARY KEY,
        node_name        TEXT    NOT NULL,
        embedded_address TEXT    NOT NULL,
        admin_url        TEXT    NOT NULL DEFAULT '',
        started_at       INTEGER NOT NULL,
        heartbeat_at     INTEGER NOT NULL,
        lease_until      INTEGER NOT NULL
      );

      -- Periodic work (retention, report, lost-run sweep) is done by one node at a time.
      CREATE TABLE job_lease (
        name        TEXT    PRIMARY KEY,
        node_id     TEXT    NOT NULL,
        lease_until INTEGER NOT NULL
      );

      -- Raised with every write to jobs, links or settings, so caches (on every node) reread only what changed.
      CREATE TABLE job_version (
        name    TEXT    PRIMARY KEY,
        version INTEGER NOT NULL
      );
      INSERT INTO job_version (name, version) VALUES ('jobs', 0), ('links', 0), ('settings', 0);

      -- ROUND, LFU and LRU state with the job, the same for every node.
      CREATE TABLE job_route_seq (
        job_id INTEGER PRIMARY KEY,
        seq    INTEGER NOT NULL
      );
      CREATE TABLE job_route_use (
        job_id       INTEGER NOT NULL,
        address      TEXT    NOT NULL,
        use_count    INTEGER NOT NULL,
        last_used    INTEGER NOT NULL,
        window_start INTEGER NOT NULL,
        PRIMARY KEY (job_id, address)
      ) WITHOUT ROWID;

      -- The scan's lock is its transaction (SQLite: one writer per file; elsewhere: row locks).
      DROP TABLE job_lock;
    `,
  },
  {
    version: 6,
    description: 'the trigger trail as data beside trigger_msg, for the console to render in its language',
    sql: `
      -- JSON of src/shared/trigger-trail.ts; NULL for runs written before (the console shows trigger_msg).
      ALTER TABLE job_log ADD COLUMN trigger_trail TEXT;
    `,
  },
  {
    version: 7,
    description: 'cluster events, so two processes on one file hear each other (as nodes on MySQL do)',
    sql: `
      -- AUTOINCREMENT: ids are never reused once the rows are deleted, so a reader that remembers
      -- the last id it read never skips a new row.
      CREATE TABLE job_event (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        node_id    TEXT    NOT NULL,
        topic      TEXT    NOT NULL,
        ids        TEXT    NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX job_event_created ON job_event(created_at);
    `,
  },
  {
    version: 8,
    description: 'users, sessions, personal API tokens and the audit trail',
    sql: `
      -- group_ids: the executor groups granted, as comma-separated ids (XXL-JOB's xxl_job_user.permission).
      CREATE TABLE job_user (
        id                   INTEGER PRIMARY KEY,
        name                 TEXT    NOT NULL UNIQUE,
        password_hash        TEXT    NOT NULL,
        role                 TEXT    NOT NULL,
        group_ids            TEXT    NOT NULL DEFAULT '',
        must_change_password INTEGER NOT NULL DEFAULT 0,
        disabled             INTEGER NOT NULL DEFAULT 0,
        add_time             INTEGER NOT NULL,
        update_time          INTEGER NOT NULL
      );

      -- One row per signed-in console; the cookie holds the secret, the row only its SHA-256.
      CREATE TABLE job_session (
        id_hash        TEXT    PRIMARY KEY,
        user_id        INTEGER NOT NULL,
        remote_address TEXT    NOT NULL,
        created_at     INTEGER NOT NULL,
        last_seen_at   INTEGER NOT NULL,
        expires_at     INTEGER NOT NULL
      );
      CREATE INDEX job_session_user ON job_session(user_id);

      -- Personal OpenAPI tokens: the SHA-256 of the secret; user_id 0 for none; 0 times mean never.
      CREATE TABLE job_api_token (
        id           INTEGER PRIMARY KEY,
        token_hash   TEXT    NOT NULL UNIQUE,
        name         TEXT    NOT NULL,
        user_id      INTEGER NOT NULL,
        owner        TEXT    NOT NULL,
        role         TEXT    NOT NULL,
        group_ids    TEXT    NOT NULL DEFAULT '',
        created_at   INTEGER NOT NULL,
        expires_at   INTEGER NOT NULL DEFAULT 0,
        last_used_at INTEGER NOT NULL DEFAULT 0,
        revoked_at   INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX job_api_token_user ON job_api_token(user_id);

      -- detail: JSON of AuditDetail (params, before/after, reason); group_id NULL outside any group.
      CREATE TABLE job_audit (
        id         INTEGER PRIMARY KEY,
        at_time    INTEGER NOT NULL,
        actor      TEXT    NOT NULL,
        actor_kind TEXT    NOT NULL,
        source     TEXT    NOT NULL,
        action     TEXT    NOT NULL,
        outcome    TEXT    NOT NULL,
        group_id   INTEGER,
        target     TEXT    NOT NULL DEFAULT '',
        detail     TEXT    NOT NULL DEFAULT '{}'
      );
      CREATE INDEX job_audit_time ON job_audit(at_time);
    `,
  },
  {
    version: 9,
    description: 'the trigger trails move to a table of their own',
    sql: `
      -- A run's trail (JSON of src/shared/trigger-trail.ts), written with its trigger outcome. In
      -- job_log it grew every row by ~0.5 KB in place after the insert, and the page splits made
      -- that UPDATE cost 20–40 µs a run against ~10 without (B1); here it is an append in id order.
      -- job_log.trigger_trail stays, NULL: dropping it would rewrite a table of millions of runs.
      CREATE TABLE job_log_trail (
        log_id INTEGER PRIMARY KEY,
        trail  TEXT    NOT NULL
      );
      INSERT INTO job_log_trail (log_id, trail) SELECT id, trigger_trail FROM job_log WHERE trigger_trail IS NOT NULL;
      UPDATE job_log SET trigger_trail = NULL WHERE trigger_trail IS NOT NULL;
    `,
  },
  {
    version: 10,
    description: 'fencing: an epoch per node life, and the node that wrote each run until it is triggered',
    sql: `
      -- A node's lease carries the epoch it joined with; its transactions check it, so a node taken
      -- for dead cannot write on what it planned (docs/cluster.md). Raised from job_version's counter.
      ALTER TABLE job_node ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
      INSERT INTO job_version (name, version) VALUES ('node-epoch', 0);
      -- The node that wrote a run and will trigger it: when that node dies before the trigger, the
      -- node that takes over its work triggers the run instead (the pending-run index finds them).
      ALTER TABLE job_log ADD COLUMN trigger_node TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 11,
    description: 'ids are never given twice: AUTOINCREMENT on every table whose ids others refer to',
    // Why and how: sqlite/autoincrement-ids.ts. One pass over each table (B1's million runs: see docs/storage.md, "Ids are never given twice").
    sql: '',
    apply: addAutoincrementToIds,
    rebuildsTables: true,
  },
  {
    version: 12,
    description: 'flows: DAGs of jobs run as one unit, their runs, nodes and steps',
    sql: `
      -- A flow (src/shared/flow-types.ts): its settings, its graph as JSON of FlowDefinition, and the
      -- same schedule bookkeeping as job_info, which the flow scheduler reads the way the scan does.
      CREATE TABLE job_flow (
        id                INTEGER PRIMARY KEY AUTOINCREMENT,
        name              TEXT    NOT NULL UNIQUE,
        description       TEXT    NOT NULL DEFAULT '',
        schedule_type     TEXT    NOT NULL,
        schedule_conf     TEXT    NOT NULL DEFAULT '',
        timezone          TEXT    NOT NULL,
        misfire_strategy  TEXT    NOT NULL,
        max_active_runs   INTEGER NOT NULL DEFAULT 1,
        overlap           TEXT    NOT NULL DEFAULT 'SKIP',
        timeout_sec       INTEGER NOT NULL DEFAULT 0,
        alarm_email       TEXT    NOT NULL DEFAULT '',
        param             TEXT    NOT NULL DEFAULT '',
        definition        TEXT    NOT NULL,
        trigger_status    INTEGER NOT NULL DEFAULT 0,
        trigger_last_time INTEGER NOT NULL DEFAULT 0,
        trigger_next_time INTEGER NOT NULL DEFAULT 0,
        add_time          INTEGER NOT NULL,
        update_time       INTEGER NOT NULL
      );
      CREATE INDEX job_flow_due ON job_flow(trigger_status, trigger_next_time);

      -- One run of a flow, with the graph it started with (an edit never changes a run under way).
      -- schedule_time is NULL but for CRON and MISFIRE runs.
      CREATE TABLE job_flow_run (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        flow_id       INTEGER NOT NULL,
        state         TEXT    NOT NULL,
        trigger_type  TEXT    NOT NULL,
        param         TEXT    NOT NULL DEFAULT '',
        schedule_time INTEGER,
        definition    TEXT    NOT NULL,
        start_time    INTEGER NOT NULL DEFAULT 0,
        end_time      INTEGER NOT NULL DEFAULT 0,
        reason        TEXT    NOT NULL DEFAULT '',
        add_time      INTEGER NOT NULL
      );
      CREATE INDEX job_flow_run_flow ON job_flow_run(flow_id, id);
      -- The few runs still under way, which the engine resumes and counts, out of all that ended.
      CREATE INDEX job_flow_run_active ON job_flow_run(flow_id, state)
        WHERE state IN ('queued', 'running', 'waiting');
      -- One run per scheduled time, as job_log_schedule is for jobs: a second node's fire is dropped.
      CREATE UNIQUE INDEX job_flow_run_schedule ON job_flow_run(flow_id, schedule_time)
        WHERE schedule_time IS NOT NULL;

      -- Each node of each run. A table with a rowid (not WITHOUT ROWID): a row holds an output of
      -- up to 4 KB, too big for the key's B-tree pages.
      CREATE TABLE job_flow_node (
        flow_run_id           INTEGER NOT NULL,
        node_key              TEXT    NOT NULL,
        state                 TEXT    NOT NULL DEFAULT 'pending',
        attempt               INTEGER NOT NULL DEFAULT 0,
        output                TEXT    NOT NULL DEFAULT '',
        output_cut_from_bytes INTEGER,
        start_time            INTEGER NOT NULL DEFAULT 0,
        end_time              INTEGER NOT NULL DEFAULT 0,
        note                  TEXT    NOT NULL DEFAULT '',
        PRIMARY KEY (flow_run_id, node_key)
      );

      -- The job runs (job_log ids) made for a node's attempt: a finished run finds its node here.
      CREATE TABLE job_flow_step (
        log_id      INTEGER PRIMARY KEY,
        flow_run_id INTEGER NOT NULL,
        node_key    TEXT    NOT NULL,
        attempt     INTEGER NOT NULL
      );
      CREATE INDEX job_flow_step_run ON job_flow_step(flow_run_id);
    `,
  },
  {
    version: 13,
    description: 'definition files: which groups, jobs and flows were applied from which file',
    sql: `
      -- What jobdesk apply -f wrote from a file (src/shared/definition-origin.ts), so the console can
      -- tell file-managed objects from hand-made ones and apply --prune deletes only the former.
      -- Keyed by what a file names an object by (app name, app/job name, flow name), not by id: no
      -- foreign keys, and the key means the same object on every database the files are applied to.
      CREATE TABLE definition_origin (
        kind         TEXT    NOT NULL,
        object_key   TEXT    NOT NULL,
        file         TEXT    NOT NULL,
        applied_time INTEGER NOT NULL,
        PRIMARY KEY (kind, object_key)
      );
    `,
  },
  {
    version: 14,
    description: "alarm reasons: why a run's alarm failed, and the alerts for dead executors and lost nodes",
    sql: `
      -- Why a run's alarm failed (alarm_status 3): a reason code and a short detail, no secrets
      -- (src/shared/alarm-reason.ts); '' for every other status.
      ALTER TABLE job_log ADD COLUMN alarm_message TEXT NOT NULL DEFAULT '';

      -- Alerts about the infrastructure (an executor address went dead, a cluster node was lost).
      -- The key is the event itself (what, which, and the time it happened by the data every node
      -- reads alike), so N nodes noticing the same event insert one row and only that node sends.
      CREATE TABLE job_alert (
        kind          TEXT    NOT NULL,
        subject       TEXT    NOT NULL,
        event_time    INTEGER NOT NULL,
        alarm_status  INTEGER NOT NULL DEFAULT -1,
        alarm_message TEXT    NOT NULL DEFAULT '',
        add_time      INTEGER NOT NULL,
        PRIMARY KEY (kind, subject, event_time)
      );
      CREATE INDEX job_alert_time ON job_alert(add_time);
    `,
  },
  {
    version: 15,
    description: 'trigger URLs: signed inbound webhooks that start a job or a flow, and the signatures they used',
    sql: `
      -- A trigger URL (src/shared/hook-types.ts): POST /hooks/<id> starts a run of a job or a flow.
      -- The id is random and unguessable but not secret; the secret is the HMAC key the requests are
      -- signed with, kept as is because verifying a signature needs it (docs/trust.md). No foreign
      -- key: a hook of a deleted job or flow answers 404, and ids are never given twice (version 11).
      CREATE TABLE job_hook (
        id           TEXT    PRIMARY KEY,
        kind         TEXT    NOT NULL,
        target_id    INTEGER NOT NULL,
        secret       TEXT    NOT NULL,
        created_by   TEXT    NOT NULL DEFAULT '',
        created_at   INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX job_hook_target ON job_hook(kind, target_id);

      -- The signatures (or Git providers' delivery ids) a hook has accepted, until they could no
      -- longer pass anyway. The key is the gate against replays on every node: a second insert of
      -- the same key fails, so of two racing copies of one request only one starts a run.
      CREATE TABLE job_hook_use (
        hook_id    TEXT    NOT NULL,
        use_key    TEXT    NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (hook_id, use_key)
      );
      CREATE INDEX job_hook_use_expiry ON job_hook_use(expires_at);
    `,
  },
  {
    version: 16,
    description: 'directory users: where a user signs in (local, LDAP, OIDC) and their id in that directory',
    sql: `
      -- source: 'local' (a password kept here), 'ldap' or 'oidc' (the directory checks who they are;
      -- password_hash is ''). directory_id: the LDAP entry's DN, or the OIDC issuer and subject
      -- joined by a space: what stays the same when a name or a group changes.
      ALTER TABLE job_user ADD COLUMN source TEXT NOT NULL DEFAULT 'local';
      ALTER TABLE job_user ADD COLUMN directory_id TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 17,
    description: 'trigger trails: each shape kept once, a run keeps its digest and result',
    sql: `
      -- Most runs of a job share their trail but for its result (the call's time): the group, the
      -- route, the block settings. Each such shape is kept once here, under 22 base64url characters
      -- of SHA-256 of its JSON; a run's job_log.trigger_trail holds that digest, a space and the
      -- result's JSON, written by the outcome's own UPDATE (store/trail-shapes.ts). A job_log_trail
      -- row per run (~0.5 KB) cost about a tenth of a fire's CPU at 10k every-second jobs. Runs
      -- triggered before keep their job_log_trail rows.
      CREATE TABLE job_trail_shape (
        digest TEXT PRIMARY KEY,
        shape  TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 18,
    description: 'user names keyed without case; personal tokens suspended while their directory user is gone',
    sql: `
      -- name_key: the name as src/shared/user-name.ts folds it (ASCII letters in lower case, as
      -- lower() does); unique, so Admin can never be a second account beside admin, whatever
      -- the directory says. Rows that already differ only in case keep one key: the local account's,
      -- else the oldest row's. The others have none (NULL, which a unique index does not compare):
      -- nobody signs in as them by name until an admin renames them.
      ALTER TABLE job_user ADD COLUMN name_key TEXT;
      UPDATE job_user SET name_key = lower(name)
      WHERE NOT EXISTS (
        SELECT 1 FROM job_user earlier
        WHERE lower(earlier.name) = lower(job_user.name) AND earlier.id <> job_user.id
          AND ((earlier.source = 'local' AND job_user.source <> 'local')
            OR ((earlier.source = 'local') = (job_user.source = 'local') AND earlier.id < job_user.id))
      );
      CREATE UNIQUE INDEX job_user_folded_name ON job_user(name_key);

      -- suspended_at: when a directory sign-in found the owner gone (or without a role); 0 while
      -- live. Unlike revoked_at it is undone: the owner's next successful sign-in sets it back to 0.
      ALTER TABLE job_api_token ADD COLUMN suspended_at INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 19,
    description: 'audit: identical refusals within a minute folded into one row with a count',
    sql: `
      -- A refusal repeated by the same actor from the same address (same action, target and reason)
      -- within one minute adds to the row of its first occurrence instead of writing another
      -- (audit/audit-fold.ts): a flood of refused requests costs one row a minute, with its count.
      -- fold_key: a digest of (minute, actor, source, action, target, reason), NULL for rows that
      -- are never folded (everything but refusals); the unique index makes the fold one row on
      -- every node (NULLs are distinct in a UNIQUE index on all three engines).
      ALTER TABLE job_audit ADD COLUMN repeat_count INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE job_audit ADD COLUMN fold_key TEXT;
      CREATE UNIQUE INDEX job_audit_fold ON job_audit(fold_key);
    `,
  },
  {
    version: 20,
    description: "node fences: a row per node and epoch that the node's transactions lock, apart from the lease its heartbeat renews",
    sql: `
      -- Every transaction that acts for a node locks this row in share mode, and a take-over deletes
      -- it (docs/cluster.md#epochs-a-fencing-token). Before, the fence was the node's job_node row
      -- itself, so the heartbeat's UPDATE of that row waited behind the node's own transactions
      -- (up to 11.8 s on MariaDB under load): renewals came late and the nodes took each other for
      -- dead. The heartbeat now writes only job_node, which nothing holds for longer than a statement.
      CREATE TABLE job_node_fence (
        node_id TEXT    PRIMARY KEY,
        epoch   INTEGER NOT NULL
      ) WITHOUT ROWID;
      INSERT INTO job_node_fence (node_id, epoch) SELECT node_id, epoch FROM job_node;
    `,
  },
  {
    version: 21,
    description: "clock skew: each node's clock against the database's, as the node last measured it",
    sql: `
      -- The node's clock less the database server's, in milliseconds (positive: ahead), measured by
      -- the node at its heartbeats (src/shared/clock-skew.ts) so that the other nodes and the
      -- console see it. NULL: not measured. SQLite has no server clock: every process sharing
      -- the file runs on one machine, with one clock, and leaves it NULL.
      ALTER TABLE job_node ADD COLUMN clock_skew_ms INTEGER;
    `,
  },
]

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version
