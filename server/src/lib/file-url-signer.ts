// The files module's signer of file links, as other modules use it (AppDeps `fileUrls`; made by
// files/file-urls.ts). Declared here so that app-deps.ts imports no module (docs/decisions/079-no-hidden-cycles.md).

/** Signs and checks the expiring links to stored files (docs/decisions/049-signed-file-links.md). */
export interface FileUrlSigner {
  /** `/api/v2/files/{id}?expires=…&signature=…`: valid between one and two TTLs from now. */
  sign(fileId: string): string;
  /**
   * @param expires the link's `expires` (Unix seconds, as written in the query).
   * @returns seconds the link stays valid, or null when it is forged, for another file or expired.
   */
  check(fileId: string, expires: string | undefined, signature: string | undefined): number | null;
}
