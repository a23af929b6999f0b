// What the audit log records: one name per kind of action (issue 17, item 6).
export const auditActions = [
  'operator.signIn',
  'thread.clone',
  'thread.branch',
  'branch.materialize',
  'branch.promote',
  'thread.delete',
  'workingMemory.update',
  'token.issue',
  'token.revoke',
  'rule.create',
  'rule.update',
  'rule.delete',
  'rule.run',
] as const

export type AuditAction = (typeof auditActions)[number]
