/**
 * A macrotask hop: `callback` runs in a task of its own, after every microtask queued before it.
 * A message port hops without setTimeout's 4 ms clamp on nested timers in a browser, and in Node
 * it is cheaper than setImmediate (the virtual clock's replays ran about a third faster on it,
 * docs/performance.md); setTimeout is the fallback where there is no MessageChannel. In Node the
 * port holds the process open only while a hop waits, as a pending setImmediate would.
 */
export function messageHop(): (callback: () => void) => void {
  if (typeof MessageChannel !== 'function') return (callback) => setTimeout(callback, 0);
  const channel = new MessageChannel();
  // Node's ports have ref/unref (a browser's do not): an idle one must not keep the process alive.
  const port = channel.port1 as MessagePort & { ref?: () => void; unref?: () => void };
  const queue: (() => void)[] = [];
  port.onmessage = () => {
    const callback = queue.shift();
    if (queue.length === 0) port.unref?.();
    callback?.();
  };
  port.unref?.();
  return (callback) => {
    queue.push(callback);
    port.ref?.();
    channel.port2.postMessage(null);
  };
}

let shared: ((callback: () => void) => void) | undefined;

/** The thread's one message hop, made at its first use: every virtual clock hops through it rather than each opening a channel of its own. */
export function nextTask(callback: () => void): void {
  (shared ??= messageHop())(callback);
}
