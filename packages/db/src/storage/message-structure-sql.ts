// A message's tool invocations computed where its content is stored, by
// toolInvocationsOf's rule (engine messages/tool-invocations.ts): the
// `tool-invocation` parts' invocations in part order, or, when the parts hold
// none, the legacy `content.toolInvocations` list. Each is cut to toolCallId,
// toolName and state, so neither arguments nor results leave the database:
// clone boundaries analyse a 50k-message thread without reading its content.
import { Prisma } from '../generated/prisma/client.ts'

/** A jsonb array of `{ toolCallId, toolName, state }` of the jsonb message content `content` ('[]' when none). */
export function toolInvocationsSql(content: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    SELECT COALESCE(
      jsonb_agg(jsonb_build_object('toolCallId', i.t -> 'toolCallId', 'toolName', i.t -> 'toolName', 'state', i.t -> 'state') ORDER BY i.n),
      '[]'::jsonb)
    FROM (SELECT ${content} AS c) x
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE
        WHEN jsonb_path_exists(x.c, '$.parts[*] ? (@.type == "tool-invocation")')
          THEN jsonb_path_query_array(x.c, '$.parts[*] ? (@.type == "tool-invocation").toolInvocation')
        WHEN jsonb_typeof(x.c -> 'toolInvocations') = 'array' THEN x.c -> 'toolInvocations'
        ELSE '[]'::jsonb
      END
    ) WITH ORDINALITY AS i(t, n)
  )`
}
