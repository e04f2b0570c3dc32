import type { ScanProgressEvent } from "@scouts/core/folders/api";

export type ProgressListener = (event: ScanProgressEvent) => void;

/**
 * Fan-out of scan progress to whoever listens (the agent's SSE stream, the CLI's progress bar).
 * @example const off = hub.subscribe((e) => console.log(e.processed, e.total)); hub.emit(e); off()
 */
export class ScanProgressHub {
  private readonly listeners = new Set<ProgressListener>();

  subscribe(listener: ProgressListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ScanProgressEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // One broken listener (a closed stream) must not stop the scan or other listeners.
      }
    }
  }
}
