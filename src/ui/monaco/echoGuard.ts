/** What a controlled editor should do with a `value` prop it was given. */
export type IncomingValue = 'in-sync' | 'stale-echo' | 'apply';

/** How many of its own recent texts an editor remembers per document. */
const REMEMBERED = 32;

/**
 * Tells a parent's `value` that merely echoes an older text the user typed (a parent that updates
 * late, or debounces) from a real change made outside the editor. Echoes are ignored, so typing
 * is never overwritten by a lagging parent; real changes are applied. Per document (`key`).
 */
export class EchoGuard {
  private readonly emitted = new Map<string, string[]>();

  /** Remembers a text the editor reported through `onChange`. */
  noteEmitted(key: string, text: string): void {
    const list = this.emitted.get(key) ?? [];
    list.push(text);
    if (list.length > REMEMBERED) list.shift();
    this.emitted.set(key, list);
  }

  /** Classifies `incoming` against the editor's `current` text and forgets what is settled. */
  classify(key: string, incoming: string, current: string): IncomingValue {
    if (incoming === current) {
      this.emitted.delete(key);
      return 'in-sync';
    }
    if (this.emitted.get(key)?.includes(incoming)) return 'stale-echo';
    this.emitted.delete(key);
    return 'apply';
  }

  forget(key: string): void {
    this.emitted.delete(key);
  }
}
