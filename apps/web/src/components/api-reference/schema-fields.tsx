import { fieldsOf, typeLabel, type JsonSchema } from './reference-model.ts'

const MAX_DEPTH = 4

/** An object schema's fields as a nested list: name, type, required; nested objects indented below their field. */
export function SchemaFields({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const fields = fieldsOf(schema)
  if (fields.length === 0) return <p className="font-mono text-xs text-slate-600">{typeLabel(schema)}</p>
  return (
    <ul className={`space-y-1 ${depth > 0 ? 'mt-1 border-l border-slate-200 pl-3' : ''}`}>
      {fields.map((field) => (
        <li key={field.name} className="min-w-0 text-xs">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="font-mono font-medium text-slate-900">{field.name}</span>
            <span className="min-w-0 font-mono text-slate-500 [overflow-wrap:anywhere]">{typeLabel(field.schema)}</span>
            {field.required && <span className="text-[11px] font-semibold uppercase tracking-wide text-amber-700">required</span>}
          </div>
          {depth < MAX_DEPTH && fieldsOf(field.schema).length > 0 && <SchemaFields schema={field.schema} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  )
}
