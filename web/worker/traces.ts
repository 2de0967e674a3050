// The trace files the page has read, by name: a scenario names its trace (a link cannot carry
// a file), and every engine worker — the run's, the sweep's, the designs' — is handed the file
// for that name and reads it itself, streaming, never whole.
const files = new Map<string, Blob>();

export function registerTrace(name: string, file: Blob): void {
  files.set(name, file);
}

export function traceFile(name: string): Blob | undefined {
  return files.get(name);
}
