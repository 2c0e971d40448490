// The one error of the installer: a refusal or failure the CLI prints as one line (plus, for a
// trust refusal, the findings under it) and exits 1 on. Anything else that reaches the CLI is a bug.
export class InstallError extends Error {
  override readonly name = "InstallError";
  /** Lines printed under the message (the scanner's findings, the files that differ). */
  readonly details: readonly string[];

  constructor(message: string, details: readonly string[] = []) {
    super(message);
    this.details = details;
  }
}
