import { Field, inputClass } from '../ui/field.tsx'

const suggestions = [
  'cerebras/gpt-oss-120b',
  'anthropic/claude-sonnet-4-5',
  'anthropic/claude-opus-4-1',
  'openai/gpt-4o',
  'openai/o4-mini',
  'deepseek/deepseek-reasoner',
  'moonshotai/kimi-k2-0905-preview',
  'mistral/mistral-large-latest',
]

/** A 'provider/model' string, with the usual targets suggested. */
export function ModelField({ value, onChange, id }: { value: string; onChange: (value: string) => void; id: string }) {
  return (
    <Field label="Target model" hint="'provider/model', as agents address models." error={value && !isModel(value) ? "Write it as 'provider/model'" : null}>
      <input className={`${inputClass} font-mono`} list={`${id}-models`} value={value} onChange={(event) => onChange(event.target.value)} spellCheck={false} />
      <datalist id={`${id}-models`}>
        {suggestions.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
    </Field>
  )
}

export function isModel(value: string): boolean {
  return /^[^/\s]+\/\S+$/.test(value.trim())
}
