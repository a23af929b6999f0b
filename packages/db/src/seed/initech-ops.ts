import { anthropicRedactedThinking, anthropicThinking, ConversationBuilder, text, toolResult, type SeedThread } from './builders.ts'

// initech-ops: an SRE team's on-call agent. One incident switches provider
// midway (OpenAI, then Anthropic), one handoff holds redacted thinking, and
// a migration plan comes from Kimi.

export const INITECH = 'initech-ops'

const gpt41 = { provider: 'openai', modelId: 'gpt-4.1-2025-04-14' }
const opus = { provider: 'anthropic', modelId: 'claude-opus-4-1-20250805' }
const kimi = { provider: 'moonshotai', modelId: 'kimi-k2-0905-preview' }

export const initechIncident: SeedThread = new ConversationBuilder(
  { id: 'initech-inc-2291', resourceId: INITECH, messageIdPrefix: 'msg-initech-inc' },
  '2026-11-26T02:14:00Z',
)
  .user('PagerDuty: INC-2291, tps-report-service returning 503s in eu-west-1. Investigate.')
  .assistant(gpt41, [
    toolResult(
      'call_Tz7Ka2Qw9Ex4Rn6Ym1Lp8Vb3',
      'get_service_status',
      { service: 'tps-report-service', region: 'eu-west-1' },
      {
        healthyPods: 1,
        desiredPods: 6,
        lastDeploy: '2026-11-26T01:58:00Z',
      },
    ),
    toolResult(
      'call_Hs3Jd8Fg1Kl5Mn0Bv7Cx2Za4',
      'query_logs',
      { service: 'tps-report-service', level: 'error', sinceMinutes: 30 },
      {
        count: 4812,
        sample: 'FATAL: remaining connection slots are reserved for non-replication superuser connections',
      },
    ),
    text(
      'Only 1 of 6 pods is healthy since the 01:58 deploy. The logs show the database connection pool exhausted: the new release likely raised the pool size per pod.',
    ),
  ])
  .user('Switching you to Claude for the rest of the incident. Confirm the pool config and propose a fix.', 7)
  .assistant(opus, [
    anthropicThinking(
      'Compare the pool size in the last two releases before proposing a rollback versus a config change.',
      'EuYBCkQIBxgCIkBz4Yq1Wm8Nc3Rv6Tx9Ub2Jd5Kf0Lg7Hs4Pa1Qe8Zo3Xi6Cu9Vn2By5Mt0Dr7Fw4Gk1Sj8Lh3Ia6Ob9Ep2Rq==',
    ),
    toolResult(
      'toolu_01Hq8Vd3Kx6Nm2Pz9Rb5Tc1Wy',
      'diff_config',
      { service: 'tps-report-service', from: 'v2.41.0', to: 'v2.42.0' },
      {
        changes: [{ key: 'DB_POOL_SIZE', from: 10, to: 50 }],
      },
    ),
    text(
      'Confirmed: v2.42.0 raised DB_POOL_SIZE from 10 to 50; with 6 pods that is 300 connections against a limit of 200. Fix: set DB_POOL_SIZE=25 and restart, or roll back to v2.41.0.',
    ),
  ])
  .user('Set it to 25 and restart.', 3)
  .assistant(opus, [
    toolResult(
      'toolu_01Lm4Sx7Qa2Wd9Ez5Rc8Tv3Fb',
      'restart_service',
      { service: 'tps-report-service', env: { DB_POOL_SIZE: '25' } },
      {
        healthyPods: 6,
        errorRate: 0.001,
      },
    ),
    text('All 6 pods are healthy and the error rate is back to 0.1%. I will keep watching for 30 minutes before resolving INC-2291.'),
  ])
  .user('Resolve it and draft the timeline for the postmortem.', 35)
  .assistant(opus, [
    text(
      'Resolved. Timeline: 01:58 v2.42.0 deployed (DB_POOL_SIZE 10 -> 50); 02:05 503s begin; 02:14 page; 02:21 root cause found; 02:25 pool set to 25, service recovered.',
    ),
  ])
  .build('INC-2291: tps-report-service returning 503s', { severity: 'sev2', region: 'eu-west-1' })

export const initechHandoff: SeedThread = new ConversationBuilder(
  { id: 'initech-oncall-handoff', resourceId: INITECH, messageIdPrefix: 'msg-initech-handoff' },
  '2026-11-27T17:00:00Z',
)
  .user('Write the on-call handoff for this week.')
  .assistant(opus, [
    anthropicRedactedThinking('EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7rT8uVw=='),
    text(
      'Handoff, week 48: INC-2291 resolved (DB pool misconfiguration, postmortem due Monday). Watch: certificate renewal for api.initech.internal on Dec 3. Quiet otherwise.',
    ),
  ])
  .build('On-call handoff, week 48', { rotation: 'sre-primary' })

export const initechPgUpgrade: SeedThread = new ConversationBuilder(
  { id: 'initech-pg-upgrade-plan', resourceId: INITECH, messageIdPrefix: 'msg-initech-pg' },
  '2026-11-12T11:00:00Z',
)
  .user('Plan the PostgreSQL 13 -> 15 upgrade for the billing cluster. Check extension versions first.')
  .assistant(kimi, [
    toolResult(
      'functions.run_sql:0',
      'run_sql',
      { cluster: 'billing', sql: 'SELECT extname, extversion FROM pg_extension' },
      {
        rows: [
          { extname: 'plpgsql', extversion: '1.0' },
          { extname: 'pg_stat_statements', extversion: '1.8' },
        ],
      },
    ),
    text(
      'Only pg_stat_statements needs attention (1.8 -> 1.10 after the upgrade). Plan: pg_upgrade --link on a replica, promote it in a 15-minute window, then ALTER EXTENSION pg_stat_statements UPDATE.',
    ),
  ])
  .user('How long will the pg_upgrade step take?', 10)
  .assistant(kimi, [
    toolResult(
      'functions.run_sql:1',
      'run_sql',
      { cluster: 'billing', sql: "SELECT pg_size_pretty(pg_database_size('billing'))" },
      {
        rows: [{ pg_size_pretty: '412 GB' }],
      },
    ),
    text('With --link the time does not depend on the 412 GB of data: expect 2-4 minutes for the catalog, plus ANALYZE afterwards (about 20 minutes, online).'),
  ])
  .build('PostgreSQL 15 upgrade plan for billing', { change: 'CHG-1042' })

export const initechThreads: SeedThread[] = [initechIncident, initechHandoff, initechPgUpgrade]
