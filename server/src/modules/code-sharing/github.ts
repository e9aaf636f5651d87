import { Octokit } from '@octokit/rest';

/** The GitHub account that owns the repositories we create, and how people get access. */
export interface GitHubOptions {
  token: string;
  /** The organization or user that owns the repositories. */
  owner: string;
  /** The REST API's base URL (GitHub Enterprise Server, or a local stand-in in tests). */
  apiUrl: string;
  /** `email`: invite the person to the owning organization by email; `none`: staff give access by hand. */
  invite: 'email' | 'none';
}

/** What GitHub made. */
export interface GitHubRepository {
  url: string;
  name: string;
}

/**
 * Creates a private repository on GitHub (REST: `POST /orgs/{org}/repos`, or `POST /user/repos` when
 * the owner is the token's own user account) and, when configured, invites the person to the
 * organization by email (`POST /orgs/{org}/invitations`; GitHub invites by email only into
 * organizations, so a user-owned repository gets no invitation).
 * @param name the repository name to use.
 * @returns the repository's web address and name.
 * @throws the Octokit RequestError when GitHub refuses (e.g. 422 name taken, 401 bad token).
 */
export async function createGitHubRepository(
  options: GitHubOptions,
  input: { name: string; description: string; userEmail: string | null },
): Promise<GitHubRepository> {
  const octokit = new Octokit({ auth: options.token, baseUrl: options.apiUrl, userAgent: 'unstuck' });
  const { data: owner } = await octokit.rest.users.getByUsername({ username: options.owner });
  const isOrganization = owner.type === 'Organization';
  const settings = { name: input.name, description: input.description.slice(0, 350), private: true, auto_init: false };
  const { data: repository } = isOrganization
    ? await octokit.rest.repos.createInOrg({ org: options.owner, ...settings })
    : await octokit.rest.repos.createForAuthenticatedUser(settings);
  if (isOrganization && options.invite === 'email' && input.userEmail) {
    await octokit.rest.orgs.createInvitation({ org: options.owner, email: input.userEmail, role: 'direct_member' });
  }
  return { url: repository.html_url, name: repository.full_name };
}
