// What the CLI is given by its caller (the bin passes the process's): streams, environment, the
// current folder and the home folder. Tests run main() with their own.
export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Input {
  isTTY?: boolean;
  on(event: "data", listener: (chunk: Buffer | string) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  removeAllListeners(event: "data" | "end"): unknown;
  pause(): unknown;
  resume(): unknown;
}

export interface Io {
  stdout: Output;
  stderr: Output;
  stdin?: Input;
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
}
