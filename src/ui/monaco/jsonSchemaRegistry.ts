/** One schema and the models (by URI) it validates, in the shape Monaco's JSON defaults take. */
export interface JsonSchemaEntry {
  uri: string;
  fileMatch: string[];
  schema: unknown;
}

/**
 * Monaco's JSON schemas are one global list; each editor with a `jsonSchema` adds its own entry
 * and removes it on unmount. Entries with the same schema URI are merged (one schema, every
 * model it applies to), so two editors on one schema do not fight over it.
 */
export function createJsonSchemaRegistry(apply: (schemas: JsonSchemaEntry[]) => void) {
  const byOwner = new Map<string, JsonSchemaEntry>();

  const publish = () => {
    const merged = new Map<string, JsonSchemaEntry>();
    for (const entry of byOwner.values()) {
      const known = merged.get(entry.uri);
      if (known) {
        merged.set(entry.uri, {
          uri: entry.uri,
          schema: entry.schema,
          fileMatch: [...new Set([...known.fileMatch, ...entry.fileMatch])],
        });
      } else {
        merged.set(entry.uri, { ...entry, fileMatch: [...entry.fileMatch] });
      }
    }
    apply([...merged.values()]);
  };

  return {
    set(owner: string, entry: JsonSchemaEntry): void {
      byOwner.set(owner, entry);
      publish();
    },
    remove(owner: string): void {
      if (byOwner.delete(owner)) publish();
    },
  };
}
