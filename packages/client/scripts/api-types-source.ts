// The client's public types, printed from the server's router: every
// procedure's input and output written out structurally (named domain types
// such as StoredMessage become declarations of their own), so the package's
// .d.ts names no server module (auth, audit, the rate limiter, the database)
// and compiles with `skipLibCheck: false`. Operator-only procedures (the
// admin UI's) are left out: they answer FORBIDDEN to an API token.
// `pnpm --filter @threadline/client generate` writes src/generated/api-types.ts;
// api-types-source.test.ts fails when it is out of date.
import { writeFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import ts from 'typescript'

const clientRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const API_TYPES_FILE = path.join(clientRoot, 'src/generated/api-types.ts')

/** Procedure paths (or their prefixes) an API token cannot call. */
const OPERATOR_ONLY = ['auth.signIn', 'auth.signOut', 'tokens.', 'audit.', 'playground.rules.', 'playground.fixtures.']

export type ProcedureKind = 'query' | 'mutation' | 'stream'

type Procedure = { path: string[]; kind: ProcedureKind; input: ts.Type; output: ts.Type }

/** Types TypeScript prints the same wherever they appear (string, 'text', 2, null, never, object, ...). */
const PRINTED_AS_IS =
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.ESSymbolLike |
  ts.TypeFlags.Null |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Never |
  ts.TypeFlags.Void |
  ts.TypeFlags.NonPrimitive

/** Prints types structurally; a named, non-generic type becomes a declaration printed once. */
class StructuralPrinter {
  readonly declarations = new Map<string, string>()
  private readonly namesByTypeId = new Map<number, string>()
  private readonly anonymousInProgress = new Set<ts.Type>()

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly program: ts.Program,
  ) {}

  print(type: ts.Type): string {
    const { checker } = this
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'unknown'
    if (type.flags & PRINTED_AS_IS && !type.isUnion()) {
      return checker.typeToString(type)
    }
    const named = this.nameOf(type)
    if (named) return named
    if (type.isUnion()) return this.printUnion(type)
    if (type.isIntersection()) return type.types.map((member) => this.wrap(member)).join(' & ')
    if (checker.isTupleType(type)) {
      const tuple = type as ts.TypeReference
      return `${(tuple.target as ts.TupleType).readonly ? 'readonly ' : ''}[${checker
        .getTypeArguments(tuple)
        .map((item) => this.print(item))
        .join(', ')}]`
    }
    if (checker.isArrayType(type)) {
      const element = checker.getTypeArguments(type as ts.TypeReference)[0]
      const array = type.getSymbol()?.getName() === 'ReadonlyArray' ? 'ReadonlyArray' : 'Array'
      return `${array}<${element ? this.print(element) : 'unknown'}>`
    }
    const libName = this.libNameOf(type)
    if (libName) return libName
    return this.printObject(type)
  }

  private wrap(type: ts.Type): string {
    const printed = this.print(type)
    return type.isUnion() && !this.nameOf(type) ? `(${printed})` : printed
  }

  private printUnion(type: ts.UnionType): string {
    // `boolean` is `true | false` inside: print it as TypeScript does
    const members = type.types
    const hasTrue = members.some((member) => member.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(member) === 'true')
    const hasFalse = members.some((member) => member.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(member) === 'false')
    const printed = members
      .filter((member) => !(hasTrue && hasFalse && member.flags & ts.TypeFlags.BooleanLiteral))
      .map((member) => this.wrapFunctionless(member))
    if (hasTrue && hasFalse) printed.push('boolean')
    return printed.join(' | ')
  }

  private wrapFunctionless(type: ts.Type): string {
    const printed = this.print(type)
    return type.isIntersection() ? `(${printed})` : printed
  }

  /** A type from TypeScript's own lib (Date, Uint8Array, AsyncGenerator): printed by name with its arguments. */
  private libNameOf(type: ts.Type): string | undefined {
    const symbol = type.getSymbol()
    const declaration = symbol?.getDeclarations()?.[0]
    const isTypeDeclaration = symbol && symbol.getFlags() & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.TypeAlias)
    if (!isTypeDeclaration || !declaration || !this.program.isSourceFileDefaultLibrary(declaration.getSourceFile())) return undefined
    const typeArguments =
      type.flags & ts.TypeFlags.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference
        ? this.checker.getTypeArguments(type as ts.TypeReference)
        : []
    return typeArguments.length > 0 ? `${symbol.getName()}<${typeArguments.map((item) => this.print(item)).join(', ')}>` : symbol.getName()
  }

  /** The declaration name of a named, non-generic type outside TypeScript's lib, printing its declaration the first time. */
  private nameOf(type: ts.Type): string | undefined {
    const id = (type as unknown as { id: number }).id
    const known = this.namesByTypeId.get(id)
    if (known) return known
    const symbol = type.aliasSymbol && !type.aliasTypeArguments ? type.aliasSymbol : undefined
    const interfaceSymbol =
      !symbol && type.flags & ts.TypeFlags.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Interface && !this.libNameOf(type)
        ? type.getSymbol()
        : undefined
    const declared = symbol ?? interfaceSymbol
    if (!declared) return undefined
    const declaration = declared.getDeclarations()?.[0]
    if (declaration && this.program.isSourceFileDefaultLibrary(declaration.getSourceFile())) return undefined
    let name = declared.getName()
    for (let suffix = 2; this.declarations.has(name); suffix++) name = `${declared.getName()}${suffix}`
    this.namesByTypeId.set(id, name)
    this.declarations.set(name, '')
    const body = type.isUnion()
      ? this.printUnion(type)
      : type.isIntersection()
        ? type.types.map((member) => this.wrap(member)).join(' & ')
        : this.printInterface(type)
    this.declarations.set(name, `export type ${name} = ${body}`)
    return name
  }

  /** An interface that extends one of TypeScript's lib types (`interface JSONArray extends Array<JSONValue>`) is that type. */
  private printInterface(type: ts.Type): string {
    const libBase = type.isClassOrInterface()
      ? this.checker.getBaseTypes(type).find((base) => this.libNameOf(base) ?? this.checker.isArrayType(base))
      : undefined
    return libBase ? this.print(libBase) : this.printObject(type)
  }

  private printObject(type: ts.Type): string {
    if (this.anonymousInProgress.has(type)) return 'unknown'
    this.anonymousInProgress.add(type)
    try {
      const { checker } = this
      const members: string[] = []
      for (const info of checker.getIndexInfosOfType(type)) members.push(`[key: ${checker.typeToString(info.keyType)}]: ${this.print(info.type)}`)
      for (const property of checker.getPropertiesOfType(type)) {
        // a well-known symbol's member (Symbol.iterator) is named by a checker-internal id that changes with the program
        if (property.getName().startsWith('__@')) continue
        const optional = property.getFlags() & ts.SymbolFlags.Optional ? '?' : ''
        const name = /^[A-Za-z_$][\w$]*$/.test(property.getName()) ? property.getName() : JSON.stringify(property.getName())
        members.push(`${name}${optional}: ${this.print(checker.getTypeOfSymbol(property))}`)
      }
      if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) members.push('(...args: never[]): unknown')
      return `{ ${members.join('; ')} }`
    } finally {
      this.anonymousInProgress.delete(type)
    }
  }
}

