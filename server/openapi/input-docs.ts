import path from 'node:path'
import ts from 'typescript'

/** The contract's files as the TypeScript compiler sees them, and as modules (answers.ts). */
export interface Contract {
  program: ts.Program
  modules: Map<string, Record<string, unknown>>
}

/** What the contract's TSDoc says of an input schema: of the whole, and of each field. */
export interface InputDoc {
  description?: string
  fields: Map<string, string>
}

const VALIBOT_OBJECT = /^v\.(object|looseObject|strictObject)$/

function docOf(node: ts.Node): string | undefined {
  const text = ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join(' ')
    // A comment wrapped to the line length is one paragraph.
    .replace(/\s*\n\s*/g, ' ')
    .trim()
  return text || undefined
}

/** The documented fields of every `v.object({ … })` in an exported schema's initializer. */
function fieldDocs(initializer: ts.Node): Map<string, string> {
  const fields = new Map<string, string>()
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && VALIBOT_OBJECT.test(node.expression.getText())) {
      const [shape] = node.arguments
      if (shape && ts.isObjectLiteralExpression(shape)) {
        for (const property of shape.properties) {
          const name = property.name && ts.isIdentifier(property.name) ? property.name.text : ''
          const doc = docOf(property)
          if (name && doc && !fields.has(name)) fields.set(name, doc)
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(initializer)
  return fields
}

/**
 * The TSDoc of the contract's exported valibot schemas, by the schema itself (the operations
 * table holds values, not names): a schema's comment describes the call's input, its fields'
 * comments its parameters and body fields.
 */
export function inputDocs({ program, modules }: Contract): Map<unknown, InputDoc> {
  const docs = new Map<unknown, InputDoc>()
  for (const file of program.getRootFileNames()) {
    const source = program.getSourceFile(file)
    const values = modules.get(path.resolve(file))
    if (!source || !values) continue
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue
      for (const declaration of statement.declarationList.declarations) {
        const name = ts.isIdentifier(declaration.name) ? declaration.name.text : ''
        const value = values[name]
        if (!declaration.initializer || typeof value !== 'object' || value === null) continue
        const description = docOf(declaration)
        docs.set(value, {
          ...(description && { description }),
          fields: fieldDocs(declaration.initializer),
        })
      }
    }
  }
  return docs
}
