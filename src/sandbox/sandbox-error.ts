/** A refusal of the sandbox, carrying the HTTP status the contract fixes for it. */
export class SandboxError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 502,
    message: string
  ) {
    super(message)
    this.name = "SandboxError"
  }
}
