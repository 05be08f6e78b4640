/**
 * The schemas of the published document as OpenAPI 3.0 wants them (ADR 0008). @fastify/swagger
 * already turns `const` into `enum`, `type: 'null'` and type lists into `nullable`; what it leaves
 * is rewritten here, once, when the document is generated (route schemas stay plain JSON Schema for Ajv):
 *
 * - a tuple (`Type.Tuple`: `items: [A, B]`, `additionalItems: false`; or `prefixItems`) becomes
 *   `items: A` if all its elements are the same schema, else `items: {anyOf: [A, B]}`, with
 *   `minItems`/`maxItems` of its length — OpenAPI 3.0 has only one `items` schema;
 * - a union of literals of one type (`anyOf: [{type: 'string', enum: ['a']}, …]`) becomes one
 *   `enum`, which client generators turn into an enum type.
 */

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `{type, enum: [one value]}` and nothing else: a converted literal. */
const isLiteral = (s: unknown) =>
  isSchema(s) &&
  Array.isArray(s.enum) &&
  s.enum.length === 1 &&
  typeof s.type === 'string' &&
  Object.keys(s).every((k) => k === 'type' || k === 'enum');

/** One schema, converted with everything below it. Never mutates its input. */
export function toOpenApi30(input: unknown): unknown {
  if (!isSchema(input)) return input;
  const s: Schema = { ...input };
  delete s.additionalItems;

  // Subschemas first, so the rules below see converted children.
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs'] as const) {
    if (isSchema(s[key])) {
      s[key] = Object.fromEntries(Object.entries(s[key] as Schema).map(([k, v]) => [k, toOpenApi30(v)]));
    }
  }
  for (const key of ['additionalProperties', 'not'] as const) {
    if (isSchema(s[key])) s[key] = toOpenApi30(s[key]);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    if (Array.isArray(s[key])) s[key] = (s[key] as unknown[]).map(toOpenApi30);
  }
  if (Array.isArray(s.items)) s.items = s.items.map(toOpenApi30);
  else if (isSchema(s.items)) s.items = toOpenApi30(s.items);

  // Tuples: OpenAPI 3.0 has one `items` schema; the length rule keeps what it can.
  const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
  if (tuple) {
    delete s.prefixItems;
    s.type = 'array';
    s.items = oneSchemaOf(tuple as unknown[]);
    s.minItems ??= tuple.length;
    s.maxItems ??= tuple.length;
  }

  // A union of literals of one type (TypeBox's string enums) becomes one enum: clients generate a type of it.
  const literals = s.anyOf;
  if (Array.isArray(literals) && literals.length > 1 && literals.every(isLiteral)) {
    const type = (literals[0] as Schema).type;
    if (literals.every((l) => (l as Schema).type === type)) {
      delete s.anyOf;
      s.type = type;
      s.enum = literals.flatMap((l) => (l as Schema).enum as unknown[]);
    }
  }
  return s;
}

/** The one `items` schema of a tuple: its element schema if all are the same, else any of them. */
function oneSchemaOf(elements: unknown[]): unknown {
  const distinct = [...new Map(elements.map((e) => [JSON.stringify(e), e])).values()];
  if (distinct.length === 0) return {};
  return distinct.length === 1 ? distinct[0] : { anyOf: distinct };
}

/**
 * Every schema of an OpenAPI document (components, parameters, bodies, responses) converted; the
 * rest of the document as it was.
 */
export function documentToOpenApi30<T extends object>(doc: T): T {
  const out = structuredClone(doc) as Schema;
  const components = out.components as Schema | undefined;
  if (components && isSchema(components.schemas)) {
    components.schemas = Object.fromEntries(
      Object.entries(components.schemas).map(([name, schema]) => [name, toOpenApi30(schema)]),
    );
  }
  const contentOf = (holder: unknown) => {
    if (!isSchema(holder) || !isSchema(holder.content)) return;
    for (const media of Object.values(holder.content)) {
      if (isSchema(media) && 'schema' in media) media.schema = toOpenApi30(media.schema);
    }
  };
  for (const item of Object.values((out.paths as Schema | undefined) ?? {})) {
    if (!isSchema(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isSchema(operation)) continue;
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (isSchema(parameter) && 'schema' in parameter) parameter.schema = toOpenApi30(parameter.schema);
      }
      contentOf(operation.requestBody);
      for (const response of Object.values(isSchema(operation.responses) ? operation.responses : {})) {
        contentOf(response);
      }
    }
  }
  return out as T;
}
