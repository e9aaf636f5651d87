import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useOpenApiDocument, type JsonSchema, type OpenApiOperation } from '../api/get-openapi-document.ts';

/** `/api/v2/conversations/{conversationId}` → `api-v2-conversations-conversationid`, for anchors. */
const anchorOf = (method: string, path: string) => `${method}-${path}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A schema's type in one short phrase: `string (uuid)`, `"a" | "b"`, `array of object`. */
function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (type === 'array') return `array of ${typeOf(schema.items)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** The object a schema describes, directly or as the items of an array. */
const objectOf = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.properties ? schema : schema?.items?.properties ? schema.items : undefined;

/** A schema as a tree of fields: name, type, whether required, and the fields of nested objects. */
function SchemaFields({ schema }: { schema: JsonSchema | undefined }) {
  const object = objectOf(schema);
  if (!object?.properties) return <p className="docs__schema-type">{typeOf(schema)}</p>;
  return (
    <ul className="docs__schema">
      {Object.entries(object.properties).map(([name, property]) => (
        <li key={name}>
          <code>{name}</code> <span className="docs__schema-type">{typeOf(property)}</span>
          {object.required?.includes(name) ? null : <span className="docs__schema-optional"> optional</span>}
          {property.description ? <span> — {property.description}</span> : null}
          {objectOf(property) ? <SchemaFields schema={property} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Operation({ method, path, operation }: { method: string; path: string; operation: OpenApiOperation }) {
  const body = operation.requestBody?.content ? Object.entries(operation.requestBody.content)[0] : undefined;
  const id = anchorOf(method, path);
  return (
    <section className="docs__tool" aria-labelledby={id}>
      <h3 id={id}>
        <code>
          {method.toUpperCase()} {path}
        </code>
      </h3>
      {operation.summary || operation.description ? <p>{operation.summary ?? operation.description}</p> : null}
      {operation.parameters?.length ? (
        <ScrollTable
          label={`Parameters of ${method.toUpperCase()} ${path}`}
          className="docs__table"
          caption="Parameters"
          headers={['Name', 'In', 'Type', 'Required']}
        >
          {operation.parameters.map((parameter) => (
            <tr key={`${parameter.in}-${parameter.name}`}>
              <td>
                <code>{parameter.name}</code>
              </td>
              <td>{parameter.in}</td>
              <td>{typeOf(parameter.schema)}</td>
              <td>{parameter.required ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      {body ? (
        <>
          <h4>Request body ({body[0]})</h4>
          <SchemaFields schema={body[1].schema} />
        </>
      ) : null}
      {Object.entries(operation.responses ?? {}).map(([status, response]) => {
        const schema = response.content ? Object.values(response.content)[0]?.schema : undefined;
        return (
          <div key={status}>
            <h4>
              Answer {status}
              {response.description && response.description !== 'Default Response' ? `: ${response.description}` : ''}
            </h4>
            {schema ? <SchemaFields schema={schema} /> : null}
          </div>
        );
      })}
    </section>
  );
}

/**
 * The REST API's reference, rendered from the server's OpenAPI 3.1 document (`GET /api/openapi.json`),
 * which is generated from the routes' zod schemas: every `/api` path with its parameters, request body
 * and answers, and a contents list.
 */
export function ApiReferencePage() {
  const document = useOpenApiDocument();
  const operations = Object.entries(document.data?.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
  return (
    <PageLayout title="REST API reference" wide publicPage>
      <div className="docs">
        {document.isPending ? <PageSpinner /> : null}
        {document.isError ? (
          <p role="alert">
            The API description could not be loaded.{' '}
            <button type="button" className="button button--secondary" onClick={() => void document.refetch()}>
              Retry
            </button>
          </p>
        ) : null}
        {document.data ? (
          <>
            <p>{document.data.info.description}</p>
            <p>
              The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI {document.data.openapi}).
            </p>
            <nav aria-label="Operations">
              <h2>Contents</h2>
              <ul>
                {operations.map(({ method, path }) => (
                  <li key={anchorOf(method, path)}>
                    <a href={`#${anchorOf(method, path)}`}>
                      <code>
                        {method.toUpperCase()} {path}
                      </code>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <h2>Operations</h2>
            {operations.map(({ method, path, operation }) => (
              <Operation key={anchorOf(method, path)} method={method} path={path} operation={operation} />
            ))}
          </>
        ) : null}
      </div>
    </PageLayout>
  );
}
