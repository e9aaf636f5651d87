import { errorResponseSchema } from '@unstuck/contract';

/** Response schemas for the error statuses a route answers, each `{ code, detail }` (the contract's errorResponseSchema). */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as { [K in Codes[number]]: typeof errorResponseSchema };
}
