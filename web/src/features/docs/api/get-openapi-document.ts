import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A JSON Schema as the OpenAPI document holds it (only what the reference page reads). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** One operation of the OpenAPI 3.1 document. */
export interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

/** The parts of `GET /api/openapi.json` the reference page shows. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * `GET /api/openapi.json`: the server's OpenAPI 3.1 document, generated from the same zod schemas the
 * routes validate with (so it is typed here, not parsed again).
 */
export const useOpenApiDocument = () =>
  useQuery({
    queryKey: ['openapi'],
    queryFn: () => apiRequest<OpenApiDocument>('/api/openapi.json', { identity: 'none' }),
    staleTime: Infinity,
  });
