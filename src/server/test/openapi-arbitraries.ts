import fc from 'fast-check';

/**
 * Random and malformed requests for an endpoint, generated from its OpenAPI operation: values of the
 * documented shape mixed with hostile ones (wrong types, huge strings, negative, fractional and huge
 * numbers, NUL bytes and odd unicode, SQL and HTML fragments), objects with fields missing and extra,
 * bodies that are not JSON or not of the declared content type.
 */

export interface SchemaObject {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  additionalProperties?: boolean | SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  nullable?: boolean;
  $ref?: string;
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: SchemaObject;
}

export interface OperationObject {
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject>; parameters?: Record<string, ParameterObject> };
}

/** A request as the test client sends it. */
export interface GeneratedRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  /** What the body is, for the failure report. */
  bodyKind: string;
  body?: string | FormData;
}

/** Text that has broken parsers, queries and pages elsewhere. */
const hostileTexts = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '1; SELECT pg_sleep(10)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '\u202eevil\u202c',
  '\ud800',
  '\udfff\ud800',
  '\ufeff\u200b',
  'Z̷̢̛a̶l̴g̸o̵',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
  '2026-02-30T25:61:00Z',
  '9999-12-31T23:59:59.999Z',
];

const hostileNumbers = [-1, -0, 0.5, -0.0001, 1.000001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e308, -1e308, 5e-324];

/** Strings long enough to pass any documented limit, within and beyond the body limits. */
const hugeText = fc.constantFrom(1_001, 10_000, 200_000).chain((length) => fc.constantFrom('x', 'é', '\u0000', '<').map((unit) => unit.repeat(length)));

const hostileText = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileTexts), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: hugeText, weight: 1 },
);

/** Any JSON value of the wrong kind for wherever it lands. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: fc.constantFrom(...hostileNumbers), weight: 3 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
  { arbitrary: fc.constantFrom([], {}, [null], { $gt: '' }, [[[[]]]]), weight: 1 },
);

/** Fields nobody documents, some of which name what a caller must never set. */
const extraKeys = ['id', 'role', 'isAdmin', 'profileId', 'customerProfileId', 'price', 'total', 'status', 'constructor', '__proto__', 'x'.repeat(300)];

export interface GeneratorOptions {
  document: OpenApiDocument;
  /** Ids that exist, so some requests get past "not found" to the code behind it. */
  knownIds: readonly string[];
}