function required<Value>(value: Value | undefined, what: string): Value {
  if (value === undefined) throw new Error(`the router probe has no ${what}`)
  return value
}

/** The procedures of the router: path, kind and the types a caller sends and receives. */
function proceduresOf(checker: ts.TypeChecker, inputs: ts.Type, outputs: ts.Type, kinds: ts.Type, prefix: string[] = []): Procedure[] {
  return checker.getPropertiesOfType(kinds).flatMap((property) => {
    const routePath = [...prefix, property.getName()]
    const dotted = routePath.join('.')
    if (OPERATOR_ONLY.some((excluded) => (excluded.endsWith('.') ? `${dotted}.`.startsWith(excluded) : dotted === excluded))) return []
    const kind = checker.getTypeOfSymbol(property)
    const inputType = checker.getTypeOfSymbol(required(checker.getPropertyOfType(inputs, property.getName()), `input of ${dotted}`))
    const outputType = checker.getTypeOfSymbol(required(checker.getPropertyOfType(outputs, property.getName()), `output of ${dotted}`))
    if (!kind.isStringLiteral()) return proceduresOf(checker, inputType, outputType, kind, routePath)
    const isStream = kind.value === 'mutation' && dotted.startsWith('workbench.')
    // a streaming procedure's output is an AsyncGenerator: the client hands out its events
    const output = isStream ? (checker.getTypeArguments(outputType as ts.TypeReference)[0] ?? outputType) : outputType
    return [{ path: routePath, kind: isStream ? 'stream' : (kind.value as ProcedureKind), input: inputType, output }]
  })
}

