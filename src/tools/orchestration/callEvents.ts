import type { EventSink } from '../events';
import type { CallObserver } from '../execution';
import { describeWait, type WaitCause } from './waitCause';

/** Turns a call's reports into events (a class, so a call costs no closures). */
export class CallEventObserver implements CallObserver {
  constructor(
    private readonly id: string,
    private readonly emit: EventSink,
    private readonly now: () => number,
  ) {}

  onPermissionAsked(reason: string): void {
    const at = this.now();
    this.emit({ type: 'permission_asked', at, id: this.id, reason });
    const cause: WaitCause = { kind: 'permission' };
    this.emit({ type: 'call_waiting', at, id: this.id, cause, reason: describeWait(cause, (id) => id) });
  }

  onPermissionAnswered(answer: 'allow' | 'deny'): void {
    this.emit({ type: 'permission_answered', at: this.now(), id: this.id, answer });
  }

  onRunStarted(): void {
    this.emit({ type: 'call_running', at: this.now(), id: this.id });
  }

  onProgress(data: unknown): void {
    this.emit({ type: 'call_progress', at: this.now(), id: this.id, data });
  }
}
