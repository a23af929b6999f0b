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
  /** a recorded call's attempt saved as a fixture of a saved rule ("Save as fixture") */
  'rule.fixture.save',
  'rule.fixture.delete',
] as const

export type AuditAction = (typeof auditActions)[number]
