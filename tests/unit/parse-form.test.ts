import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, schemaFieldNames } from "~/lib/schemas/parse-form";

const schema = z.object({ name: z.string().min(1, "Enter a name"), tags: z.array(z.string()).optional() });

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("parseForm", () => {
  it("echoes only the fields the schema has, so a planted field never reaches the reply", () => {
    const submission = parseForm(
      form([
        ["name", ""],
        ["tags[0]", "verse"],
        ["x[999]", "1"],
        ["planted.a.b", "2"],
      ]),
      { schema },
    );
    const reply = submission.reply();
    expect(reply.initialValue).toEqual({ tags: ["verse"] });
    expect(Object.keys(reply.error ?? {})).toEqual(["name"]);
  });

  it("parses a valid form as Conform does", () => {
    const submission = parseForm(form([["name", "Milton"]]), { schema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ name: "Milton" });
  });

  it("reads the names of objects, unions and transforms, and filters nothing when it cannot", () => {
    expect(schemaFieldNames(schema)).toEqual(new Set(["name", "tags"]));
    const union = z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), a: z.string() }), z.object({ kind: z.literal("b"), b: z.string() })]);
    expect(schemaFieldNames(union)).toEqual(new Set(["kind", "a", "b"]));
    expect(schemaFieldNames(schema.transform((v) => v.name))).toEqual(new Set(["name", "tags"]));
    expect(schemaFieldNames(z.string())).toBeNull();
  });
});
