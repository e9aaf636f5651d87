import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createEmbeddedOp, type EmbeddedOp } from './embedded-op/embedded-op.ts';
import { configuredProviders, embeddedProviderEnabled, type IdentityProvider } from './identity-providers.ts';
import type { RelyingParty } from './relying-party.ts';

/** The identity providers this server signs people in with. */
export interface IdentityRegistry {
  /** The providers available now (the embedded one once it has started). */
  list(): IdentityProvider[];
  /** @returns the provider with this id, or undefined when unknown or not enabled here. */
  find(id: string): IdentityProvider | undefined;
  /** The embedded development provider, or null when it does not run (see README "Configuration"). */
  embedded: EmbeddedOp | null;
}

/**
 * What signing in needs besides AppDeps: the auth module's own services, built by deps.ts and given to
 * the auth and health routes by app.ts. They are not in AppDeps, which imports no module
 * (docs/decisions/079-no-hidden-cycles.md).
 */
export interface SignInProviders {
  /** The identity providers people sign in with (configured ones, or the embedded one). */
  identity: IdentityRegistry;
  /** Our OpenID Connect client side, shared by every provider. */
  relyingParty: RelyingParty;
}

/** Builds the registry from the configuration: the configured providers, or the embedded one. */
export function createIdentityRegistry(config: Config, db: Db): IdentityRegistry {
  const configured = configuredProviders(config);
  const embedded = embeddedProviderEnabled(config) ? createEmbeddedOp({ db, config }) : null;
  const list = () => {
    const dev = embedded?.running?.identityProvider;
    return dev ? [...configured, dev] : configured;
  };
  return { list, find: (id) => list().find((provider) => provider.id === id), embedded };
}
