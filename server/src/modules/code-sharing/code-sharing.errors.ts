import { REPOSITORY_FAILED_TEXT } from '@unstuck/contract';
import { AppError, notFound } from '../../lib/errors.ts';

// Errors of code archives and repositories (docs/decisions/024-error-codes.md).

/** 400 `invalid_archive`: the bytes are not a ZIP, or an entry is damaged; `detail` says which. */
export const invalidArchive = (detail: string) => new AppError('invalid_archive', 400, detail);

/** 422 `archive_refused`: a ZIP over the archive limits or with an unsafe path; `detail` names the limit. Nothing was stored. */
export const archiveRefused = (detail: string) => new AppError('archive_refused', 422, detail);

/** 502 `upstream_failed`: the repository could not be made (GitHub or git failed); docs/product.md "Errors" text. */
export const repositoryFailed = () => new AppError('upstream_failed', 502, REPOSITORY_FAILED_TEXT);

/** 404 on git's smart HTTP: no local repository by that name. */
export const repositoryNotFound = () => notFound('Repository not found');

/** 401 on git's smart HTTP with a Basic challenge (RFC 7617), so git asks for credentials; git reads no body. */
export const repositoryCredentialsRequired = () =>
  new AppError('unauthenticated', 401, 'Authentication required', {
    'www-authenticate': 'Basic realm="Unstuck repositories", charset="UTF-8"',
  });
