// The planner's wire types, generated from the service's OpenAPI document (docs/openapi.json, which
// the core builds from its serde types): `npm run gen:types` writes www/src/api/generated/*.ts, one
// file per group of interfaces (the budgeting interface with the host's routes, which the planner
// uses; the core administration interface with the audit and the tokens), each with the schemas
// its operations reach. `npm run check:types` fails when a file is not what the document gives:
// scripts/test-www runs it, so a wire type changed in Rust and not regenerated here fails.
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
  // The budgeting interface's operations with their parameters, bodies and answers: the planner's
  // typed client (src/api/client.ts, `call`) takes its paths and types from them. The other
  // group's operations are not the planner's to call: its schemas only.
  const paths =
    group !== 'budgeting'
      ? {}
      : Object.fromEntries(
          Object.entries(document.paths)
            .map(([path, item]) => [
              path,
              Object.fromEntries(
                Object.entries(item)
                  .filter(([, op]) => tags.includes(op.tags[0]))
                  .map(([m, op]) => [m, bare(op)]),
              ),
            ])
            .filter(([, item]) => Object.keys(item).length > 0),
        );
  const ast = await openapiTS(
    { ...document, paths, components: { schemas: picked } },
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

const check = process.argv.includes('--check');
let stale = 0;
for (const [group, tags] of Object.entries(GROUPS)) {
  const { path, text } = await generate(group, tags);
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
