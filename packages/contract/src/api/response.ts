import { z } from 'zod';

/**
 * Response schemas of the API: every handled outcome is HTTP 200 with either the ok
 * envelope of the route's message or the error envelope. A route declares
 * `response: apiResponse(<message schema>)`; the server serialises its answers through it (fields
 * the schema does not name are not sent) and the OpenAPI document types every answer. The web app
 * and the console take their types from the same schemas (`z.infer`), never from copies.
 */
export const errorEnvelopeSchema = z.object({
  type: z.union([z.literal('error'), z.literal(999), z.literal(998)]),
  code: z.literal(0),
  message: z.string(),
  error: z.string().optional(),
});

export function okEnvelopeSchema<T extends z.ZodType>(message: T) {
  return z.object({ type: z.literal('ok'), code: z.literal(1), message });
}

/** The `response` option of a route whose ok message is `message`. */
export function apiResponse<T extends z.ZodType>(message: T) {
  return { 200: z.union([okEnvelopeSchema(message), errorEnvelopeSchema]) };
}

/** Shapes every domain repeats. */
export const decimalText = z.string().describe('exact decimal, as text');
export const isoTime = z.string().describe('ISO 8601 instant');