function nest(procedures: Procedure[], value: (procedure: Procedure) => string): string {
  const groups = new Map<string, Procedure[]>()
  for (const procedure of procedures) {
    const group = required(procedure.path[0], 'path')
    groups.set(group, [...(groups.get(group) ?? []), procedure])
  }
  const members = [...groups].map(([name, group]) => {
    const leaf = group.find((procedure) => procedure.path.length === 1)
    return `${name}: ${
      leaf
        ? value(leaf)
        : nest(
            group.map((procedure) => ({ ...procedure, path: procedure.path.slice(1) })),
            value,
          )
    }`
  })
  return `{ ${members.join('; ')} }`
}

/** The text of src/generated/api-types.ts, formatted as the repository's prettier does. */
export async function generateApiTypes(): Promise<string> {
  const probe = path.join(clientRoot, 'src/generated/.router-probe.ts')
  writeFileSync(
    probe,
    `import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../api/src/routers/app.ts'
type KindsOf<Record> = { [Key in keyof Record]: Record[Key] extends { _def: { type: infer Kind } } ? Kind : KindsOf<Record[Key]> }
export type Inputs = inferRouterInputs<AppRouter>
export type Outputs = inferRouterOutputs<AppRouter>
export type Kinds = KindsOf<AppRouter['_def']['record']>
`,
  )
  try {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(clientRoot, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )
    if (!config) throw new Error('packages/client/tsconfig.json could not be read')
    const program = ts.createProgram([probe], config.options)
    const checker = program.getTypeChecker()
    const aliases = new Map(
      required(program.getSourceFile(probe), 'source file')
        .statements.filter(ts.isTypeAliasDeclaration)
        .map((statement) => [statement.name.text, checker.getTypeAtLocation(statement.name)]),
    )
    const procedures = proceduresOf(
      checker,
      required(aliases.get('Inputs'), 'Inputs'),
      required(aliases.get('Outputs'), 'Outputs'),
      required(aliases.get('Kinds'), 'Kinds'),
    )
    const printer = new StructuralPrinter(checker, program)
    const inputs = nest(procedures, (procedure) => printer.print(procedure.input))
    const outputs = nest(procedures, (procedure) => printer.print(procedure.output))
    const kinds = nest(procedures, (procedure) => `'${procedure.kind}'`)
    const text = [
      '/* eslint-disable -- generated: the printer writes what TypeScript resolved, not the house style */',
      '// Generated by packages/client/scripts/generate-api-types.ts from the server router: do not edit.',
      '// Every procedure a token can call, with its input, output and kind, written out in full.',
      `export type ThreadlineInputs = ${inputs}`,
      `export type ThreadlineOutputs = ${outputs}`,
      `export type ThreadlineProcedureKinds = ${kinds}`,
      ...[...printer.declarations.values()].sort(),
    ].join('\n\n')
    const options = await prettier.resolveConfig(API_TYPES_FILE)
    return await prettier.format(text, { ...options, filepath: API_TYPES_FILE })
  } finally {
    rmSync(probe, { force: true })
  }
}
