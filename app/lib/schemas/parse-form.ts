import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/**
 * The top-level field names a form schema has, or null when the schema's shape cannot be read (then
 * nothing is filtered). Unions give the names of every branch; a transform, those of its input.
 */
export function schemaFieldNames(schema: z.ZodType): Set<string> | null {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return schemaFieldNames(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) {
    const names = new Set<string>();
    for (const option of schema.options as z.ZodType[]) {
      const own = schemaFieldNames(option);
      if (!own) return null;
      for (const name of own) names.add(name);
    }
    return names;
  }
  return null;
}

/** `items[2].text` → `items`: the field a Conform name belongs to. */
const topLevelName = (name: string) => name.split(/[.[]/, 1)[0];

/**
 * Conform's parseWithZod on only the fields the schema has: a reply echoes what was posted, so a field the
 * form does not have (planted by anyone, of any shape) never reaches the payload, the reply or the page.
 * Conform's own intent (`__intent__`) is kept.
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, { schema }: { schema: Schema }) {
  const names = schemaFieldNames(schema);
  if (!names) return parseWithZod(formData, { schema });
  const kept = new FormData();
  for (const [name, value] of formData) if (name.startsWith("__") || names.has(topLevelName(name))) kept.append(name, value);
  return parseWithZod(kept, { schema });
}
