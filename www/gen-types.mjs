// The planner's wire types, generated from the service's OpenAPI document (docs/openapi.json, which
// the core builds from its serde types): `npm run gen:types` writes www/src/api/generated/*.ts, one
// file per group of interfaces (the budgeting interface with the host's routes, which the planner
// uses; the core administration interface with the audit and the tokens), each with the schemas
// its operations reach, and the budgeting interface's operations, a line each (operations.ts).
// `npm run check:types` fails when a file is not what the document gives: scripts/test-www runs
// it, so a wire type changed in Rust and not regenerated here fails.
//
// Every JSON number of the document (money, rates, percentages, ids) becomes `WireNum`, a marker
// that src/api/types.ts maps to what the planner holds: the exact text of the number when it reads
// an answer (`Dec`), a LosslessNumber when it writes a body. No figure becomes a float.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import * as prettier from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const document = JSON.parse(readFileSync(`${root}docs/openapi.json`, 'utf8'));
const schemas = document.components.schemas;

/** The groups, by the tags of their operations. */
const GROUPS = {
  budgeting: ['budgeting', 'host'],
  core: ['core', 'audit', 'oauth'],
};

/** The names of the schemas `value` refers to, and those they refer to, into `found`. */
function reach(value, found) {
  for (const [, name] of JSON.stringify(value).matchAll(/#\/components\/schemas\/([A-Za-z0-9_]+)/g)) {
    if (!found.has(name)) {
      found.add(name);
      reach(schemas[name], found);
    }
  }
  return found;
}

/** The keywords of a schema that are prose, not type. */
const PROSE = ['description', 'default', 'format', 'title', 'examples'];

/** `schema` without its prose (descriptions, defaults, formats): the types only, kept short; the
 * words stay in docs/openapi.json and in the Rust types they come from. The names of `properties`
 * are fields, not keywords: a field named `description` or `title` stays (only its schema is bared). */
function bare(schema) {
  if (Array.isArray(schema)) return schema.map(bare);
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value).map(([name, field]) => [name, bare(field)]));
    else if (!PROSE.includes(key)) out[key] = bare(value);
  }
  return out;
}

const wireNum = ts.factory.createTypeReferenceNode('WireNum');
const nullType = ts.factory.createLiteralTypeNode(ts.factory.createNull());
const isNumber = (type) => type === 'number' || type === 'integer';

/** The TypeScript of the schemas that the operations tagged `tags` reach. */
async function generate(group, tags) {
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item).filter((op) => tags.includes(op.tags[0])));
  const names = [...reach(operations, new Set())].sort();
  const picked = Object.fromEntries(names.map((name) => [name, bare(schemas[name])]));
  const ast = await openapiTS(
    { ...document, paths: {}, components: { schemas: picked } },
    {
      // Numbers as the marker; a nullable number as the marker or null.
      transform(schema) {
        if (Array.isArray(schema.type) && schema.type.some(isNumber)) {
          return schema.type.includes('null') ? ts.factory.createUnionTypeNode([wireNum, nullType]) : wireNum;
        }
        if (isNumber(schema.type)) return wireNum;
        return undefined;
      },
    },
  );
  const path = `${root}www/src/api/generated/${group}.ts`;
  const header = `// Generated from docs/openapi.json by www/gen-types.mjs (npm run gen:types): do not edit.
// The schemas of the ${tags.join(', ')} operations. Every JSON number is a WireNum, which
// src/api/types.ts maps to the planner's exact forms.
import type { WireNum } from '../wire';

`;
  const config = await prettier.resolveConfig(path);
  return { path, text: await prettier.format(header + astToString(ast), { ...config, filepath: path }) };
}

/** The TypeScript of a schema of an operation's body or answer (the shapes the budgeting
 * interface's operations use: a component, a list, a union, a number, a flag, a text). */
function typeOf(schema) {
  if (schema.$ref) return `S['${schema.$ref.split('/').pop()}']`;
  if (schema.anyOf || schema.oneOf) return (schema.anyOf ?? schema.oneOf).map(typeOf).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types
    .map((type) => {
      if (isNumber(type)) return 'WireNum';
      if (type === 'array') {
        const item = typeOf(schema.items);
        return item.includes('|') ? `(${item})[]` : `${item}[]`;
      }
      if (type === 'string' || type === 'boolean' || type === 'null') return type;
      if (type === 'object' && schema.properties) {
        const required = new Set(schema.required ?? []);
        const fields = Object.entries(schema.properties).map(([name, field]) => `${name}${required.has(name) ? '' : '?'}: ${typeOf(field)}`);
        return `{ ${fields.join('; ')} }`;
      }
      throw new Error(`gen-types: no TypeScript for the schema ${JSON.stringify(schema)}`);
    })
    .join(' | ');
}

/** The budgeting interface's operations, one line each: its path's ids, its query parameters
 * (required or not), its body and the `success` it answers. The planner's typed client
 * (src/api/client.ts, `call`) takes its paths and types from them. */
async function operationsFile() {
  const lines = [];
  for (const [template, item] of Object.entries(document.paths)) {
    if (!template.startsWith('/budgets/1/')) continue;
    for (const [method, op] of Object.entries(item)) {
      const params = op.parameters ?? [];
      const ids = params.filter((p) => p.in === 'path').map((p) => `${p.name}: WireNum`);
      const query = params.filter((p) => p.in === 'query').map((p) => `${p.name}${p.required ? '' : '?'}: string`);
      const body = op.requestBody?.content?.['application/json']?.schema;
      // An operation that answers a file (a workbook) is a link, not a typed call.
      const json = op.responses['200']?.content?.['application/json'];
      if (!json) continue;
      const answer = json.schema.properties.success;
      const path = ids.length ? `{ ${ids.join('; ')} }` : 'never';
      const q = query.length ? `{ ${query.join('; ')} }` : 'never';
      lines.push(
        `  '${method.toUpperCase()} ${template.slice('/budgets/1'.length)}': { path: ${path}; query: ${q}; body: ${body ? typeOf(body) : 'never'}; answer: ${typeOf(answer)} };`,
      );
    }
  }
  const path = `${root}www/src/api/generated/operations.ts`;
  const text = `// Generated from docs/openapi.json by www/gen-types.mjs (npm run gen:types): do not edit.
// The budgeting interface's operations by method and path template (without /budgets/1): the ids
// their path holds, their query parameters, their body and the \`success\` they answer.
import type { components } from './budgeting';
import type { WireNum } from '../wire';

type S = components['schemas'];

export interface BudgetingOperations {
${lines.join('\n')}
}
`;
  const config = await prettier.resolveConfig(path);
  return { path, text: await prettier.format(text, { ...config, filepath: path }) };
}

const check = process.argv.includes('--check');
let stale = 0;
const files = [...(await Promise.all(Object.entries(GROUPS).map(([group, tags]) => generate(group, tags)))), await operationsFile()];
for (const { path, text } of files) {
  if (check) {
    let kept = '';
    try {
      kept = readFileSync(path, 'utf8');
    } catch {
      // missing: reported below
    }
    if (kept !== text) {
      console.error(`${path} is not what docs/openapi.json gives: run npm run gen:types and commit the result`);
      stale += 1;
    }
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${path}`);
  }
}
if (stale > 0) process.exit(1);
if (check) console.log('www/src/api/generated matches docs/openapi.json');
