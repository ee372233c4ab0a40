/**
 * A macrotask hop: `callback` runs in a task of its own, after every microtask queued before it.
 * In a browser a message port hops without setTimeout's 4 ms clamp on nested timers; setTimeout is
 * the fallback where there is no MessageChannel.
 */
export function messageHop(): (callback: () => void) => void {
  if (typeof MessageChannel !== 'function') return (callback) => setTimeout(callback, 0);
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (callback) => {
    queue.push(callback);
    channel.port2.postMessage(null);
  };
}