export function createRequestGenerator({ document, knownIds }: GeneratorOptions) {
  const resolve = <T extends object>(node: T | { $ref: string }): T => {
    if (!('$ref' in node) || typeof node.$ref !== 'string') return node as T;
    const [, , section, name] = node.$ref.split('/');
    const found = (document.components as Record<string, Record<string, unknown>> | undefined)?.[section!]?.[name!];
    if (!found) throw new Error(`Unresolved reference ${node.$ref}`);
    return resolve(found as T);
  };

  const idValue = fc.oneof(
    { arbitrary: knownIds.length > 0 ? fc.constantFrom(...knownIds) : fc.uuid(), weight: 3 },
    { arbitrary: fc.uuid(), weight: 1 },
  );

  /** A value of the schema's documented shape, bounds included and just beyond. */
  function typedValue(schema: SchemaObject, depth: number): fc.Arbitrary<unknown> {
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => value(resolve(choice), depth)));
    if (schema.allOf) {
      const merged = schema.allOf.map((part) => resolve(part)).reduce<SchemaObject>(
        (all, part) => ({ ...all, ...part, properties: { ...all.properties, ...part.properties }, required: [...(all.required ?? []), ...(part.required ?? [])] }),
        {},
      );
      return typedValue(merged, depth);
    }
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => typedValue({ ...schema, type }, depth)));
    const nullable = schema.nullable ? [fc.constant(null)] : [];
    switch (types[0]) {
      case 'string':
        return fc.oneof(stringValue(schema), ...nullable);
      case 'integer': {
        const min = schema.minimum ?? -1_000;
        const max = schema.maximum ?? Math.max(min, 0) + 1_000;
        return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 1_000_000)) }), fc.constantFrom(min - 1, max + 1), ...nullable);
      }
      case 'number': {
        const min = schema.minimum ?? -1_000;
        const max = schema.maximum ?? min + 1_000;
        return fc.oneof(fc.double({ min, max, noNaN: true }), ...nullable);
      }
      case 'boolean':
        return fc.oneof(fc.boolean(), ...nullable);
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.oneof(fc.array(schema.items ? value(resolve(schema.items), depth + 1) : hostileValue, { maxLength: Math.min(schema.maxItems ?? 3, 3) }), ...nullable);
      case 'object':
        return fc.oneof(objectValue(schema, depth), ...nullable);
      default:
        // An unconstrained schema takes anything; give it something.
        return hostileValue;
    }
  }

  function stringValue(schema: SchemaObject): fc.Arbitrary<string> {
    switch (schema.format) {
      case 'uuid':
        return idValue;
      case 'email':
        return fc.emailAddress();
      case 'date-time':
        return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
      case 'date':
        return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
      case 'uri':
        return fc.webUrl();
      default: {
        const minLength = schema.minLength ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 80));
        return fc.oneof(
          fc.string({ minLength, maxLength }),
          // One past the documented length.
          ...(schema.maxLength !== undefined && schema.maxLength < 100_000 ? [fc.constant('a'.repeat(schema.maxLength + 1))] : []),
        );
      }
    }
  }

  function objectValue(schema: SchemaObject, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const record = fc.record(
      Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, value(resolve(property), depth + 1)])),
      // Optional fields come and go; a required one goes missing now and then below.
      { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
    );
    return fc
      .tuple(
        record,
        fc.option(fc.constantFrom(...Object.keys(properties), '-'), { freq: 4 }),
        fc.option(fc.dictionary(fc.constantFrom(...extraKeys), hostileValue, { maxKeys: 2 }), { freq: 4 }),
      )
      .map(([fields, missing, extra]) => {
        const result: Record<string, unknown> = { ...fields };
        if (missing !== null) delete result[missing];
        // defineProperty, so "__proto__" is an own field that JSON.stringify writes out.
        for (const [key, extraValue] of Object.entries(extra ?? {})) Object.defineProperty(result, key, { value: extraValue, enumerable: true });
        return result;
      });
  }

  /** Mostly the documented shape at this spot, now and then something hostile instead; deep nesting ends in hostile leaves. */
  function value(schema: SchemaObject, depth: number): fc.Arbitrary<unknown> {
    if (depth > 4) return hostileValue;
    return fc.oneof({ arbitrary: typedValue(schema, depth), weight: 5 }, { arbitrary: hostileValue, weight: 1 });
  }

  /** A parameter's text, for the path, the query or a header. */
  function parameterText(parameter: ParameterObject): fc.Arbitrary<string> {
    const schema = parameter.schema ? resolve(parameter.schema) : {};
    const typed = typedValue(schema, 0).map((generated) => (typeof generated === 'string' ? generated : JSON.stringify(generated) ?? ''));
    // Huge text in a URL tests the URL parser more than the endpoint; keep it to what a proxy lets through.
    const hostile = fc.oneof(fc.constantFrom(...hostileTexts), fc.string({ unit: 'binary', maxLength: 40 }), fc.constant('9'.repeat(4_000)));
    return fc.oneof({ arbitrary: typed, weight: 3 }, { arbitrary: hostile, weight: 2 });
  }

  const rawBodies = ['{', '{"a":1', '{"a":1}}', '[', 'nul', '\u0000', '{"a":"\\ud800"}', '{"a":1e999}', '{"__proto__":{"isAdmin":true}}', '\ufeff{}', '<xml/>', 'a=1&b=2'];

  function bodyFor(operation: OperationObject, method: string): fc.Arbitrary<Pick<GeneratedRequest, 'body' | 'bodyKind' | 'headers'>> {
    const none = fc.constant({ bodyKind: 'none', headers: {} });
    if (method === 'GET' || method === 'HEAD') return none;
    const content = operation.requestBody?.content ?? {};
    const jsonSchema = content['application/json']?.schema;
    const documented = jsonSchema ? value(resolve(jsonSchema), 0) : hostileValue;
    const json = documented.map((body) => ({ bodyKind: 'json', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) ?? 'null' }));
    const malformedJson = fc.constantFrom(...rawBodies).map((body) => ({ bodyKind: 'malformed json', headers: { 'content-type': 'application/json' }, body }));
    const wrongType = fc
      .tuple(documented, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x'))
      .map(([body, type]) => ({ bodyKind: `json as ${type}`, headers: { 'content-type': type }, body: JSON.stringify(body) ?? 'null' }));
    const variants: fc.WeightedArbitrary<Pick<GeneratedRequest, 'body' | 'bodyKind' | 'headers'>>[] = [
      { arbitrary: json, weight: content['application/json'] ? 6 : 1 },
      { arbitrary: malformedJson, weight: 1 },
      { arbitrary: wrongType, weight: 1 },
      { arbitrary: none, weight: 1 },
    ];
    if (content['multipart/form-data']) variants.push({ arbitrary: formBody, weight: 6 });
    return fc.oneof(...variants);
  }

  const fileBytes = fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    // A real image's magic number before whatever follows.
    fc.uint8Array({ maxLength: 64 }).map((rest) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...rest])),
    fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
  );
  const formBody = fc
    .tuple(
      fc.constantFrom('file', 'image', 'upload', ''),
      fileBytes,
      fc.oneof(fc.constantFrom('a.png', 'a.jpg', '../../a.png', 'a.svg', '', 'a\u0000.png', '<b>.png'), fc.string({ maxLength: 20 })),
      fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
      fc.boolean(),
    )
    .map(([field, bytes, name, type, asText]) => {
      const form = new FormData();
      if (asText) form.set(field, new TextDecoder().decode(bytes));
      else form.set(field, new File([bytes], name, { type }));
      // FormData sets its own content type with the boundary.
      return { bodyKind: `form (${field}: ${asText ? 'text' : `${type} file ${name}`})`, headers: {}, body: form };
    });

  /** Random and malformed requests for one operation. */
  return function requestsFor(path: string, method: string, operation: OperationObject): fc.Arbitrary<GeneratedRequest> {
    const parameters = (operation.parameters ?? []).map((parameter) => resolve<ParameterObject>(parameter));
    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const optional = parameters.filter((parameter) => parameter.in === 'query' || parameter.in === 'header');
    return fc
      .tuple(
        fc.tuple(...pathParameters.map((parameter) => parameterText(parameter))),
        fc.tuple(...optional.map((parameter) => fc.option(parameterText(parameter), { freq: 2 }))),
        fc.option(fc.tuple(fc.constantFrom(...extraKeys), fc.constantFrom(...hostileTexts)), { freq: 4 }),
        bodyFor(operation, method.toUpperCase()),
      )
      .map(([pathValues, optionalValues, extraQuery, body]) => {
        let url = path;
        pathParameters.forEach((parameter, index) => {
          // A lone surrogate cannot be percent-encoded (a client cannot send one in a URL): it goes as U+FFFD.
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(pathValues[index]!.toWellFormed()));
        });
        const query = new URLSearchParams();
        const headers: Record<string, string> = { ...body.headers };
        optional.forEach((parameter, index) => {
          const text = optionalValues[index];
          if (text === null || text === undefined) return;
          if (parameter.in === 'query') query.append(parameter.name, text);
          // A header cannot carry every character; what it cannot carry a client cannot send.
          else if (/^[\t\x20-\x7e]*$/.test(text)) headers[parameter.name] = text;
        });
        if (extraQuery) query.append(extraQuery[0], extraQuery[1]);
        const search = query.toString();
        return { path: search ? `${url}?${search}` : url, method: method.toUpperCase(), headers, bodyKind: body.bodyKind, body: body.body };
      });
  };
}
