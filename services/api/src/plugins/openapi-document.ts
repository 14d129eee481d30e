/**
 * Completes the generated OpenAPI document for integrators' tools (issue 20): each operation gets a stable
 * `operationId` (generated clients name their functions after it) and its error answers, which every route shares:
 * a 4xx or 5xx answer is always `{statusCode, error, message, field?}` (errors.ts, plugins/error-handler.ts), so one
 * `4XX` and one `5XX` response describe them all and a validating proxy finds no answer the document does not know.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  responses?: Record<string, unknown>;
}

const pascal = (s: string) => s.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')).replace(/^./, (c) => c.toUpperCase());

/**
 * 'get' '/api/v1/InspectionProtocols/{id}/export' → 'getInspectionProtocolsByIdExport'; '/auth/user' keeps its
 * 'Auth'. Unique ignoring case (some generators lower-case them): a repeat gets a number.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      const param = /^\{(.+)\}$/.exec(seg);
      return param ? `By${pascal(param[1]!)}` : pascal(seg);
    });
  return `${method}${words.join('')}`;
}

const ERROR_SCHEMA = {
  type: 'object',
  description: 'Every error answer. `message` starts with the field it blames, which `field` names ("email: must be an e-mail address").',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status again' },
    error: { type: 'string', description: 'BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_MANY_REQUESTS, INTERNAL_SERVER_ERROR…' },
    message: { type: 'string' },
    field: { type: 'string', description: 'The input field the error is about, when it is about one' },
  },
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/**
 * Schemas are walked for one fix: zod writes `unknown().nullable()` as `anyOf: [{}, {type: 'null'}]`, whose empty
 * member already matches anything (redocly's no-illogical-composition-keywords): the anyOf goes, the schema stays
 * 'any value'.
 */
function simplifySchemas(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(simplifySchemas);
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (Array.isArray(o.anyOf) && o.anyOf.some((x) => x && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 0)) delete o.anyOf;
  for (const v of Object.values(o)) simplifySchemas(v);
}

/**
 * Fastify's wildcard route (`/api/v1/files/*`, the rest of the path a storage key with slashes) comes out as the
 * path `{*}`, which no client can fill: it is documented as the parameter `key`.
 */
function nameWildcards(paths: Record<string, Record<string, Operation>>) {
  for (const path of Object.keys(paths)) {
    if (!path.includes('{*}')) continue;
    const item = paths[path]!;
    for (const op of Object.values(item)) {
      for (const p of (op.parameters as Json[] | undefined) ?? []) {
        if (p.in === 'path' && p.name === '*') Object.assign(p, { name: 'key', description: 'The rest of the path (it may hold slashes)' });
      }
    }
    delete paths[path];
    paths[path.replace('{*}', '{key}')] = item;
  }
}

/** Adds operation ids, the error schema and the shared error answers to the document (in place; answers it). */
export function completeOpenApiDocument<T extends Json>(doc: T): T {
  simplifySchemas((doc as Json).paths);
  nameWildcards(((doc as Json).paths ?? {}) as Record<string, Record<string, Operation>>);
  const components = ((doc as Json).components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  schemas.Error = ERROR_SCHEMA;
  const responses = (components.responses ??= {}) as Json;
  responses.ClientError = errorResponse('Refused: 400 bad input (the message names the field), 401 not signed in, 403 not allowed, 404 not found (or not visible to the caller), 409 conflict, 429 too many requests');
  responses.ServerError = errorResponse('The server failed; the request may be repeated');

  const taken = new Set<string>();
  const paths = ((doc as Json).paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      let id = op.operationId ?? operationIdOf(method, path);
      for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${operationIdOf(method, path)}${n}`;
      taken.add(id.toLowerCase());
      op.operationId = id;
      const answers = (op.responses ??= {});
      if (!Object.keys(answers).some((code) => code.startsWith('4'))) answers['4XX'] = { $ref: '#/components/responses/ClientError' };
      if (!Object.keys(answers).some((code) => code.startsWith('5'))) answers['5XX'] = { $ref: '#/components/responses/ServerError' };
    }
  }
  return doc;
}
